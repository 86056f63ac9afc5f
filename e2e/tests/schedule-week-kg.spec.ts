import { expect, test, type Page } from '@playwright/test';
import { STUDENT, TEACHER, loginAs, type Account } from '../support/portal';
import { SCHEDULE_CLOCK_START } from '../support/server';

// The week's parity in Kyrgyz, on a date whose parity is known: the suite's server clock is
// Monday 16 November 2026, ISO week 47, an odd week. In Kyrgyz "так" is odd and "жуп" even.

const journal = (page: Page) => page.getByRole('main').locator('[data-remote="journal"]');

for (const [who, account] of [
  ['student', STUDENT],
  ['teacher', TEACHER],
] as [string, Account][]) {
  test(`in Kyrgyz the ${who}'s week 47 is odd ("так"), its even-week lessons folded as "жуп"`, async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    expect(SCHEDULE_CLOCK_START.slice(0, 10)).toBe('2026-11-16');
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await loginAs(page, account);
    await page.goto('/lms/schedule?lang=kg');
    const root = journal(page);
    await expect(
      root.getByRole('heading', { name: 'Сабактардын жадыбалы', level: 1 }),
    ).toBeVisible();
    const parity = root.getByTestId('week-parity');
    await expect(parity.locator('strong')).toHaveText('Бул жума — так');
    await expect(parity).toContainText('жуп жумалардагы сабактар');
    // What is listed takes place this (odd) week: every-week or odd-week lessons only.
    const listed = root.locator(
      '[data-testid="schedule-lesson"]:not([data-testid="other-week"] *)',
    );
    await expect(listed.first()).toBeVisible();
    await expect(listed.filter({ hasText: 'жуп жумаларда' })).toHaveCount(0);
    // What is folded away is of the even weeks, and says so.
    const folded = root.getByTestId('other-week');
    const summaries = await folded.locator('summary').allTextContents();
    for (const summary of summaries) {
      expect(summary).toMatch(/^Жуп жумаларда, бул жумада эмес: \d+$/);
    }
    const badges = await folded.getByTestId('schedule-lesson').allTextContents();
    expect(badges.filter((text) => !text.includes('жуп жумаларда'))).toEqual([]);
    await context.close();
  });
}
