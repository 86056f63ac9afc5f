import { expect, test } from '@playwright/test';
import { checkScreensOf } from '../support/a11y';
import { expectNoAxeViolations } from '../support/axe';

test('the sign-in page has no accessibility violations', async ({ page }) => {
  await page.goto('/lms/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page, `/lms/login, ${colorScheme}`);
  }
});

checkScreensOf('student');
