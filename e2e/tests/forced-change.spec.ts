import { expect, test } from '@playwright/test';
import { NEW_STUDENT, loginAs, submitLogin } from '../support/portal';

// newstudent's first login forces a new login and password. The change is permanent for the
// server's data folder, which the web server script recreates on every run; no other test uses
// this account, so the suite stays repeatable.
const renamed = { login: 'newstudent2', password: 'Strong2024' };

test('newstudent changes login and password, then signs in with the new ones', async ({ page }) => {
  await submitLogin(page, NEW_STUDENT);
  await expect(page.getByRole('heading', { name: 'Смена логина и пароля' })).toBeVisible();

  await page.getByLabel('Новый логин', { exact: true }).fill(renamed.login);
  await page.getByLabel('Новый пароль', { exact: true }).fill(renamed.password);
  await page.getByLabel('Подтвердите пароль', { exact: true }).fill('Strong2025');
  await page.getByRole('button', { name: 'Обновить' }).click();
  await expect(page.getByText('Пароли не совпадают').first()).toBeVisible();

  await page.getByLabel('Подтвердите пароль', { exact: true }).fill(renamed.password);
  await page.getByRole('button', { name: 'Обновить' }).click();
  await expect(page).toHaveURL(/\/lms\/?$/);
  // The server's confirmation (it contains 'изменены') is shown as a notification.
  await expect(page.getByText(/изменены/i)).toBeVisible();

  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/lms\/login$/);

  await submitLogin(page, NEW_STUDENT);
  await expect(page.getByRole('alert')).toContainText('Неверное имя пользователя или пароль');

  await loginAs(page, renamed);
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
});
