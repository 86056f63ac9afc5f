import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { checkEveryWay } from '../support/a11y';
import { STUDENT, TEACHER, loginAs, type Account } from '../support/portal';

// The journal remote's screens as people use them: the teacher's grid at a desk, the student's
// marks on a phone, a check-in the phone refuses, the schedule's week. Measured, not pictured.

const DESK = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

const DISCIPLINE = 'Тестирование программного обеспечения';
const GROUP = 'ПИ-1-25 (вся группа)';
const LESSON_TYPE = 'Лекция';

/**
 * A classmate of the demo student (ПИ-1-25) whom no other test signs in: this file registers
 * their phone. schedule.spec.ts uses the demo student and s0014.
 */
const CLASSMATE: Account = { login: 's0020', password: 'Student1' };

const journal = (page: Page) => page.getByRole('main').locator('[data-remote="journal"]');

async function open(
  browser: Browser,
  account: Account,
  path: string,
  viewport: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await loginAs(page, account);
  await page.goto(path);
  return page;
}

/** The teacher chooses the demo group's lectures (the grid at a desk, a lesson list on a phone). */
async function chooseJournal(page: Page): Promise<void> {
  const root = journal(page);
  await expect(root.getByRole('heading', { name: 'Журнал занятий', level: 1 })).toBeVisible();
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

/** The teacher's journal of the demo group's lectures, its grid shown. */
async function openGrid(page: Page): Promise<Locator> {
  await chooseJournal(page);
  const grid = journal(page).getByRole('region', { name: /^Журнал: / });
  await expect(grid.getByRole('rowheader').first()).toBeVisible();
  return grid;
}

/**
 * The lesson columns wholly inside what the user sees: inside the viewport, inside the grid's
 * scroll box, and right of the students' names that stay in place.
 */
async function lessonColumnsInView(grid: Locator): Promise<{ shown: number; total: number }> {
  return grid.evaluate((box) => {
    const view = box.getBoundingClientRect();
    const names = box.querySelector('thead th')!.getBoundingClientRect();
    const left = Math.max(0, view.left, names.right) - 0.5;
    const right = Math.min(window.innerWidth, view.right) + 0.5;
    const columns = [...box.querySelectorAll('thead th[data-testid="lesson-column"]')];
    const shown = columns.filter((column) => {
      const rect = column.getBoundingClientRect();
      return rect.left >= left && rect.right <= right && rect.width > 0;
    }).length;
    return { shown, total: columns.length };
  });
}

/** The box of an element, which must be on screen. */
async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, 'the element is rendered').not.toBeNull();
  return box!;
}

/** A student's name is on screen and what the user sees there (nothing painted over it). */
async function expectNameInView(name: Locator): Promise<void> {
  const box = await boxOf(name);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(DESK.width);
  const topmost = await name.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.left + 8, rect.top + rect.height / 2);
    return element.contains(hit);
  });
  expect(topmost, 'the name is not covered').toBe(true);
}

/** A cell of the name's row is on screen, right of the name. */
async function expectBesideName(name: Locator, cell: Locator): Promise<void> {
  await expectNameInView(name);
  const nameBox = await boxOf(name);
  const cellBox = await boxOf(cell);
  expect(cellBox.x).toBeGreaterThanOrEqual(nameBox.x + nameBox.width - 1);
  expect(cellBox.x + cellBox.width).toBeLessThanOrEqual(DESK.width);
}

test('at 1280×800 the teacher sees at least ten lessons of the grid, names kept in view', async ({
  browser,
}, testInfo) => {
  const page = await open(browser, TEACHER, '/lms/journal', DESK);
  const grid = await openGrid(page);
  // The journal is a work screen: the page says so, and the shell gives it the width.
  await expect(journal(page)).toHaveAttribute('data-width', 'wide');
  await page.screenshot({ path: testInfo.outputPath('journal-grid-1280.png') });

  const { shown, total } = await lessonColumnsInView(grid);
  expect(total, 'the demo journal has enough lessons to tell').toBeGreaterThanOrEqual(10);
  expect(shown, `${shown} of ${total} lesson columns wholly in view`).toBeGreaterThanOrEqual(10);

  // More to the right (the totals at least): a visible line says so.
  const overflows = await grid.evaluate((box) => box.scrollWidth > box.clientWidth + 1);
  if (overflows) await expect(journal(page).getByTestId('grid-more')).toBeVisible();

  // A row's last lesson reached by the keyboard, the grid then scrolled to its end, and back to
  // the first lesson: the student's name stays in view, each cell beside it, never under it.
  const row = grid.getByRole('row').nth(3);
  const name = row.getByRole('rowheader');
  const cells = row.getByRole('button', { name: /\d{4}, .*: / });
  await cells.first().focus();
  await page.keyboard.press('End');
  await expect(cells.last()).toBeFocused();
  await expectBesideName(name, cells.last());
  await grid.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
  await expect(journal(page).getByTestId('grid-more')).toBeHidden();
  await expectNameInView(name);
  await page.screenshot({ path: testInfo.outputPath('journal-grid-1280-end.png') });
  await page.keyboard.press('Home');
  await expect(cells.first()).toBeFocused();
  await expectBesideName(name, cells.first());
  await page.context().close();
});

test('on a phone the new-lesson form the teacher opens comes into view above the tab bar', async ({
  browser,
}) => {
  const page = await open(browser, TEACHER, '/lms/journal', PHONE);
  await chooseJournal(page);
  await expect(journal(page).getByLabel('Занятие', { exact: true })).toBeVisible();
  await journal(page).getByRole('button', { name: 'Добавить занятие' }).click();
  const submit = journal(page)
    .getByRole('form', { name: 'Новое занятие' })
    .getByRole('button', { name: 'Добавить' });
  await expect(submit).toBeInViewport({ ratio: 1 });
  const tabs = await page.getByRole('tablist', { name: 'Разделы' }).boundingBox();
  await expect
    .poll(async () => {
      const box = await submit.boundingBox();
      return box!.y + box!.height;
    }, 'the form ends above the tab bar')
    .toBeLessThanOrEqual(tabs!.y);
  await page.context().close();
});

test("at 375 px the student's journal shows every mark without scrolling sideways", async ({
  browser,
}, testInfo) => {
  const page = await open(browser, STUDENT, '/lms/journal', PHONE);
  const root = journal(page);
  await expect(root.getByRole('heading', { name: 'Журнал занятий', level: 1 })).toBeVisible();
  await root.getByLabel('Дисциплина').selectOption({ label: DISCIPLINE });
  const lecture = root.getByRole('region', { name: LESSON_TYPE, exact: true });
  const marks = lecture.locator('td[data-label="Отметка"]');
  await expect(marks.first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('student-journal-375.png'), fullPage: true });

  const count = await marks.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const mark = marks.nth(index);
    await expect(mark).not.toBeEmpty();
    const box = await boxOf(mark);
    expect(box.x, `mark ${index + 1} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `mark ${index + 1} ends on screen`).toBeLessThanOrEqual(PHONE.width);
  }
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.context().close();
});

test('a check-in the phone refuses its location says why, not "Unknown error"', async ({
  browser,
}) => {
  test.slow();
  // The teacher shows today's lesson's QR (the server's clock: Monday's second lesson).
  const teacher = await open(browser, TEACHER, '/lms/schedule', DESK);
  const monday = journal(teacher).getByRole('region', { name: /Понедельник · сегодня/ });
  const lesson = monday
    .getByTestId('schedule-lesson')
    .filter({ hasText: 'Вторая пара' })
    .filter({ hasText: 'ПИ-1-25' });
  await lesson.getByRole('link', { name: 'Показать QR-код' }).click();
  const shortCode = journal(teacher).getByTestId('short-code');
  await expect(shortCode).toHaveText(/^\d{6}$/);

  // The student's phone: a registered passkey, the location refused.
  const phone = await browser.newContext({ viewport: PHONE, permissions: [] });
  const page = await phone.newPage();
  const cdp = await phone.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  await loginAs(page, CLASSMATE);
  await page.goto('/lms/schedule/scan');
  const mine = journal(page).getByRole('region', { name: 'Мой телефон для отметки' });
  await mine.getByRole('button', { name: 'Зарегистрировать этот телефон' }).click();
  await expect(mine.getByTestId('registered-phone')).toBeVisible();

  await journal(page)
    .getByLabel('Код с экрана (6 цифр)')
    .fill((await shortCode.textContent()) ?? '');
  await journal(page).getByRole('button', { name: 'Отметиться по коду' }).click();
  const refusal = journal(page).getByTestId('scan-refusal');
  await expect(refusal).toHaveText('Нет доступа к местоположению: разрешите его, чтобы отметиться');
  await expect(refusal).not.toContainText('Неизвестная ошибка');
  await phone.close();
  await teacher.context().close();
});

test("the schedule says whether this week is odd or even and shows this week's lessons", async ({
  browser,
}, testInfo) => {
  const page = await open(browser, STUDENT, '/lms/schedule', DESK);
  const root = journal(page);
  await expect(root.getByRole('heading', { name: 'Расписание', level: 1 })).toBeVisible();
  // The suite's server clock is Monday 16 November 2026: ISO week 47, an odd week.
  const parity = root.getByTestId('week-parity');
  await expect(parity).toContainText('Эта неделя — нечётная');
  // Lessons of even weeks are folded away, not listed as if they took place.
  const listed = root.locator('[data-testid="schedule-lesson"]:not([data-testid="other-week"] *)');
  await expect(listed.first()).toBeVisible();
  await expect(listed.filter({ hasText: 'по чётным неделям' })).toHaveCount(0);
  for (const folded of await root.getByTestId('other-week').all()) {
    await expect(folded.getByTestId('schedule-lesson').first()).toBeHidden();
  }
  await page.screenshot({ path: testInfo.outputPath('schedule-1280.png'), fullPage: true });
  // On a phone too, the pill stays on one line.
  await page.setViewportSize(PHONE);
  const pill = parity.locator('strong');
  await expect(pill).toBeVisible();
  const lines = await pill.evaluate((element) => element.getClientRects().length);
  expect(lines).toBe(1);
  // A folded week opens with a tap: its line is 40 px high at least.
  const fold = root.getByTestId('other-week').first().locator('summary');
  await expect(fold).toBeVisible();
  expect((await fold.boundingBox())?.height).toBeGreaterThanOrEqual(40);
  await page.screenshot({ path: testInfo.outputPath('schedule-375.png'), fullPage: true });
  await page.context().close();
});

test('axe finds nothing on the journal grid, the student journal and the schedule', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // The journal's own section (the remotes around it have their checks in a11y-*.spec.ts).
  const check = (page: Page, label: string, ready: () => Promise<void>) =>
    checkEveryWay(page, label, { ready, include: 'main [data-remote="journal"]' });

  const teacher = await open(browser, TEACHER, '/lms/journal', DESK);
  const grid = await openGrid(teacher);
  // A lesson's panel open too: its topic form and its list's buttons.
  await grid.getByRole('columnheader').nth(1).getByRole('button').click();
  await expect(
    journal(teacher)
      .getByRole('region', { name: /^Тема занятия / })
      .getByLabel('Тема'),
  ).toBeVisible();
  await check(teacher, 'teacher journal', async () => {
    const phone = (teacher.viewportSize()?.width ?? DESK.width) < 900;
    await expect(
      phone
        ? journal(teacher).getByRole('list', { name: /^Отметки: / })
        : journal(teacher).getByRole('region', { name: /^Журнал: / }),
    ).toBeVisible();
  });
  await teacher.context().close();

  const student = await open(browser, STUDENT, '/lms/journal', DESK);
  await check(student, 'student journal', async () => {
    await expect(
      journal(student).getByRole('region', { name: LESSON_TYPE, exact: true }),
    ).toBeVisible();
  });
  await student.goto('/lms/schedule');
  await check(student, 'schedule', async () => {
    await expect(journal(student).getByTestId('week-parity')).toBeVisible();
  });
  await student.context().close();
});
