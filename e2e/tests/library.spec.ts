import { expect, test, type Browser, type Page } from '@playwright/test';
import { STUDENT, TEACHER, loginAs, type Account } from '../support/portal';

// The teacher uploads a book that the student then finds and reads: one at a time.
test.describe.configure({ mode: 'serial' });

const STAMP = Date.now().toString(36);
const BOOK = `Методы оптимизации ${STAMP}`;
const AUTHOR = `Токтосунов Э2Э ${STAMP}`;

const library = (page: Page) => page.getByRole('main').locator('[data-remote="library"]');

async function signIn(
  browser: Browser,
  account: Account,
  path: string,
  viewport = { width: 1280, height: 900 },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await loginAs(page, account);
  await page.goto(path);
  return page;
}

/** A valid PDF of about `size` bytes (a title page and padding in a comment). */
function pdfOf(title: string, size: number): Buffer {
  const head = `%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>\nendobj\n`;
  const padding = `%${'x'.repeat(78)}\n`.repeat(Math.max(0, Math.floor((size - head.length) / 80)));
  const body = `${head}% ${title}\n${padding}`;
  const xref = Buffer.byteLength(body, 'latin1');
  const offsets = [9, body.indexOf('2 0 obj'), body.indexOf('3 0 obj')];
  const table = `xref\n0 4\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  return Buffer.from(
    `${body}${table}trailer\n<< /Size 4 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
    'latin1',
  );
}

test('the teacher uploads a PDF with a visible progress bar', async ({ browser }) => {
  // Two page loads, an upload and its progress: more than 30 s on a busy 2-core machine.
  test.slow();
  const page = await signIn(browser, TEACHER, '/lms/library');
  const root = library(page);
  await expect(root.getByRole('heading', { name: 'Электронная библиотека' })).toBeVisible();
  await root.getByRole('button', { name: 'Добавить книгу' }).click();
  const form = root.getByRole('form', { name: 'Добавить книгу' });
  await form.getByLabel('Название ресурса').fill(BOOK);
  await form.getByLabel('Автор').fill(AUTHOR);
  await form.getByLabel('Количество страниц').fill('300');
  await form.getByLabel('Подкатегория').selectOption({ label: 'Естественные науки / Математика' });
  await form.getByLabel('Аннотация').fill('Линейное программирование и симплекс-метод.');
  await form.locator('input[type="file"]').setInputFiles({
    name: `${BOOK}.pdf`,
    mimeType: 'application/pdf',
    buffer: pdfOf(BOOK, 6 * 1024 * 1024),
  });
  // A slow line (2 MB/s up), so the upload's progress is there to see.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 2 * 1024 * 1024,
  });
  await form.getByRole('button', { name: 'Сохранить' }).click();
  const progress = form.getByRole('progressbar');
  await expect(progress).toBeVisible();
  await expect
    .poll(async () => Number(await progress.getAttribute('aria-valuenow')).valueOf(), {
      timeout: 10_000,
    })
    .toBeGreaterThan(0);
  await expect(page.getByText('Книга сохранена')).toBeVisible({ timeout: 20_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(root.getByRole('rowheader', { name: BOOK })).toBeVisible();
  await page.context().close();
});

test('the student finds it by author and it opens inline in the browser', async ({ browser }) => {
  const page = await signIn(browser, STUDENT, '/lms/library');
  const root = library(page);
  await expect(
    root.getByRole('table', { name: 'Книги' }).getByRole('rowheader').first(),
  ).toBeVisible();
  await root.getByLabel('Поиск').fill(AUTHOR.toUpperCase());
  await root.getByLabel('Искать по').selectOption({ label: 'автору' });
  await root.getByRole('button', { name: 'Найти' }).click();
  await expect(root.getByRole('status')).toHaveText('Найдено 1 файлов');
  await expect(root.getByRole('table', { name: 'Книги' }).getByRole('rowheader')).toHaveCount(1);
  // The file link is named by what it shows: the file's name first.
  const link = root.getByRole('link', { name: `${BOOK}.pdf` });
  await expect(link).toHaveAttribute('target', '_blank');
  const [response] = await Promise.all([
    page.context().waitForEvent('response', (r) => r.url().includes('/library/download.file')),
    link.click(),
  ]);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(response.headers()['content-disposition']).toMatch(/^inline; /);
  expect(response.headers()['accept-ranges']).toBe('bytes');

  // Nothing found: the spec's message and every book.
  await root.getByLabel('Поиск').fill('Несуществующий автор');
  await root.getByRole('button', { name: 'Найти' }).click();
  await expect(root.getByRole('status')).toHaveText(
    /^Поиск по Несуществующий автор не дал результатов, показаны все файлы \(\d+\)$/,
  );
  // A student has no upload or delete.
  await expect(root.getByRole('button', { name: 'Добавить книгу' })).toHaveCount(0);
  await expect(root.getByRole('button', { name: /^Удалить/ })).toHaveCount(0);
  await page.context().close();
});

test('delete asks first, and the list reloads without the book', async ({ browser }) => {
  // A sign-in, the library, a search and two questions before the deletion: past 30 s on a
  // busy 2-core machine (CI).
  test.slow();
  const page = await signIn(browser, TEACHER, '/lms/library');
  const root = library(page);
  await root.getByLabel('Поиск').fill(BOOK);
  await root.getByRole('button', { name: 'Найти' }).click();
  await expect(root.getByRole('status')).toHaveText('Найдено 1 файлов');
  await root.getByRole('button', { name: `Удалить «${BOOK}»` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Удалить книгу «${BOOK}»?`);
  await dialog.getByRole('button', { name: 'Отмена' }).click();
  await expect(root.getByRole('rowheader', { name: BOOK })).toBeVisible();
  await root.getByRole('button', { name: `Удалить «${BOOK}»` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
  await expect(root.getByRole('status')).toHaveText(/не дал результатов/);
  await expect(root.getByRole('rowheader', { name: BOOK })).toHaveCount(0);
  await page.context().close();
});

test('materials on a phone: the student reads their discipline, nothing overflows', async ({
  browser,
}) => {
  const page = await signIn(browser, STUDENT, '/lms/umk', { width: 375, height: 740 });
  const root = library(page);
  await expect(root.getByRole('heading', { name: 'Учебно-методические материалы' })).toBeVisible();
  const items = root.getByRole('table', { name: 'Материалы' }).getByRole('rowheader');
  await expect(items.first()).toBeVisible();
  await expect(root.getByRole('button', { name: /^Удалить/ })).toHaveCount(0);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.goto('/lms/library');
  await expect(
    library(page).getByRole('table', { name: 'Книги' }).getByRole('rowheader').first(),
  ).toBeVisible();
  const libraryOverflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(libraryOverflow).toBeLessThanOrEqual(0);
  await page.context().close();
});
