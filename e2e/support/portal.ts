import { expect, type Page } from '@playwright/test';

export interface Account {
  login: string;
  password: string;
}

/** Demo accounts of the seed (README). newstudent is only used by the forced-change test. */
export const STUDENT: Account = { login: 'student', password: 'Student1' };
export const TEACHER: Account = { login: 'teacher', password: 'Teacher1' };
export const NEW_STUDENT: Account = { login: 'newstudent', password: '12345' };

/** The authenticated shell's grid (desktop or mobile), present once the session is known. */
export const shellGrid = (page: Page) => page.locator('[data-layout]');

/** The root element of a remote's exposed module (each carries data-remote="<name>"). */
export const remoteRoot = (page: Page, remote: string) => page.locator(`[data-remote="${remote}"]`);

/** Fills and submits the portal's login form (Russian interface). */
export async function submitLogin(page: Page, { login, password }: Account): Promise<void> {
  await page.goto('/lms/login');
  await page.getByLabel('Логин', { exact: true }).fill(login);
  // exact: the show/hide toggle's label ('Показать пароль') contains the word too.
  await page.getByLabel('Пароль', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
}

/** Logs in through the UI and waits for the shell at /lms. */
export async function loginAs(page: Page, account: Account): Promise<void> {
  await submitLogin(page, account);
  await expect(page).toHaveURL(/\/lms\/?$/);
  await expect(shellGrid(page)).toBeVisible();
}
