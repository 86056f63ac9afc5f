import { expect, test } from '@playwright/test';
import {
  STUDENT,
  TEACHER,
  holdFirstSessionCheck,
  keepTheAppAway,
  loginAs,
  shellGrid,
  submitLogin,
} from '../support/portal';

test.describe('sign-in and sign-out', () => {
  test('a student signs in and lands on /lms', async ({ page }) => {
    await loginAs(page, STUDENT);
    await expect(page).toHaveTitle('Главная страница | портал');
    await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
    await expect(page.getByText('Студент', { exact: true })).toBeVisible();
  });

  test('a session check sent on load and answered after the sign-in does not undo it', async ({
    page,
  }) => {
    // A slow phone that signed in before (its token flag kept, its session ended): the app asks
    // who is signed in as it loads (nobody: 401), the user signs in, and only then does that
    // first answer arrive. (A browser that never signed in asks nothing.)
    await page.addInitScript(() => {
      if (localStorage.getItem('token') === null) localStorage.setItem('token', 'earlier');
    });
    const check = await holdFirstSessionCheck(page, 'server');
    await loginAs(page, STUDENT);
    check.release();
    await check.answered;
    await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
    await expect(page).toHaveURL(/\/lms\/?$/);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
  });

  test('"sign in" pressed on the prerendered screen as the app arrives is not lost', async ({
    page,
  }) => {
    // The app's scripts are held: only the boot script's prerendered screen is there.
    const app = await keepTheAppAway(page, 'held');
    // Not waiting for the load event: the held scripts are what it waits for.
    await page.goto('/lms/login', { waitUntil: 'commit' });
    await expect(page.locator('html')).toHaveAttribute('data-prerendered', 'login');
    await page.getByLabel('Логин', { exact: true }).fill(STUDENT.login);
    await page.getByLabel('Пароль', { exact: true }).fill(STUDENT.password);
    const button = await page.getByRole('button', { name: 'Войти' }).boundingBox();
    if (!button) throw new Error('the prerendered "Войти" has no box');
    // The press goes down on the static button; the app arrives and mounts before it comes up.
    await page.mouse.move(button.x + button.width / 2, button.y + button.height / 2);
    await page.mouse.down();
    await app.letIn();
    // Released as soon as the app's form is there (the app waits up to PRESS_WAIT_MS for it):
    // waitFor watches the page, where expect's retries back off to a second between looks.
    await page.locator('#root form').waitFor({ state: 'attached' });
    await page.mouse.up();
    await expect(page).toHaveURL(/\/lms\/?$/);
    await expect(shellGrid(page)).toBeVisible();
  });

  test('a teacher signs in and lands on /lms', async ({ page }) => {
    await loginAs(page, TEACHER);
    // In the profile pane: news items show their authors' role text too.
    await expect(
      page.getByRole('region', { name: 'Профиль' }).getByText('Преподаватель', { exact: true }),
    ).toBeVisible();
  });

  test('a wrong password is refused with the spec message', async ({ page }) => {
    await submitLogin(page, { login: STUDENT.login, password: 'WrongPassword1' });
    await expect(page.getByRole('alert')).toContainText('Неверное имя пользователя или пароль');
    await expect(page).toHaveURL(/\/lms\/login$/);
  });

  test('without a session /lms goes to the login page', async ({ page }) => {
    await page.goto('/lms');
    await expect(page).toHaveURL(/\/lms\/login$/);
    await expect(page.getByRole('heading', { name: 'Вход в портал' })).toBeVisible();
  });

  test('logout returns to the login page and the session is gone', async ({ page }) => {
    await loginAs(page, STUDENT);
    await page.getByRole('button', { name: 'Выйти' }).click();
    await expect(page).toHaveURL(/\/lms\/login$/);
    await expect(page.getByRole('heading', { name: 'Вход в портал' })).toBeVisible();

    await page.goto('/lms');
    await expect(page).toHaveURL(/\/lms\/login$/);
    await expect(shellGrid(page)).toHaveCount(0);
  });
});
