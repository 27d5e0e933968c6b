import { addDays, businessToday } from '@app/shared';
import { expect, test } from '../../fixtures.ts';
import { pressUntilFocused, seededRides } from '../admin-helpers.ts';

/*
 * A completed ride's bill on the owner's screens, at 390 and 1440 px with axe: Today counts the
 * balances due by payment link and the drafts to send, and lists each under the day's rides as
 * a link to its ride, reached by keyboard; the board's rows and the day by car say each bill's
 * state, the balance due with what the link asks, until paid. Nothing is changed: the runner
 * wrote each project's two rides of fifty days ago with their bills (`owed`,
 * apps/api/src/test/seed-e2e-rides.ts).
 */

test.describe.configure({ timeout: 60_000 });

/** The seeded bills' day, `2026-10-03`, as the board's address takes it. */
function fiftyDaysAgo(): string {
  const { year, month, day } = addDays(businessToday(new Date()), -50);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

test('Today names the balance due and the bill to send, each a link to its ride by keyboard', async ({
  ownerPage: page,
  expectNoA11yViolations,
}, testInfo) => {
  const { draft, due, dueCents } = owedOf(testInfo.project.name);
  const dueLabel = `Balance due (payment link sent): $${(dueCents / 100).toFixed(2)}`;

  await page.goto('/admin/today');
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  const needs = page.getByRole('list', { name: 'Needs you' });
  // Both projects' seeded bills, and any the bill spec left: counted, never fewer than two.
  const dueNote = needs.getByRole('link', { name: /^\d+\+? balances due by payment link$/ });
  const sendNote = needs.getByRole('link', { name: /^\d+\+? bills to send$/ });
  await expect(dueNote).toBeVisible();
  await expect(sendNote).toBeVisible();

  const bills = page.getByRole('region', { name: 'Bills that need you' });
  const dueList = bills.getByRole('list', { name: 'Balances due' });
  const sendList = bills.getByRole('list', { name: 'Bills to review and send' });
  const dueLink = dueList.getByRole('link', { name: new RegExp(`${due.customerName}’s`) });
  const draftLink = sendList.getByRole('link', { name: new RegExp(`${draft.customerName}’s`) });
  await expect(dueLink).toHaveText(
    new RegExp(
      `^${escape(dueLabel)}, ${due.customerName}’s ${due.slotTime} ride on .+ \\(${due.carName}\\)$`,
    ),
  );
  await expect(draftLink).toContainText('Bill to send');
  await expect(draftLink).not.toContainText('Balance due');
  // Each is listed in one place only.
  await expect(sendList.getByText(due.customerName)).toHaveCount(0);
  await expect(dueList.getByText(draft.customerName)).toHaveCount(0);
  await expectNoA11yViolations();

  // By keyboard: the note moves to its list, whose rides open from there.
  await pressUntilFocused(page, 'Tab', dueNote);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#balances-due$/);
  const dueHeading = bills.getByRole('heading', { level: 3, name: 'Balances due' });
  await expect(dueHeading).toBeInViewport();
  await expect(dueHeading).toBeFocused();
  await pressUntilFocused(page, 'Tab', dueLink, 60);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/admin/rides?ride=${due.id}`);
  const panel = page.getByRole('region', { name: 'Bill', exact: true });
  await expect(panel.getByRole('status')).toHaveText('Balance due (payment link sent)');
  await expectNoA11yViolations();

  await page.goto('/admin/today#bills-to-send');
  await pressUntilFocused(page, 'Tab', draftLink, 80);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/admin/rides?ride=${draft.id}`);
  await expect(panel.getByRole('status')).toHaveText('Draft: not sent yet');
});

test('the board says each ride’s bill, the balance due until paid', async ({
  ownerPage: page,
  expectNoA11yViolations,
}, testInfo) => {
  const { draft, due, dueCents } = owedOf(testInfo.project.name);
  const dueLabel = `Balance due (payment link sent): $${(dueCents / 100).toFixed(2)}`;
  const day = fiftyDaysAgo();

  await page.goto(`/admin/rides?from=${day}&to=${day}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Rides' })).toBeVisible();
  const row = (ride: { slotTime: string; carName: string; customerName: string }) =>
    page.getByRole('article', {
      name: `${ride.slotTime} · ${ride.carName} · ${ride.customerName}`,
    });
  await expect(row(due)).toContainText('Completed');
  await expect(row(due)).toContainText(dueLabel);
  await expect(row(draft)).toContainText('Bill to send');
  await expect(row(draft)).not.toContainText('Balance due');
  await expectNoA11yViolations();

  // The ride opens from its row by keyboard.
  const open = row(due)
    .getByRole('link', { name: new RegExp(due.customerName) })
    .first();
  await pressUntilFocused(page, 'Tab', open, 80);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`ride=${due.id}`));

  // The day by car says the same in its cells.
  await page.goto(`/admin/rides?view=day&from=${day}`);
  const grid = page.getByRole('region', { name: 'The day by car' });
  const cell = grid
    .getByRole('listitem')
    .filter({ hasText: `${due.slotTime} to` })
    .filter({ hasText: due.customerName.split(' ')[0] ?? '' });
  await expect(cell).toContainText(dueLabel);
  await expect(
    grid.getByRole('listitem').filter({ hasText: `${draft.slotTime} to` }),
  ).toContainText('Bill to send');
  await expectNoA11yViolations();
});

/** This project's seeded rides with bills. */
function owedOf(project: string) {
  const owed = seededRides().owed[project];
  if (!owed) throw new Error(`no bills seeded for ${project}`);
  return owed;
}

/** Text as a literal part of a pattern. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
