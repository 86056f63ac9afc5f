import { expect, test } from '@playwright/test';
import { STUDENT, loginAs, remoteRoot } from '../support/portal';

// Every area route and the remote (and page title) that serves it.
const AREAS = [
  { path: '/lms/news', remote: 'news', title: 'Новости' },
  { path: '/lms/chat', remote: 'chat', title: 'Чат' },
  { path: '/lms/journal', remote: 'journal', title: 'Журнал занятий' },
  { path: '/lms/umk', remote: 'library', title: 'Учебно-методические материалы' },
  { path: '/lms/library', remote: 'library', title: 'Электронная библиотека' },
  { path: '/lms/registration', remote: 'registration', title: 'Регистрация на дисциплины' },
  { path: '/lms/paymentcode', remote: 'finance', title: 'Код оплаты' },
  { path: '/lms/singlewindow', remote: 'finance', title: 'Единое окно' },
  { path: '/lms/transcript', remote: 'finance', title: 'Транскрипт' },
] as const;

// The broken-registry test rewrites the registry the whole server reads: it lives in
// remotes-missing.registry.spec.ts, which runs after every other test.

test('home renders the news feed with the chat panes beside it', async ({ page }) => {
  await loginAs(page, STUDENT);
  await expect(remoteRoot(page, 'news')).toBeVisible();
  await expect(remoteRoot(page, 'chat')).toHaveCount(2);
});

// One area per test: a journey through all of them is nine page loads, too many for one test on
// a busy machine.
for (const area of AREAS) {
  test(`${area.path} renders the ${area.remote} remote inside the shell`, async ({ page }) => {
    await loginAs(page, STUDENT);
    await page.goto(area.path);
    const section = page.getByRole('main').locator(`[data-remote="${area.remote}"]`);
    await expect(section.getByRole('heading', { name: area.title })).toBeVisible();
    await expect(section).toHaveAttribute('data-remote-version', /\d+\.\d+\.\d+/);
    // Every area is built: none says it is still in progress.
    await expect(section).not.toContainText('Раздел в разработке');
  });
}

test('each remote serves its language files at /lms/locales', async ({ request }) => {
  const titles = { kg: 'Жаңылыктар', ru: 'Новости', en: 'News' };
  for (const [lng, title] of Object.entries(titles)) {
    const response = await request.get(`/lms/locales/${lng}/news.json`);
    expect(response.ok()).toBe(true);
    expect(((await response.json()) as { title: string }).title).toBe(title);
  }
  for (const remote of ['chat', 'journal', 'library', 'registration', 'finance']) {
    expect((await request.get(`/lms/locales/kg/${remote}.json`)).ok()).toBe(true);
  }
});
