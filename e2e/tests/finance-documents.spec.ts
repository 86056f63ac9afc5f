import { readFile } from 'node:fs/promises';
import { expect, test, type Browser } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { finance, inDays, orderDocument } from '../support/finance';
import { REGISTRAR, STUDENT, TEACHER, loginAs, type Account } from '../support/portal';

// The demo student's orders build on each other (the list, the registrar's queue): one at a time.
test.describe.configure({ mode: 'serial' });

async function pdfText(path: string): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(await readFile(path)) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

async function signedIn(browser: Browser, account: Account, width?: number) {
  const context = await browser.newContext(
    width ? { viewport: { width, height: 740 } } : undefined,
  );
  const page = await context.newPage();
  await loginAs(page, account);
  return { context, page };
}

test('the student reads the transcript and downloads it as a verifiable PDF', async ({ page }) => {
  await loginAs(page, STUDENT);
  await page.goto('/lms/transcript');
  const root = finance(page);
  await expect(root.getByRole('heading', { name: 'Транскрипт' })).toBeVisible();
  // A decimal comma in Russian, as the PDF writes it too.
  await expect(root.getByTestId('transcript-gpa')).toHaveText(/^\d,\d{2}$/);
  const gpa = (await root.getByTestId('transcript-gpa').textContent()) ?? '';
  await expect(root.getByRole('table').first()).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    root.getByRole('button', { name: 'Скачать PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^transcript-\d+\.pdf$/);
  // Asked again the same day, it is the same document.
  const [again] = await Promise.all([
    page.waitForEvent('download'),
    root.getByRole('button', { name: 'Скачать PDF' }).click(),
  ]);
  expect(again.suggestedFilename()).toBe(download.suggestedFilename());
  const text = await pdfText((await download.path()) ?? '');
  expect(text).toContain('TRANSCRIPT OF RECORDS');
  expect(text).toContain('Жумабаева Айгерим Талантбековна');
  expect(text).toContain(gpa);
  const link = /\/lms\/verify\/[0-9]+-[A-Za-z0-9_-]{22}/.exec(text.replace(/\s/g, ''))?.[0];
  expect(link).toBeTruthy();
  await page.goto(link ?? '');
  await expect(page.getByTestId('verify-status')).toHaveText(/Документ подлинный/);
  await page.goto(`${(link ?? '').slice(0, -2)}xx`);
  await expect(page.getByTestId('verify-status')).toHaveText(/не подтверждён/);
});

test('the student orders a certificate of study and gets its PDF at once', async ({ page }) => {
  await loginAs(page, STUDENT);
  await page.goto('/lms/singlewindow');
  const root = finance(page);
  await expect(root.getByRole('heading', { name: 'Единое окно' })).toBeVisible();
  await root.getByRole('button', { name: 'Заказать' }).click();
  await expect(root.getByRole('alert')).toContainText('Выберите все поля');

  await orderDocument(page, 'Справка с места учёбы', inDays(7));
  await expect(page.getByText('Справка готова')).toBeVisible();
  const row = root
    .getByRole('table')
    .getByRole('row')
    .filter({ hasText: 'Справка с места учёбы' })
    .first();
  await expect(row.getByText('Готов', { exact: true })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('link', { name: 'Скачать PDF' }).click(),
  ]);
  const text = await pdfText((await download.path()) ?? '');
  expect(text).toMatch(/СПРАВКА № \d+/);
  expect(text).toContain('CERTIFICATE OF STUDY');
  expect(text).toContain('Жумабаева Айгерим Талантбековна');
});

test('the student cancels an order only after confirming', async ({ page }) => {
  await loginAs(page, STUDENT);
  await page.goto('/lms/singlewindow');
  const root = finance(page);
  await orderDocument(page, 'Академическая справка', inDays(7));
  await expect(page.getByText('Заказ принят')).toBeVisible();
  const row = () =>
    root.getByRole('table').getByRole('row').filter({ hasText: 'Академическая справка' });
  await expect(row()).toHaveCount(1);
  await row().getByRole('button', { name: 'Отменить' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Отменить заказ «Академическая справка»?');
  await dialog.getByRole('button', { name: 'Не отменять' }).click();
  await expect(row()).toHaveCount(1);
  await row().getByRole('button', { name: 'Отменить' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Отменить заказ' }).click();
  await expect(page.getByText('Заказ отменён.')).toBeVisible();
  // The order stays in the list as cancelled, with nothing left to do on it.
  await expect(row()).toHaveCount(1);
  await expect(row()).toContainText('Отменён');
  await expect(row().getByRole('button', { name: 'Отменить' })).toHaveCount(0);
});

test("the registrar prepares an order and the student's open page shows it without a reload", async ({
  browser,
}) => {
  // Two people signed in side by side, each with their page: twice the loads of one journey.
  test.slow();
  const student = await signedIn(browser, STUDENT);
  await student.page.goto('/lms/singlewindow');
  await orderDocument(student.page, 'Справка для Социального фонда', inDays(7));
  // The seed has an earlier order of the same document: this one is told by its date.
  const shownDate = inDays(7).split('-').reverse().join('.');
  const studentRow = finance(student.page)
    .getByRole('table')
    .getByRole('row')
    .filter({ hasText: 'Справка для Социального фонда' })
    .filter({ hasText: shownDate });
  await expect(studentRow.getByText('Ожидает', { exact: true })).toBeVisible();

  const registrar = await signedIn(browser, REGISTRAR);
  await registrar.page.goto('/lms/singlewindow');
  const queue = finance(registrar.page);
  await expect(queue.getByRole('heading', { name: 'Очередь заказов' })).toBeVisible();
  await queue.getByLabel('Документ', { exact: true }).selectOption({
    label: 'Справка для Социального фонда',
  });
  const queued = queue
    .getByRole('table')
    .getByRole('row')
    .filter({ hasText: 'Жумабаева' })
    .filter({ hasText: shownDate });
  await expect(queued).toHaveCount(1);
  await expect(queued).toContainText(/мин|ч/);
  await queued.getByRole('button', { name: /В работу/ }).click();
  await expect(queued.getByText('Готовится', { exact: true })).toBeVisible();
  await expect(studentRow.getByText('Готовится', { exact: true })).toBeVisible();
  await queued.getByRole('textbox').fill('Готово, кабинет 105');
  await queued.getByRole('button', { name: /Готово/ }).click();

  // The student's page was never reloaded: the status and the comment arrive live.
  await expect(studentRow.getByText('Готов', { exact: true })).toBeVisible();
  await expect(studentRow.getByText('Готово, кабинет 105')).toBeVisible();
  await expect(
    student.page.getByText(
      `Ваш заказ «Справка для Социального фонда» на ${shownDate}: «Готов». Готово, кабинет 105`,
    ),
  ).toBeVisible();
  await student.context.close();
  await registrar.context.close();
});

test('the registrar revokes an issued certificate with a reason after confirming (phone width); its student reads why', async ({
  browser,
}) => {
  // The student's page is open all along: the revocation arrives live.
  const student = await signedIn(browser, STUDENT);
  await student.page.goto('/lms/singlewindow');
  const reason = 'Выдана с ошибкой в дате рождения';
  const revokedRows = finance(student.page)
    .getByRole('table')
    .getByText(`Документ отозван: ${reason}`, { exact: true });
  // An earlier test ordered one: the list has loaded once it shows.
  await expect(
    finance(student.page).getByRole('table').getByText('Справка с места учёбы').first(),
  ).toBeVisible();
  await expect(finance(student.page).locator('table[aria-busy]')).toHaveCount(0);
  const revokedBefore = await revokedRows.count();

  const registrar = await signedIn(browser, REGISTRAR, 375);
  await registrar.page.goto('/lms/singlewindow');
  const queue = finance(registrar.page);
  await queue.getByLabel('Документ', { exact: true }).selectOption({
    label: 'Справка с места учёбы',
  });
  const revoke = queue.getByRole('button', { name: 'Отозвать документ — Жумабаева' });
  // The queue of that document has loaded once a revoke button shows.
  await expect(revoke.first()).toBeVisible();
  await expect(queue.locator('table[aria-busy]')).toHaveCount(0);
  const before = await revoke.count();
  await revoke.first().click();
  // The reason the student will read comes first, then the question.
  await queue
    .getByRole('textbox', { name: /^Причина отзыва «Справка с места учёбы»/ })
    .fill(reason);
  await queue.getByRole('button', { name: 'Отозвать', exact: true }).click();
  const dialog = registrar.page.getByRole('dialog');
  await expect(dialog).toContainText('Это нельзя отменить');
  await dialog.getByRole('button', { name: 'Не отзывать' }).click();
  await expect(queue.getByRole('button', { name: 'Отозвать', exact: true })).toBeVisible();
  await queue.getByRole('button', { name: 'Отозвать', exact: true }).click();
  await registrar.page.getByRole('dialog').getByRole('button', { name: 'Отозвать' }).click();
  await expect(
    registrar.page.getByText(/^Документ «Справка с места учёбы» студента Жумабаева .+ отозван\.$/),
  ).toBeVisible();
  await expect(revoke).toHaveCount(before - 1);
  await expect(
    queue.getByText(`Документ отозван: ${reason}`, { exact: true }).first(),
  ).toBeVisible();
  // The queue scrolls inside its table: the page itself stays within the phone's width.
  expect(
    await registrar.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await registrar.context.close();

  await expect(revokedRows).toHaveCount(revokedBefore + 1);
  await expect(
    student.page.getByText(
      /^Канцелярия отозвала документ по вашему заказу «Справка с места учёбы» на \d\d\.\d\d\.\d{4}\. Причина: Выдана с ошибкой в дате рождения$/,
    ),
  ).toBeVisible();
  await student.context.close();
});

test('phone width: the order form, the list and the transcript fit the screen', async ({
  browser,
}) => {
  const { context, page } = await signedIn(browser, STUDENT, 375);
  await page.goto('/lms/singlewindow');
  const root = finance(page);
  await expect(root.getByLabel('Документ', { exact: true })).toBeVisible();
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.goto('/lms/transcript');
  await expect(finance(page).getByTestId('transcript-gpa')).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await context.close();
});

test('a teacher without the permission sees no queue', async ({ page }) => {
  await loginAs(page, TEACHER);
  // Single window is the students' and the registrars' module: not there for a teacher.
  await expect(page.getByRole('link', { name: 'Заказ справок' })).toHaveCount(0);
  await page.goto('/lms/singlewindow');
  await expect(page.getByRole('main')).toContainText('Страница не найдена');
  await expect(finance(page)).toHaveCount(0);
});
