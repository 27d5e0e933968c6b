// My Profile: viewing and editing the signed-in customer’s details.
import { MESSAGES } from '@app/shared';
import { expect, test } from '../../fixtures.ts';
import {
  exactly,
  expectToast,
  field,
  holdRequest,
  logIn,
  nextMessage,
  registerAccount,
} from '../account-helpers.ts';

// Each test walks a whole screen with several axe runs: more than the default 30 s on a busy CI.
test.describe.configure({ timeout: 60_000 });

test.describe('my profile', () => {
  test('view mode, Edit, required fields, Save Update and back to view mode', async ({
    page,
    request,
    expectNoA11yViolations,
  }) => {
    const account = await registerAccount(request, 'profile');
    await logIn(page, account);
    await page.goto('/my-profile');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'My Profile', exact: true })).toBeVisible();

    // View mode: the details as text, an Edit button, no form fields.
    await expect(main.getByText(account.email).first()).toBeVisible();
    await expect(main.getByText(account.name).first()).toBeVisible();
    await expect(main.getByRole('textbox')).toHaveCount(0);
    const edit = main.getByRole('button', { name: 'Edit', exact: true });
    await expect(edit).toBeVisible();
    await expectNoA11yViolations();

    // Edit mode.
    await edit.click();
    const save = main.getByRole('button', { name: 'Save Update', exact: true });
    await expect(save).toBeVisible();
    await expect(edit).toHaveCount(0);
    const control = (label: string) => field(main, label);
    const email = control('Email');
    await expect(email).toHaveValue(account.email);
    await expect(email, 'email is read-only').not.toBeEditable();
    await expect(control('Full name')).toHaveValue(account.name);

    const gender = main.getByRole('combobox', { name: 'Gender' });
    await expect(gender.getByRole('option')).toHaveText(['Not Selected', 'Male', 'Female']);
    // Fields are marked required (the marker is for sight, aria-required for everyone).
    for (const label of ['Full name', 'Address', 'Phone', 'Date of birth']) {
      await expect(control(label), `${label} required`).toHaveAttribute('aria-required', 'true');
    }
    await expectNoA11yViolations();

    await control('Full name').fill('Morgan Updated');
    await control('Address').fill('12 Elm Street, Norwood, MA');
    await control('Phone').fill('617-555-0188');
    await gender.selectOption('Female');
    await control('Date of birth').fill('1990-03-05');

    // Clearing a required field: All fields are required, and nothing is saved.
    await control('Address').fill('');
    await save.click();
    await expectToast(page, MESSAGES.allFieldsRequired);
    await expect(save).toBeVisible();
    await control('Address').fill('12 Elm Street, Norwood, MA');

    // Busy state: disabled and Please wait... while the call runs.
    const release = await holdRequest(page, '/api/user/update-profile');
    const saved = nextMessage(page, '/api/user/update-profile', () => save.click());
    const busy = main.getByRole('button', { name: 'Please wait...', exact: true });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    release();
    const { status, message } = await saved;
    expect(status).toBe(200);
    await expectToast(page, message);

    // Back to view mode with the new values, and they survive a reload.
    const expectSaved = async () => {
      await expect(main.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
      await expect(main.getByRole('button', { name: 'Save Update' })).toHaveCount(0);
      for (const text of [
        'Morgan Updated',
        '12 Elm Street, Norwood, MA',
        '617-555-0188',
        'Female',
        'March 5, 1990',
      ]) {
        await expect(main.getByText(exactly(text)).first(), text).toBeVisible();
      }
    };
    await expectSaved();
    await page.reload();
    await expectSaved();
  });
});
