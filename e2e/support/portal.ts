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

/**
 * Holds the page's first session check (the one the app sends on load, before anyone signed in)
 * until `release` is called, then answers it as `answer` says: with the server's real answer,
 * fetched when the check was sent, or cut off as a lost network would. `answered` resolves once
 * the page has it. For the slow phone whose check comes back after the user signed in.
 */
export async function holdFirstSessionCheck(
  page: Page,
  answer: 'server' | 'network lost',
): Promise<{ release: () => void; answered: Promise<void> }> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let done: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => {
    done = resolve;
  });
  await page.route(
    '**/api/auth/enticate.json',
    async (route) => {
      const response = answer === 'server' ? await route.fetch() : null;
      await held;
      if (response) await route.fulfill({ response });
      else await route.abort('internetdisconnected');
      done();
    },
    { times: 1 },
  );
  return { release, answered };
}
