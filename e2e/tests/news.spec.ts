import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { STUDENT, TEACHER, loginAs, remoteRoot, type Account } from '../support/portal';

// These tests post and delete news, and one counts the student's whole feed: one at a time.
test.describe.configure({ mode: 'serial' });

/** A unique text, so each test finds its own items among the seeded ones. */
const unique = (label: string) => `${label} ${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

async function openNews(browser: Browser, account: Account): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, account);
  await page.goto('/lms/news');
  await expect(feed(page).getByRole('article').first()).toBeVisible();
  return page;
}

const feed = (page: Page) => page.getByRole('main').locator('[data-remote="news"]');
const composeForm = (page: Page) => feed(page).getByRole('form', { name: 'Опубликовать новость' });
const article = (page: Page, text: string) =>
  feed(page).getByRole('article').filter({ hasText: text });

async function post(
  page: Page,
  message: string,
  audience: 'Всем' | 'Преподавателям' | 'Студентам',
  files: { name: string; mimeType: string; buffer: Buffer }[] = [],
): Promise<void> {
  const form = composeForm(page);
  await form.getByLabel('Текст новости').fill(message);
  await form.getByLabel('Кому').selectOption({ label: audience });
  if (files.length > 0) await form.getByLabel('Прикрепить файлы').setInputFiles(files);
  await form.getByRole('button', { name: 'Опубликовать' }).click();
  await expect(article(page, message)).toBeVisible();
  await expect(page.getByText('Новость опубликована', { exact: true })).toBeVisible();
}

test('a teacher posts news with a file for students; a student downloads it byte-identical', async ({
  browser,
}) => {
  // Two people, two sign-ins, an upload and a download: more than 30 s on a busy machine.
  test.slow();
  const teacher = await openNews(browser, TEACHER);
  const message = unique('Студентам: материалы к экзамену');
  // Bytes of every value, so any re-encoding on the way would show.
  const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 131 + 7) % 256));
  const fileName = 'Материалы к экзамену по базам данных.pdf';
  await post(teacher, message, 'Студентам', [
    { name: fileName, mimeType: 'application/pdf', buffer: bytes },
  ]);
  // The link shows the whole name (cut by CSS on a narrow screen) and is named by it.
  await expect(article(teacher, message).getByTitle(fileName)).toContainText(fileName);

  const student = await openNews(browser, STUDENT);
  const item = article(student, message);
  await expect(item).toBeVisible();
  const downloadPromise = student.waitForEvent('download');
  await item.getByRole('link', { name: fileName }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(fileName);
  const received = await readFile(await download.path());
  expect(received.equals(bytes)).toBe(true);
  await teacher.context().close();
  await student.context().close();
});

test('an item for teachers only is invisible to the student', async ({ browser }) => {
  // A teacher posts, then a student signs in: two sessions in one journey.
  test.slow();
  const teacher = await openNews(browser, TEACHER);
  const message = unique('Только преподавателям: заседание кафедры');
  await post(teacher, message, 'Преподавателям');

  const student = await openNews(browser, STUDENT);
  await expect(feed(student).getByRole('article').first()).toBeVisible();
  await expect(article(student, message)).toHaveCount(0);
  // Not hidden by the page: the server does not send it.
  const page1 = await student.request.post('/lms/api/news/data.json', {
    data: { page: 1 },
    headers: { 'X-XSRF-TOKEN': await xsrfToken(student) },
  });
  expect(JSON.stringify(await page1.json())).not.toContain(message);
  await teacher.context().close();
  await student.context().close();
});

test('"load more" fetches the next pages and disappears at the end', async ({ browser }) => {
  const student = await openNews(browser, STUDENT);
  const articles = feed(student).getByRole('article');
  await expect(articles).toHaveCount(10);
  const more = feed(student).getByRole('button', { name: 'Загрузить ещё' });
  let shown = 10;
  while ((await more.count()) > 0) {
    await more.click();
    await expect.poll(() => articles.count()).toBeGreaterThan(shown);
    shown = await articles.count();
  }
  await expect(more).toHaveCount(0);
  expect(await articles.count()).toBeGreaterThan(20);
  // Newest first across the pages.
  const times = await articles
    .locator('time')
    .evaluateAll((nodes) => nodes.map((node) => Date.parse(node.getAttribute('datetime') ?? '')));
  expect(times).toEqual([...times].sort((a, b) => b - a));
  await student.context().close();
});

test('a teacher deletes an item after the confirmation', async ({ browser }) => {
  const teacher = await openNews(browser, TEACHER);
  const message = unique('Удаляемое объявление');
  await post(teacher, message, 'Всем');
  const item = article(teacher, message);
  const id = await item.getAttribute('data-news-id');
  // The item's icons are a tap on a phone: 40 px at least each way.
  for (const icon of [item.getByTitle('Изменить текст'), item.getByTitle('Удалить?')]) {
    const box = await icon.boundingBox();
    expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(40);
  }

  await item.getByTitle('Удалить?').click();
  const dialog = teacher.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Отмена' }).click();
  await expect(item).toBeVisible();

  await item.getByTitle('Удалить?').click();
  await teacher.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
  await expect(teacher.getByText(`Новость № ${id} удалена`)).toBeVisible();
  await expect(article(teacher, message)).toHaveCount(0);
  await teacher.context().close();
});

test('a student sees no compose form and the API refuses their insert', async ({ browser }) => {
  const student = await openNews(browser, STUDENT);
  await expect(composeForm(student)).toHaveCount(0);
  await expect(feed(student).getByTitle('Удалить?')).toHaveCount(0);
  const response = await student.request.post('/lms/api/news/insert.json', {
    multipart: { message: 'Студент пишет новость', audience: 'all' },
    headers: { 'X-XSRF-TOKEN': await xsrfToken(student) },
  });
  expect(response.status()).toBe(403);
  expect((await response.json()) as unknown).toEqual({
    result: true,
    error: 'Нет права публиковать и удалять новости',
    data: null,
  });
  await student.context().close();
});

test('the home pane shows the feed, its version only for tests and QA', async ({ page }) => {
  await loginAs(page, STUDENT);
  const pane = remoteRoot(page, 'news');
  await expect(pane.getByRole('heading', { level: 1, name: 'Лента новостей' })).toBeVisible();
  await expect(pane.getByRole('article').first()).toBeVisible();
  await expect(pane).toHaveAttribute('data-remote-version', /\S+/);
  await expect(pane).not.toContainText('Версия');
});

test('an English reader sees news dates day first with the month named', async ({ page }) => {
  await loginAs(page, STUDENT);
  await page
    .getByRole('group', { name: 'Язык интерфейса' })
    .getByText('Eng', { exact: true })
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto('/lms/news');
  const dates = feed(page).getByRole('article').locator('time');
  await expect(dates.first()).toBeVisible();
  // '24 Nov 2026, 20:46': never '11/24/26' nor '24/11/26'.
  for (const date of await dates.all()) {
    await expect(date).toHaveText(/^\d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the feed fits the screen: attachment names are cut, not widening the page, and easy to tap', async ({
    page,
  }) => {
    await loginAs(page, STUDENT);
    await page.goto('/lms/news');
    const links = feed(page)
      .getByRole('article')
      .getByRole('link', { name: /\.\w+$/ });
    await expect(links.first()).toBeVisible();
    // A phone widens its layout to fit what is too wide: the page must stay 375 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    for (const link of await links.all()) {
      const box = await link.boundingBox();
      if (box) expect(box.x + box.width).toBeLessThanOrEqual(375);
      // A thumb taps it: 40 px high at least.
      if (box) expect(box.height).toBeGreaterThanOrEqual(40);
    }
  });
});

async function xsrfToken(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  if (!cookie) throw new Error('no XSRF-TOKEN cookie');
  return cookie.value;
}
