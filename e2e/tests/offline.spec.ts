import { expect, test } from '@playwright/test';
import { STUDENT, loginAs } from '../support/portal';

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
