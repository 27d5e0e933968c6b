// Send Feedback: the signed-in customer’s feedback form.
import { MESSAGES } from '@app/shared';
import { expect, test } from '../../fixtures.ts';
import { dismissToasts, expectToast, logIn, registerAccount } from '../account-helpers.ts';

// Each test walks a whole screen with several axe runs: more than the default 30 s on a busy CI.
test.describe.configure({ timeout: 60_000 });

test.describe('feedback', () => {
  test('blank check, counter, stars and mood by keyboard, anonymous, thanks', async ({
    page,
    request,
    isMobile,
    expectNoA11yViolations,
  }) => {
    const account = await registerAccount(request, 'feedback');
    await logIn(page, account);
    await page.goto('/feedback');
    const main = page.getByRole('main');
    const message = main.getByRole('textbox');
    await expect(message).toHaveCount(1);
    const counter = main.getByText(/^\s*\d+\/2000\s*$/);
    await expect(counter).toHaveText('0/2000');
    await expectNoA11yViolations();

    const send = main.getByRole('button', { name: 'Send Feedback', exact: true });
    // Blank and whitespace-only are both refused.
    await send.click();
    await expectToast(page, MESSAGES.feedbackRequired);
    await message.fill('   ');
    await dismissToasts(page);
    await send.click();
    await expectToast(page, MESSAGES.feedbackRequired);

    // The counter follows the text, and stops at 2000.
    await message.fill('x'.repeat(2010));
    await expect(counter).toHaveText('2000/2000');
    const text = 'Driver was on time and the car was spotless.';
    await message.fill(text);
    await expect(counter).toHaveText(`${text.length}/2000`);

    const star = (n: number) =>
      main.getByRole('radio', { name: n === 1 ? '1 star' : `${n} stars` });
    for (const n of [1, 2, 3, 4, 5]) await expect(star(n)).toBeAttached();
    const mood = (name: string) => main.getByRole('radio', { name, exact: true });

    // Stars by keyboard: Tab from the message into the group, Space picks, arrows move.
    await message.focus();
    await page.keyboard.press('Tab');
    await expect(star(1)).toBeFocused();
    await page.keyboard.press('Space');
    await expect(star(1)).toBeChecked();
    for (const n of [2, 3, 4, 5]) {
      await page.keyboard.press('ArrowRight');
      await expect(star(n)).toBeChecked();
    }
    await page.keyboard.press('ArrowLeft');
    await expect(star(4)).toBeChecked();
    await expect(star(5)).not.toBeChecked();

    // Mood: sad, neutral, happy, by keyboard too.
    await page.keyboard.press('Tab');
    await expect(mood('Sad')).toBeFocused();
    await page.keyboard.press('Space');
    await expect(mood('Sad')).toBeChecked();
    await page.keyboard.press('ArrowRight');
    await expect(mood('Neutral')).toBeChecked();
    await page.keyboard.press('ArrowRight');
    await expect(mood('Happy')).toBeChecked();

    // The anonymous checkbox.
    const anonymous = main.getByRole('checkbox');
    await expect(anonymous).not.toBeChecked();
    await page.keyboard.press('Tab');
    await expect(anonymous).toBeFocused();
    await page.keyboard.press('Space');
    await expect(anonymous).toBeChecked();
    if (!isMobile) await expectNoA11yViolations();

    const [sent] = await Promise.all([
      page.waitForRequest((r) => new URL(r.url()).pathname === '/api/feedback/leave-feedback'),
      send.click(),
    ]);
    expect(sent.postDataJSON()).toEqual({
      feedback: text,
      rating: 4,
      isAnonymous: true,
      emoji: 'happy',
    });
    await expectToast(page, MESSAGES.feedbackThanks);
  });
});
