import { expect, test } from '@playwright/test';
import { finance } from '../support/finance';
import { loginAs, type Account } from '../support/portal';

const SENIOR: Account = { login: 'senior', password: 'Student1' };

/** How many Intl date and number formatters each document of the page made. */
declare global {
  interface Window {
    lmsIntlMade?: { DateTimeFormat: number; NumberFormat: number };
  }
}

test("a phone in another zone reads the transcript's dates and GPA as the university writes them, with no Intl formatter made", async ({
  browser,
}) => {
  // The device says New York; the university is in Bishkek.
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    timezoneId: 'America/New_York',
  });
  await context.addInitScript(() => {
    const made = { DateTimeFormat: 0, NumberFormat: 0 };
    window.lmsIntlMade = made;
    for (const name of ['DateTimeFormat', 'NumberFormat'] as const) {
      const counted = new Proxy(Intl[name], {
        construct(target, args) {
          made[name] += 1;
          return Reflect.construct(target, args) as object;
        },
        apply(target, self, args) {
          made[name] += 1;
          return Reflect.apply(target, self, args) as unknown;
        },
      });
      Object.defineProperty(Intl, name, { value: counted, configurable: true, writable: true });
    }
  });
  const page = await context.newPage();
  await loginAs(page, SENIOR);
  await page.goto('/lms/transcript');
  const root = finance(page);
  await expect(root.getByRole('heading', { name: 'Транскрипт', level: 1 })).toBeVisible();
  // The date of birth and the GPA, in the portal's Russian forms.
  await expect(root.getByText('14.03.2006', { exact: true })).toBeVisible();
  await expect(root.getByText('2,80', { exact: true })).toBeVisible();
  // Written from the page's offsets of the university's zone and by the kit's own arithmetic.
  expect(await page.evaluate(() => window.lmsIntlMade)).toEqual({
    DateTimeFormat: 0,
    NumberFormat: 0,
  });
  await context.close();
});
