import { expect, test } from '@playwright/test';
import { STUDENT, loginAs, remoteRoot } from '../support/portal';

test.describe('preferences survive a reload', () => {
  test('language switch Кыр / Рус / Eng', async ({ page }) => {
    await loginAs(page, STUDENT);
    const languages = page.getByRole('group', { name: 'Язык интерфейса' });

    await languages.getByText('Eng', { exact: true }).click();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle('main page | portal');
    // Remotes translate with the same i18n instance.
    await expect(
      remoteRoot(page, 'news').getByRole('heading', { name: 'News feed' }),
    ).toBeVisible();
    const english = page.getByRole('group', { name: 'Interface language' });
    await expect(english.getByText('Eng', { exact: true })).toHaveAttribute('aria-pressed', 'true');

    await english.getByText('Кыр', { exact: true }).click();
    await expect(page.getByRole('button', { name: 'Чыгуу' })).toBeVisible();
    await expect(
      remoteRoot(page, 'news').getByRole('heading', { name: 'Жаңылыктар тасмасы' }),
    ).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Чыгуу' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ky');
  });

  test('dark mode', async ({ page }) => {
    await loginAs(page, STUDENT);
    const html = page.locator('html');
    const toggle = page.getByRole('switch', { name: 'Тёмная тема' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');

    await toggle.click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expect(toggle).toHaveAttribute('aria-checked', 'true');

    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('switch', { name: 'Тёмная тема' })).toHaveAttribute(
      'aria-checked',
      'true',
    );

    await page.getByRole('switch', { name: 'Тёмная тема' }).click();
    await expect(html).toHaveAttribute('data-theme', 'light');
  });
});
