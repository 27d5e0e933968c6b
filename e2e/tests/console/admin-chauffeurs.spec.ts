import type { APIRequestContext, Page, PlaywrightWorkerArgs, TestInfo } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { formatNewYorkDayShort, MfaEnrolResponseSchema } from '@app/shared';
import { expect, test } from '../../fixtures.ts';
import { WORKER_OWNERS } from '../../owners.ts';
import {
  expectToast,
  field,
  registerAccount,
  uniqueEmail,
  waitForResetPath,
} from '../account-helpers.ts';
import { freshTotp, holdChauffeursTurn, pressUntilFocused } from '../admin-helpers.ts';
import { csrfHeaders } from '../booking-helpers.ts';

/*
 * The Chauffeurs area at 1440 and 390 px, by keyboard, with axe on each state: the empty list,
 * the form's checks beside each field, a chauffeur added (the invitation emailed; once they set
 * their password and authenticator through it, listed as Ready), the two addresses the server
 * refuses (an owner's, an account that never confirmed its address), and a removal asked in a
 * dialog (Escape keeps them; removed, they are signed out). The list is the whole business's:
 * the two projects, and any other spec that adds chauffeurs (the day sheet's), take turns at it
 * (`holdChauffeursTurn`), each with addresses of its own, and remove what they added, so each
 * finds it empty.
 */

test.describe.configure({ mode: 'serial', timeout: 60_000 });

const EMPTY_TEXT = /^No chauffeurs yet\./;
const PASSWORD = 'Chauffeur#Drive2026';

/** The addresses this project added (removed at the end whatever happened). */
const added: string[] = [];
/** The chauffeur added by keyboard, and their signed-in session, for the removal. */
let dana: { name: string; email: string; phone: string } | undefined;
let danaSession: Awaited<ReturnType<APIRequestContext['storageState']>> | undefined;
/** Dana's authenticator, and the last time step a code was taken for (each is taken once). */
let danaFactor: { secret: string; step: number } | undefined;

holdChauffeursTurn(added);

function newChauffeur(testInfo: TestInfo, first: string) {
  const email = uniqueEmail(`chauffeur-${testInfo.project.name}`);
  added.push(email);
  return { name: `${first} Driver`, email, phone: '617-555-0142' };
}

async function openChauffeurs(page: Page) {
  await page.goto('/admin/chauffeurs');
  await expect(page.getByRole('heading', { level: 1, name: 'Chauffeurs' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Your chauffeurs' })).toBeVisible();
}

const form = (page: Page) => page.getByRole('form', { name: 'Add a chauffeur' });
const list = (page: Page) => page.getByRole('region', { name: 'Your chauffeurs' });
const card = (page: Page, name: string) => list(page).getByRole('article', { name });

/** Types into the form from the keyboard: from the top of the main area, Tab to Name. */
async function typeChauffeur(page: Page, values: { name: string; email: string; phone: string }) {
  await page.locator('#main').focus();
  await pressUntilFocused(page, 'Tab', field(form(page), 'Name'));
  await page.keyboard.type(values.name);
  await page.keyboard.press('Tab');
  await expect(field(form(page), 'Email')).toBeFocused();
  await page.keyboard.type(values.email);
  await page.keyboard.press('Tab');
  await expect(field(form(page), 'Phone')).toBeFocused();
  await page.keyboard.type(values.phone);
}

/** Sends the form from the keyboard: focus on its button, Enter. */
async function submitByKeyboard(page: Page) {
  await form(page).getByRole('button', { name: 'Add chauffeur' }).focus();
  await page.keyboard.press('Enter');
}

test('an empty list; the form says what is wrong beside each field, the first focused', async ({
  ownerPage: page,
  expectNoA11yViolations,
}) => {
  await openChauffeurs(page);
  await expect(list(page).getByText(EMPTY_TEXT)).toBeVisible();
  await expect(list(page).getByRole('article')).toHaveCount(0);
  await expectNoA11yViolations();

  await submitByKeyboard(page);
  const name = field(form(page), 'Name');
  await expect(name).toBeFocused();
  for (const label of ['Name', 'Email', 'Phone']) {
    await expect(field(form(page), label)).toHaveAttribute('aria-invalid', 'true');
    await expect(field(form(page), label)).toHaveAccessibleDescription(
      label === 'Phone' ? /All fields are required/ : 'All fields are required',
    );
  }
  await expectNoA11yViolations();

  // Each field's own problem at once; the first at fault (the email) takes focus.
  await name.fill('Dana Driver');
  await field(form(page), 'Email').fill('dana@');
  await field(form(page), 'Phone').fill('555-0142');
  await submitByKeyboard(page);
  await expect(field(form(page), 'Email')).toBeFocused();
  await expect(name).not.toHaveAttribute('aria-invalid');
  await expect(field(form(page), 'Email')).toHaveAccessibleDescription(
    'Please enter a valid email',
  );
  await expect(field(form(page), 'Phone')).toHaveAccessibleDescription(
    '10 digits, e.g. 617-555-0142. Please enter a valid phone number.',
  );
  await expectNoA11yViolations();
  // Nothing was sent.
  await expect(list(page).getByText(EMPTY_TEXT)).toBeVisible();
});

test('added by keyboard: the invitation arrives, and once used the list says Ready', async ({
  ownerPage: page,
  request,
  expectNoA11yViolations,
}, testInfo) => {
  dana = newChauffeur(testInfo, 'Dana');
  await openChauffeurs(page);
  await typeChauffeur(page, dana);
  await page.keyboard.press('Enter');
  await expectToast(
    page,
    `${dana.name} is a chauffeur now: an invitation to set a password is on its way to ${dana.email}.`,
  );
  const danaCard = card(page, dana.name);
  await expect(danaCard).toBeVisible();
  await expect(danaCard.getByText('Invitation sent', { exact: true })).toBeVisible();
  await expect(danaCard.getByRole('link', { name: dana.email })).toHaveAttribute(
    'href',
    `mailto:${dana.email}`,
  );
  await expect(danaCard.getByRole('link', { name: dana.phone })).toHaveAttribute(
    'href',
    'tel:+16175550142',
  );
  await expect(danaCard.locator('time')).toHaveText(formatNewYorkDayShort(new Date()));
  // The form is empty again, for the next one.
  await expect(field(form(page), 'Name')).toHaveValue('');
  await expect(list(page).getByText(EMPTY_TEXT)).toHaveCount(0);
  await expectNoA11yViolations();

  // The invitation's link sets the password; the chauffeur signs in and sets up the
  // authenticator (through the API: the owner's own set-up is the console spec's).
  const token = (await waitForResetPath(dana.email)).split('/').pop();
  const post = async (path: string, data: object) => {
    const response = await request.post(path, { headers: await csrfHeaders(request), data });
    expect(response.status(), `POST ${path}: ${await response.text()}`).toBe(200);
    return (await response.json()) as unknown;
  };
  await post('/api/user/reset-password', { token, newPassword: PASSWORD });
  await page.reload();
  await expect(card(page, dana.name).getByText('Invitation sent', { exact: true })).toBeVisible();
  await post('/api/user/login', { email: dana.email, password: PASSWORD });
  const { secret } = MfaEnrolResponseSchema.parse(await post('/api/admin/mfa/enrol', {}));
  const code = TOTP.generate({ secret: Secret.fromBase32(secret) });
  await post('/api/admin/mfa/confirm', { code });
  danaFactor = { secret, step: Math.floor(Date.now() / 30_000) };
  expect((await request.get('/api/drive/rides')).status()).toBe(200);
  danaSession = await request.storageState();

  await page.reload();
  await expect(card(page, dana.name).getByText('Ready', { exact: true })).toBeVisible();
  await expect(card(page, dana.name)).toContainText('Signed in on1 device');
});

test('an owner’s address and an unconfirmed one are refused, saying why', async ({
  ownerPage: page,
  request,
  expectNoA11yViolations,
}, testInfo) => {
  await openChauffeurs(page);
  const email = field(form(page), 'Email');
  const owner = WORKER_OWNERS[testInfo.parallelIndex] as string;
  await typeChauffeur(page, { name: 'Owner Himself', email: owner, phone: '6175550199' });
  await submitByKeyboard(page);
  const refusal = form(page).getByRole('alert');
  await expect(refusal).toHaveText('This account is an owner: an owner cannot be a chauffeur.');
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(
    'This account is an owner: an owner cannot be a chauffeur.',
  );
  await expectNoA11yViolations();

  // A customer who signed up and never confirmed the address: whoever registered it may not
  // hold it.
  const customer = await registerAccount(request, `unconfirmed-${testInfo.project.name}`);
  added.push(customer.email);
  await email.fill(customer.email);
  await expect(refusal).toHaveCount(0);
  await submitByKeyboard(page);
  await expect(refusal).toContainText('This account never confirmed its email address');
  await expect(refusal).toContainText('"Forgot password"');
  await expect(card(page, customer.name)).toHaveCount(0);
  await expect(list(page).getByRole('article', { name: 'Owner Himself' })).toHaveCount(0);
});

/** Dana's session, kept by the test that signed them in, opens nothing any more. */
async function expectSignedOut(
  playwright: PlaywrightWorkerArgs['playwright'],
  testInfo: TestInfo,
  storageState: NonNullable<typeof danaSession>,
): Promise<void> {
  const driver = await playwright.request.newContext({
    baseURL: testInfo.project.use.baseURL,
    storageState,
  });
  expect((await driver.get('/api/drive/rides')).status()).toBe(401);
  await driver.dispose();
}

test('a lost phone: Sign out everywhere ends their sessions; they can sign in again', async ({
  ownerPage: page,
  playwright,
  expectNoA11yViolations,
}, testInfo) => {
  if (!dana || !danaSession || !danaFactor)
    throw new Error('the chauffeur added earlier is missing');
  const { name } = dana;
  await openChauffeurs(page);
  const signOut = card(page, name).getByRole('button', { name: `Sign out everywhere ${name}` });
  await page.locator('#main').focus();
  await pressUntilFocused(page, 'Tab', signOut);
  await page.keyboard.press('Enter');
  await expectToast(page, `${name} is signed out everywhere: 1 session ended.`);
  await expect(card(page, name)).toContainText('Signed in onNowhere');
  await expect(signOut).toHaveCount(0);
  await expectNoA11yViolations();

  await expectSignedOut(playwright, testInfo, danaSession);

  // Still a chauffeur: the password and a new code sign them in again (for the removal below).
  const again = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const post = async (path: string, data: object) => {
    const response = await again.post(path, { headers: await csrfHeaders(again), data });
    expect(response.status(), `POST ${path}: ${await response.text()}`).toBe(200);
  };
  await post('/api/user/login', { email: dana.email, password: PASSWORD });
  const { code, step } = await freshTotp(page, danaFactor.secret, danaFactor.step);
  await post('/api/admin/mfa/verify', { code });
  danaFactor = { ...danaFactor, step };
  expect((await again.get('/api/drive/rides')).status()).toBe(200);
  danaSession = await again.storageState();
  await again.dispose();
});

test('removing asks first: Escape keeps them; removed, they are signed out', async ({
  ownerPage: page,
  playwright,
  expectNoA11yViolations,
}, testInfo) => {
  if (!dana || !danaSession) throw new Error('the chauffeur added earlier in this file is missing');
  const { name, email } = dana;
  await openChauffeurs(page);
  const remove = card(page, name).getByRole('button', { name: `Remove ${name}` });
  await page.locator('#main').focus();
  await pressUntilFocused(page, 'Tab', remove);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Remove ${name} as a chauffeur?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('signed out on every device');
  await expect(dialog).toContainText('Their coming rides lose them');
  await expect(dialog).toContainText("becomes a customer's again");
  // Focus starts on keeping them.
  await expect(dialog.getByRole('button', { name: `Keep ${name}` })).toBeFocused();
  await expectNoA11yViolations();

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(remove).toBeFocused();
  await expect(card(page, name)).toBeVisible();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await pressUntilFocused(page, 'Tab', dialog.getByRole('button', { name: `Remove ${name}` }), 4);
  await page.keyboard.press('Enter');
  await expectToast(
    page,
    `${email} is no longer a chauffeur: signed out, and 0 coming rides have no chauffeur now.`,
  );
  await expect(dialog).toHaveCount(0);
  await expect(card(page, name)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Your chauffeurs' })).toBeFocused();
  await expect(list(page).getByText(EMPTY_TEXT)).toBeVisible();
  await expectNoA11yViolations();

  // Their session, signed in by the test before, has ended.
  await expectSignedOut(playwright, testInfo, danaSession);
});
