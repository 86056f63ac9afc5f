import { expect, test, type Page } from '@playwright/test';
import { TEACHER, remoteRoot, signedInPage } from '../support/portal';

// Issue 39, item 1: a teacher on a phone marks today's whole class. The phone's list of a lesson
// is the lesson's group, not only the students with a saved mark or a QR check-in. And the
// journal's choices do not fill the first screen: once chosen, its students are there.

const PHONE = { width: 375, height: 812 };
const JOURNAL = {
  discipline: 'Тестирование программного обеспечения',
  group: 'ПИ-1-25 (вся группа)',
  lessonType: 'Лекция',
};
/** Today's lesson (the server's clock: Monday 16 November 2026, the second lesson). */
const TODAY = '16.11.2026, 2-я пара';

const journal = (page: Page) => remoteRoot(page, 'journal');

interface GridAnswer {
  data: {
    lessons: { id_lesson: number; date: string; id_time: number }[];
    rows: { id_student: number; s_fio: string; marks: Record<string, string | null> }[];
  };
}

/** The portal's API as the signed-in page calls it (its session and XSRF token). */
async function api<T>(page: Page, path: string, body: object): Promise<T> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  const response = await page.request.post(`/lms/api/visitlog/${path}.json`, {
    data: body,
    headers: { 'X-XSRF-TOKEN': cookie?.value ?? '' },
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** The journal of today's lesson chosen on the phone; answers the journal's key as sent. */
async function chooseJournal(page: Page): Promise<object> {
  const root = journal(page);
  await expect(root.getByRole('heading', { name: 'Журнал занятий', level: 1 })).toBeVisible();
  const grid = page.waitForRequest((r) => r.url().endsWith('/api/visitlog/getjournal.json'));
  for (const [label, option] of [
    ['Дисциплина', JOURNAL.discipline],
    ['Группа или подгруппа', JOURNAL.group],
    ['Вид занятия', JOURNAL.lessonType],
  ] as const) {
    await expect(root.getByLabel(label).getByRole('option', { name: option })).toBeAttached();
    await root.getByLabel(label).selectOption({ label: option });
  }
  return (await grid).postDataJSON() as object;
}

/**
 * Once the journal is chosen, its choices fold into a summary (the focus on its button) and the
 * first student of the list is on the first screen, above the tab bar, nothing scrolled.
 */
async function expectFirstStudentOnFirstScreen(page: Page): Promise<void> {
  const change = journal(page).getByRole('button', { name: 'Изменить выбор журнала' });
  await expect(change).toBeFocused();
  await expect(change).toHaveAttribute('aria-expanded', 'false');
  await expect(journal(page).getByTestId('journal-choice')).toContainText(JOURNAL.discipline);
  const first = journal(page)
    .getByRole('list', { name: /^Отметки: / })
    .getByRole('listitem');
  await expect(first.first()).toBeVisible();
  const bottom = await first.first().evaluate((item) => {
    for (let node: Element | null = item; node; node = node.parentElement) node.scrollTop = 0;
    window.scrollTo(0, 0);
    return item.getBoundingClientRect().bottom;
  });
  const tabs = await page.getByRole('tablist', { name: 'Разделы' }).boundingBox();
  expect(bottom, 'the first student ends above the tab bar').toBeLessThanOrEqual(tabs!.y);
}

test("on a phone, today's lesson lists the whole group and a student with no mark is marked there", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await signedInPage(browser, TEACHER, { viewport: PHONE });
  // Today's lesson is opened: its QR shown on the teacher's phone (nobody has checked in by it).
  await page.goto('/lms/schedule');
  const monday = journal(page).getByRole('region', { name: /Понедельник · сегодня/ });
  await monday
    .getByTestId('schedule-lesson')
    .filter({ hasText: 'Вторая пара' })
    .filter({ hasText: 'ПИ-1-25' })
    .getByRole('link', { name: 'Показать QR-код' })
    .click();
  await expect(journal(page).getByTestId('short-code')).toHaveText(/^\d{6}$/);

  await page.goto('/lms/journal');
  const key = await chooseJournal(page);
  await expectFirstStudentOnFirstScreen(page);
  await journal(page).getByLabel('Занятие', { exact: true }).selectOption({ label: TODAY });
  const list = journal(page).getByRole('list', { name: `Отметки: ${TODAY}` });
  await expect(list).toBeVisible();

  // The group as the API tells it, and who of it has a cell on today's lesson.
  const group = await api<{ id_student: number; s_fio: string }[]>(page, 'getstudentslist', key);
  const grid = await api<GridAnswer['data']>(page, 'getjournal', key);
  const today = grid.lessons.find((l) => l.date === '2026-11-16' && l.id_time === 2);
  expect(today, "today's lesson is in the journal").toBeDefined();
  const cellOf = (id: number) =>
    grid.rows.find((row) => row.id_student === id)?.marks[String(today!.id_lesson)];
  const withoutCell = group.filter((student) => cellOf(student.id_student) === undefined);
  expect(group.length).toBeGreaterThan(2);
  // Some of the group have no mark and no check-in: a list of saved marks would miss them.
  expect(withoutCell.length).toBeGreaterThan(0);

  await expect(list.getByRole('listitem')).toHaveCount(group.length);
  for (const student of group) {
    await expect(list.getByLabel(student.s_fio, { exact: true })).toBeAttached();
  }

  // The last of them (the QR journeys use the first ones) is marked absent on the phone.
  const student = withoutCell.at(-1)!;
  const select = list.getByLabel(student.s_fio, { exact: true });
  await expect(select).toHaveAttribute('data-source', 'none');
  await expect(select.locator('option:checked')).toHaveText('не отмечен(а)');
  expect((await select.boundingBox())!.height).toBeGreaterThanOrEqual(40);
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/visitlog/studentvisitupdate.json') && r.status() === 200,
  );
  await select.selectOption({ label: 'н/б' });
  await saved;
  // (A filter's `has` is found inside each item: a locator from the page, not from the list.)
  const item = list
    .getByRole('listitem')
    .filter({ has: page.getByLabel(student.s_fio, { exact: true }) });
  await expect(item.getByText('Сохранено')).toBeAttached();
  await expect(select).toHaveValue('н/б');

  // After a reload the mark is there, and the list is still the whole group.
  await page.reload();
  await journal(page).getByLabel('Занятие', { exact: true }).selectOption({ label: TODAY });
  await expect(list.getByLabel(student.s_fio, { exact: true })).toHaveValue('н/б');
  await expect(list.getByRole('listitem')).toHaveCount(group.length);
  await page.context().close();
});

// Issue 39: on a phone the history action of each student says its whole label beside the name,
// inside the row and the screen, also in Kyrgyz ("Тарыхы") next to a long name.
const KG_JOURNAL = {
  discipline: 'Программалык камсыздоону тестирлөө',
  group: 'ПИ-1-25 (бүт топ)',
  lessonType: 'Лекция',
};

test('on a 375 px phone in Kyrgyz, every student’s history button shows its whole label', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await signedInPage(browser, TEACHER, { viewport: PHONE, lang: 'kg' });
  await page.goto('/lms/journal');
  const root = journal(page);
  await expect(root.getByRole('heading', { name: 'Сабактардын журналы', level: 1 })).toBeVisible();
  for (const [label, option] of [
    ['Дисциплина', KG_JOURNAL.discipline],
    ['Топ же топчо', KG_JOURNAL.group],
    ['Сабактын түрү', KG_JOURNAL.lessonType],
  ] as const) {
    await expect(root.getByLabel(label).getByRole('option', { name: option })).toBeAttached();
    await root.getByLabel(label).selectOption({ label: option });
  }
  const list = root.getByRole('list', { name: /^Белгилер: / });
  const actions = list.getByRole('button', { name: /^Белгинин тарыхы: / });
  await expect(actions.first()).toBeVisible();
  const count = await actions.count();
  expect(count).toBeGreaterThan(2);
  expect(await list.getByRole('listitem').count()).toBe(count);
  for (let index = 0; index < count; index++) {
    const action = actions.nth(index);
    await action.scrollIntoViewIfNeeded();
    await expect(action).toHaveText('Тарыхы');
    const fit = await action.evaluate((button) => {
      const box = button.getBoundingClientRect();
      const row = button.closest('li')!.getBoundingClientRect();
      return {
        name: button.getAttribute('aria-label'),
        scrollWidth: button.scrollWidth,
        clientWidth: button.clientWidth,
        left: box.left,
        right: box.right,
        rowLeft: row.left,
        rowRight: row.right,
        viewport: document.documentElement.clientWidth,
      };
    });
    const what = JSON.stringify(fit);
    expect(fit.scrollWidth, `the label is not clipped: ${what}`).toBeLessThanOrEqual(
      fit.clientWidth,
    );
    expect(fit.left, what).toBeGreaterThanOrEqual(Math.max(0, fit.rowLeft));
    expect(fit.right, what).toBeLessThanOrEqual(Math.min(fit.viewport, fit.rowRight));
  }
  await page.context().close();
});
