import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { STUDENT, TEACHER, loginAs, type Account } from '../support/portal';

// The teacher writes marks that the student then reads: one at a time.
test.describe.configure({ mode: 'serial' });

const DISCIPLINE = 'Тестирование программного обеспечения';
const GROUP = 'ПИ-1-25 (вся группа)';
const LESSON_TYPE = 'Лекция';
/** The demo student is in ПИ-1-25. */
const STUDENT_ROW = /^Жумабаева /;

const journal = (page: Page) => page.getByRole('main').locator('[data-remote="journal"]');

async function signIn(
  browser: Browser,
  account: Account,
  viewport = { width: 1280, height: 900 },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await loginAs(page, account);
  await page.goto('/lms/journal');
  await expect(journal(page).getByRole('heading', { name: 'Журнал занятий' })).toBeVisible();
  return page;
}

async function chooseJournal(page: Page): Promise<void> {
  const root = journal(page);
  await expect(
    root.getByLabel('Дисциплина').getByRole('option', { name: DISCIPLINE }),
  ).toBeAttached();
  await root.getByLabel('Дисциплина').selectOption({ label: DISCIPLINE });
  await expect(
    root.getByLabel('Группа или подгруппа').getByRole('option', { name: GROUP }),
  ).toBeAttached();
  await root.getByLabel('Группа или подгруппа').selectOption({ label: GROUP });
  await expect(
    root.getByLabel('Вид занятия').getByRole('option', { name: LESSON_TYPE }),
  ).toBeAttached();
  await root.getByLabel('Вид занятия').selectOption({ label: LESSON_TYPE });
}

/** The student's cells, in lesson order. */
const studentCells = (page: Page) =>
  journal(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: STUDENT_ROW }) })
    .getByRole('button', { name: /\d\d\.\d\d\.\d{4}, .*: / });

/** '…, 18.11.2026, 3-я пара: н/б' → '18.11.2026, 3-я пара'. */
const lessonOf = (label: string) => /(\d\d\.\d\d\.\d{4}, [^:]+):/.exec(label)?.[1] ?? '';

let lessons: string[] = [];

test('a teacher marks an absence and a grade with the keyboard; they are there after a reload', async ({
  browser,
}) => {
  const page = await signIn(browser, TEACHER);
  await chooseJournal(page);
  const cells = studentCells(page);
  await expect(cells.last()).toBeVisible();
  // Two neighbouring lessons the student attended without a grade, the latest such pair.
  const texts = await cells.allTextContents();
  let index = texts.length - 2;
  while (index >= 0 && (texts[index] !== '' || texts[index + 1] !== '')) index -= 1;
  expect(index).toBeGreaterThanOrEqual(0);
  const grade = cells.nth(index);
  const absence = cells.nth(index + 1);
  lessons = [
    lessonOf((await grade.getAttribute('aria-label')) ?? ''),
    lessonOf((await absence.getAttribute('aria-label')) ?? ''),
  ];

  await grade.focus();
  await page.keyboard.press('2');
  await page.keyboard.press('ArrowRight');
  await expect(absence).toBeFocused();
  // 'n' is 'н' on an English layout (Playwright presses only US-keyboard keys).
  await page.keyboard.press('n');
  await expect(grade).toHaveText('2');
  await expect(absence).toHaveText('н/б');
  for (const cell of [grade, absence]) {
    await expect(cell.locator('xpath=ancestor::td').getByText('Сохранено')).toBeAttached();
  }
  // Each cell says it is saved: no notification covers the grid.
  await expect(
    page.getByRole('region', { name: 'Уведомления' }).locator('.lms-ui-toast'),
  ).toHaveCount(0);

  // The reloaded page opens the same journal without choosing it again.
  await page.reload();
  await expect(journal(page).getByLabel('Вид занятия')).toHaveValue(/\d+/);
  await expect(studentCells(page).nth(index)).toHaveText('2');
  await expect(studentCells(page).nth(index + 1)).toHaveText('н/б');
  await page.context().close();
});

test('the student sees the new marks in their own journal', async ({ browser }) => {
  expect(lessons).toHaveLength(2);
  const page = await signIn(browser, STUDENT);
  await journal(page).getByLabel('Дисциплина').selectOption({ label: DISCIPLINE });
  const lecture = journal(page).getByRole('region', { name: LESSON_TYPE, exact: true });
  await expect(lecture.getByRole('row', { name: new RegExp(`^${lessons[0]}`) })).toContainText('2');
  await expect(lecture.getByRole('row', { name: new RegExp(`^${lessons[1]}`) })).toContainText(
    'н/б',
  );
  // Nothing to edit.
  await expect(lecture.getByRole('button')).toHaveCount(0);
  await page.context().close();
});

test('the CSV and Excel exports are real files of the journal', async ({ browser }) => {
  const page = await signIn(browser, TEACHER);
  await chooseJournal(page);
  await expect(studentCells(page).last()).toBeVisible();
  const downloadPromise = page.waitForEvent('download');
  await journal(page).getByRole('link', { name: 'Скачать CSV' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const text = await readFile((await download.path())!, 'utf8');
  expect(text).toContain(';');
  expect(text).toMatch(/Жумабаева/);

  const xlsxPromise = page.waitForEvent('download');
  await journal(page).getByRole('link', { name: 'Скачать Excel' }).click();
  const xlsx = await xlsxPromise;
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await xlsx.path())!);
  const sheet = workbook.worksheets[0]!;
  const names: string[] = [];
  sheet.eachRow((row) => names.push(String(row.getCell(2).value ?? '')));
  expect(names.some((name) => STUDENT_ROW.test(name))).toBe(true);
  await page.context().close();
});

test('on a phone the journal is a list of one lesson', async ({ browser }) => {
  const page = await signIn(browser, TEACHER, { width: 375, height: 812 });
  await chooseJournal(page);
  const list = journal(page).getByRole('list', { name: /^Отметки: / });
  await expect(list).toBeVisible();
  await expect(journal(page).getByRole('table')).toHaveCount(0);
  await expect(list.getByLabel(STUDENT_ROW)).toHaveValue('н/б');
  await page.context().close();
});

test('two screens of one teacher write one cell: the later is told who set it and sees that mark', async ({
  browser,
}) => {
  // Two whole screens (sessions) of the portal open side by side.
  test.slow();
  const [first, second] = await Promise.all([signIn(browser, TEACHER), signIn(browser, TEACHER)]);
  await Promise.all([chooseJournal(first), chooseJournal(second)]);
  // The first student's first lesson, as both screens show it before either writes.
  const cellOf = (page: Page) =>
    journal(page)
      .getByRole('row')
      .nth(1)
      .getByRole('button', { name: /\d\d\.\d\d\.\d{4}, / })
      .first();
  await expect(cellOf(first)).toBeVisible();
  await expect(cellOf(second)).toHaveText((await cellOf(first).textContent()) ?? '');
  const before = (await cellOf(first).textContent()) ?? '';
  const [mine, theirs] = ['5', '4', '3'].filter((grade) => grade !== before);

  await cellOf(first).focus();
  await first.keyboard.press(mine!);
  await expect(cellOf(first).locator('xpath=ancestor::td').getByText('Сохранено')).toBeAttached();

  await cellOf(second).focus();
  await second.keyboard.press(theirs!);
  await expect(
    second.getByText(
      new RegExp(
        `уже поставил\\(а\\) .+ \\d\\d\\.\\d\\d\\.\\d{4} в \\d\\d:\\d\\d: ${mine}\\. Ваша отметка не сохранена`,
      ),
    ),
  ).toBeVisible();
  await expect(cellOf(second)).toHaveText(mine!);
  await expect(
    cellOf(second)
      .locator('xpath=ancestor::td')
      .getByText(/^Изменено: /),
  ).toBeAttached();
  await first.context().close();
  await second.context().close();
});
