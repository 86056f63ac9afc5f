import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { checkEveryWay } from '../support/a11y';
import { REGISTRAR, STUDENT, TEACHER, remoteRoot, signedInPage } from '../support/portal';

// Issue 46: a student reads the history of their own marks from the audit trail, and the
// registrar's office reads a student's from its student search. A teacher changes one of the demo
// student's marks through the API (3, then 4), the reader finds the change with its lesson, both
// values and the teacher's name; the mark is put back as it was afterwards, so the journal's
// journeys read the seed.

const PHONE = { width: 375, height: 812 };
const DESK = { width: 1280, height: 900 };
const TEACHER_NAME = 'Асанов Бакыт Маратович';
const STUDENT_NAME = 'Жумабаева Айгерим Талантбековна';
type Lang = 'kg' | 'en';

/** The journal remote's words in a language (its locale file, as the screen reads it). */
function words(lang: Lang) {
  const file = resolve(__dirname, `../../mfe-journal/src/locales/${lang}/journal.json`);
  return (
    JSON.parse(readFileSync(file, 'utf8')) as {
      markHistory: Record<'open' | 'ownTitle' | 'title' | 'changed' | 'by', string>;
    }
  ).markHistory;
}
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

/** The portal's API as the signed-in page calls it (its session, language and XSRF token). */
async function api<T>(page: Page, path: string, body: object): Promise<T> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  const response = await page.request.post(`/lms/api/${path}.json`, {
    data: body,
    headers: { 'X-XSRF-TOKEN': cookie?.value ?? '' },
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

interface StudentPart {
  teacher: string;
  lessons: { id_lesson: number; otsenka: string | null }[];
}

/**
 * A lesson of the demo teacher on the student's own journal (one in the middle of the list: the
 * other journeys write the first and the last), found through the student's journal as the
 * student's page reads it (names in the page's language).
 */
async function teachersLesson(student: Page) {
  const start = await api<{
    year: { id_a_year: number };
    ws: { ws: number };
    disciplines: { id_discipline: number; name: string }[];
  }>(student, 'visitlog/studentstart', {});
  for (const discipline of start.disciplines) {
    const parts = await api<StudentPart[]>(student, 'visitlog/getjournalforstudent', {
      year: start.year.id_a_year,
      ws: start.ws.ws,
      id_discipline: discipline.id_discipline,
    });
    const part = parts.find((p) => p.teacher.includes(TEACHER_NAME) && p.lessons.length > 2);
    if (part) return { discipline: discipline.name, lesson: part.lessons[1]! };
  }
  throw new Error(`no lesson of ${TEACHER_NAME} on the demo student's journal`);
}

/**
 * The teacher sets the student's mark on `lessonId` to 3, then changes it to 4 (each save
 * acknowledged); answers a function that puts the seeded mark back.
 */
async function changeAMark(browser: Browser, idStudent: number, lesson: StudentPart['lessons'][0]) {
  const teacher = await signedInPage(browser, TEACHER);
  const save = (otsenka: string | null) =>
    api(teacher, 'visitlog/studentvisitupdate', {
      id_lesson: lesson.id_lesson,
      id_student: idStudent,
      otsenka,
    });
  await save('3');
  await save('4');
  return async () => {
    await save(lesson.otsenka);
    await teacher.context().close();
  };
}

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(name), fullPage: true });
}

/**
 * The change on the history screen: its lesson, both values and who made it. (Found by its words,
 * not as the newest: a journey on the other worker may write the student's marks meanwhile.)
 */
async function expectTheChange(page: Page, lang: Lang, discipline: string) {
  const w = words(lang);
  const list = remoteRoot(page, 'journal').getByRole('list');
  const change = list
    .getByRole('listitem')
    .filter({ hasText: fill(w.changed, { from: '3', to: '4' }) })
    .filter({ hasText: discipline })
    .first();
  await expect(change).toBeVisible();
  // '… by <teacher> on <date> at <time>': the teacher's name, any date and time.
  const by = w.by
    .replace('{{by}}', TEACHER_NAME)
    .split(/\{\{\w+\}\}/)
    .map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.+');
  await expect(change).toContainText(new RegExp(by));
}

test('on a 375 px phone in Kyrgyz the student reads a mark a teacher changed: both values and who', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const student = await signedInPage(browser, STUDENT, { viewport: PHONE, lang: 'kg' });
  const me = (await api<{ user: { id: number } }>(student, 'auth/enticate', {})).user;
  const { discipline, lesson } = await teachersLesson(student);
  const restore = await changeAMark(browser, me.id, lesson);
  try {
    await student.goto('/lms/journal');
    const root = remoteRoot(student, 'journal');
    const w = words('kg');
    await root.getByRole('link', { name: w.open }).click();
    await expect(root.getByRole('heading', { name: w.ownTitle, level: 1 })).toBeVisible();
    await expectTheChange(student, 'kg', discipline);
    // Nothing runs off the phone's screen sideways.
    const overflow = await student.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(student, testInfo, 'mark-history-375.png');
    // axe at a desk and on the phone, light and dark.
    await checkEveryWay(student, "a student's mark history (kg)");
    await student.setViewportSize(DESK);
    await screenshot(student, testInfo, 'mark-history-1280.png');
  } finally {
    await restore();
    await student.context().close();
  }
});

/** The registration remote's words for the holds in a language (its locale file). */
function holdWords(lang: Lang) {
  const file = resolve(__dirname, `../../mfe-registration/src/locales/${lang}/registration.json`);
  return (
    JSON.parse(readFileSync(file, 'utf8')) as {
      holds: Record<'registrarTitle' | 'search' | 'markHistory', string>;
    }
  ).holds;
}

test("on a 375 px phone and at a desk in English the registrar opens a student's mark history from the holds search", async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const student = await signedInPage(browser, STUDENT, { viewport: PHONE, lang: 'en' });
  const me = (await api<{ user: { id: number } }>(student, 'auth/enticate', {})).user;
  const { discipline, lesson } = await teachersLesson(student);
  await student.context().close();
  const restore = await changeAMark(browser, me.id, lesson);
  const registrar = await signedInPage(browser, REGISTRAR, { viewport: PHONE, lang: 'en' });
  try {
    // The registrar's office finds the student where it looks for one: the holds' search.
    await registrar.goto('/lms/registration');
    const office = remoteRoot(registrar, 'registration');
    const h = holdWords('en');
    const holds = office.getByRole('region', { name: h.registrarTitle });
    await expect(holds).toBeVisible();
    const search = holds.getByRole('combobox', { name: h.search });
    await search.fill(STUDENT_NAME.split(' ')[0]!);
    await holds
      .getByRole('option', { name: new RegExp(STUDENT_NAME) })
      .first()
      .click();
    // The chosen student's mark history (their row in the holds list may offer it too).
    await holds
      .getByRole('link', { name: fill(h.markHistory, { name: STUDENT_NAME }) })
      .first()
      .click();
    const w = words('en');
    const root = remoteRoot(registrar, 'journal');
    await expect(root.getByRole('heading', { name: w.title, level: 1 })).toBeVisible();
    await expect(registrar).toHaveURL(new RegExp(`/lms/markhistory/${me.id}$`));
    await expectTheChange(registrar, 'en', discipline);
    const overflow = await registrar.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(registrar, testInfo, 'registrar-mark-history-375.png');
    // axe at a desk and on the phone, light and dark.
    await checkEveryWay(registrar, "the registrar's view of a student's mark history (en)");
    await registrar.setViewportSize(DESK);
    await expectTheChange(registrar, 'en', discipline);
    await screenshot(registrar, testInfo, 'registrar-mark-history-1280.png');
  } finally {
    await restore();
    await registrar.context().close();
  }
});
