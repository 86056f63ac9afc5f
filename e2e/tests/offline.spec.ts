import { expect, test } from '@playwright/test';
import { STUDENT, holdFirstSessionCheck, loginAs } from '../support/portal';

test('the offline banner follows the browser network state', async ({ page, context }) => {
  await loginAs(page, STUDENT);
  const banner = page.getByRole('alert').filter({ hasText: 'Нет сети !!!' });
  await expect(banner).toHaveCount(0);

  await context.setOffline(true);
  await expect(banner).toBeVisible();
  // The portal itself stays on screen underneath.
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();

  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
});

test('the network lost while the first session check is out keeps the signed-in portal', async ({
  page,
  context,
}) => {
  // A browser that signed in before (its token flag kept) checks its session on load.
  await page.addInitScript(() => {
    if (localStorage.getItem('token') === null) localStorage.setItem('token', 'earlier');
  });
  const check = await holdFirstSessionCheck(page, 'network lost');
  await loginAs(page, STUDENT);
  await context.setOffline(true);
  check.release();
  await check.answered;
  await expect(page.getByRole('alert').filter({ hasText: 'Нет сети !!!' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
  await expect(page).toHaveURL(/\/lms\/?$/);
  await context.setOffline(false);
});
