// Confirming an account's email address from the link the signup emails.
import {
  EMAIL_VERIFIED_MESSAGE,
  INVALID_VERIFY_LINK_MESSAGE,
  VERIFY_EMAIL_SENT_MESSAGE,
} from '@app/shared';
import { expect, test } from '../../fixtures.ts';
import {
  exactly,
  field,
  nextMessage,
  registerAccount,
  waitForVerifyPath,
} from '../account-helpers.ts';

test.describe.configure({ timeout: 60_000 });

test.describe('confirming an email address', () => {
  test('the emailed link opens a page whose button confirms, once; a used link offers a new one', async ({
    page,
    request,
    expectNoA11yViolations,
  }) => {
    const account = await registerAccount(request, 'verify');
    const path = await waitForVerifyPath(account.email);

    // Opening the link (as a mail scanner would) confirms nothing: the page asks for a press.
    await page.goto(path);
    await page.reload();
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Confirm your email address');
    const confirm = main.getByRole('button', { name: 'Confirm Email', exact: true });
    await expect(confirm).toBeVisible();
    await expectNoA11yViolations();

    const confirmed = await nextMessage(page, '/api/user/verify-email', () => confirm.click());
    expect(confirmed).toEqual({ status: 200, message: EMAIL_VERIFIED_MESSAGE });
    await expect(main.getByText(exactly(EMAIL_VERIFIED_MESSAGE))).toBeVisible();
    await expect(confirm).toHaveCount(0);
    await expect(main.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute(
      'href',
      '/',
    );
    await expectNoA11yViolations();

    // The same link again: refused, with a way to ask for a new one.
    await page.goto(path);
    const again = await nextMessage(page, '/api/user/verify-email', () =>
      main.getByRole('button', { name: 'Confirm Email', exact: true }).click(),
    );
    expect(again).toEqual({ status: 400, message: INVALID_VERIFY_LINK_MESSAGE });
    await expect(
      main.getByRole('alert').filter({ hasText: exactly(INVALID_VERIFY_LINK_MESSAGE) }),
    ).toBeVisible();
    const resend = main.getByRole('region', { name: 'Send a new link' });
    await field(resend, 'Email').fill(account.email);
    const sent = await nextMessage(page, '/api/user/verify-email/resend', () =>
      resend.getByRole('button', { name: 'Send Link', exact: true }).click(),
    );
    expect(sent).toEqual({ status: 200, message: VERIFY_EMAIL_SENT_MESSAGE });
    await expect(resend.getByText(exactly(VERIFY_EMAIL_SENT_MESSAGE))).toBeVisible();
    await expectNoA11yViolations();
  });

  test('a link that was never sent is refused on the page', async ({ page }) => {
    await page.goto(`/verify-email/${'x'.repeat(43)}`);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Confirm Email', exact: true }).click();
    await expect(
      main.getByRole('alert').filter({ hasText: exactly(INVALID_VERIFY_LINK_MESSAGE) }),
    ).toBeVisible();
  });
});
