import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { TEACHER, remoteRoot, signedInPage } from '../support/portal';

// Issue 46: a teacher opens a journal cell's history on a 375 px phone and at 1280, in Kyrgyz,
// Russian and English; the dialog names who set each value and when, fits the screen, and axe
// finds nothing. One journey per test: a mark set on a cell no other journey reads (the last
// student of the list, the journal's first lesson), then its history read.

const SIZES = {
  phone: { width: 375, height: 812 },
  desk: { width: 1280, height: 900 },
} as const;
const LANGS = ['kg', 'ru', 'en'] as const;
type Lang = (typeof LANGS)[number];
const JOURNAL = {
  discipline: 'Тестирование программного обеспечения',
  group: 'ПИ-1-25 (вся группа)',
  lessonType: 'Лекция',
};
const TEACHER_NAME = 'Асанов Бакыт Маратович';

/** The journal remote's words in a language (its locale file, as the screen reads it). */
function words(lang: Lang) {
  const file = resolve(__dirname, `../../mfe-journal/src/locales/${lang}/journal.json`);
  const json = JSON.parse(readFileSync(file, 'utf8')) as {
    title: string;
    phone: { lesson: string };
    history: { title: string; open: string; by: string; was: string };
  };
  return json;
}
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** An i18next template's text before its first placeholder. */
const lead = (template: string) => template.split('{{')[0]!;
/** A template as a pattern: its words as they are, each placeholder any text. */
const pattern = (template: string) =>
  new RegExp(
    template
      .split(/\{\{\w+\}\}/)
      .map(escape)
      .join('.+'),
  );

const journal = (page: Page) => remoteRoot(page, 'journal');

/** The demo group's lectures, chosen in Russian; then the page is read in `lang`. */
async function openJournalIn(page: Page, lang: Lang): Promise<void> {
  await page.goto('/lms/journal');
  const root = journal(page);
  await expect(root.getByRole('heading', { name: 'Журнал занятий', level: 1 })).toBeVisible();
  for (const [label, option] of [
    ['Дисциплина', JOURNAL.discipline],
    ['Группа или подгруппа', JOURNAL.group],
    ['Вид занятия', JOURNAL.lessonType],
  ] as const) {
    await expect(root.getByLabel(label).getByRole('option', { name: option })).toBeAttached();
    await root.getByLabel(label).selectOption({ label: option });
  }
  // The tab keeps the journal chosen (sessionStorage); the language switch's cookie and a reload.
  await page.context().addCookies([{ name: 'lang', value: lang, url: new URL(page.url()).origin }]);
  await page.reload();
  await expect(root.getByRole('heading', { name: words(lang).title, level: 1 })).toBeVisible();
}

/** A grade other than the one the cell shows. */
const another = (shown: string) => (shown === '4' ? '3' : '4');

async function expectHistory(page: Page, lang: Lang, width: number, set: string) {
  const w = words(lang).history;
  const dialog = page.getByRole('dialog', { name: w.title });
  await expect(dialog).toBeVisible();
  const entries = dialog.getByRole('listitem');
  const last = entries.last();
  await expect(last).toContainText(set);
  // '… set by <teacher> on <date> at <time>', 'before: <value>', in the page's language.
  await expect(last).toContainText(pattern(w.by.replace('{{by}}', TEACHER_NAME)));
  await expect(last).toContainText(pattern(w.was));
  // The dialog fits the screen, and nothing in it is cut off sideways.
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  const clipped = await dialog.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
  expect(clipped).toBe(false);
  await expectNoAxeViolations(page, `a cell's history (${lang}, ${width} px)`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

for (const lang of LANGS) {
  test(`on a 375 px phone in ${lang} a teacher marks a student and reads the mark's history`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const page = await signedInPage(browser, TEACHER, { viewport: SIZES.phone });
    await openJournalIn(page, lang);
    const lesson = journal(page).getByLabel(words(lang).phone.lesson, { exact: true });
    await expect(lesson.locator('option').nth(1)).toBeAttached();
    const first = await lesson
      .locator('option')
      .evaluateAll((options) =>
        options.map((option) => (option as HTMLOptionElement).value).find((value) => value !== ''),
      );
    await lesson.selectOption(first!);
    const item = journal(page).getByRole('list').getByRole('listitem').last();
    const select = item.getByRole('combobox');
    await expect(select).toBeVisible();
    const mark = another(await select.inputValue());
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/studentvisitupdate.json') && r.status() === 200,
    );
    await select.selectOption({ label: mark });
    await saved;
    await item
      .getByRole('button', { name: new RegExp(`^${escape(lead(words(lang).history.open))}`) })
      .click();
    await expectHistory(page, lang, SIZES.phone.width, mark);
    await page.context().close();
  });

  test(`at 1280 px in ${lang} a teacher marks a cell of the grid and reads its history`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const page = await signedInPage(browser, TEACHER, { viewport: SIZES.desk });
    await openJournalIn(page, lang);
    const grid = journal(page).getByRole('table');
    const row = grid
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader') })
      .last();
    const name = ((await row.getByRole('rowheader').innerText()) ?? '').trim();
    const cell: Locator = row
      .getByRole('button', { name: new RegExp(`^${escape(name)}, `) })
      .first();
    await expect(cell).toBeVisible();
    const mark = another((await cell.innerText()).trim());
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/studentvisitupdate.json') && r.status() === 200,
    );
    await cell.focus();
    await page.keyboard.press(mark);
    await saved;
    await expect(cell).toHaveText(mark);
    await row
      .getByRole('button', { name: new RegExp(`^${escape(lead(words(lang).history.open))}`) })
      .first()
      .click();
    await expectHistory(page, lang, SIZES.desk.width, mark);
    await page.context().close();
  });
}
