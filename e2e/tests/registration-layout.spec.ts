import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { checkEveryWay } from '../support/a11y';
import { REGISTRAR, TEACHER, loginAs, type Account } from '../support/portal';

/**
 * Registration as a student and a teacher meet it on a desk and a phone: the credits are the
 * semester's disciplines, each row's key value (credits, action, seats) is on screen without
 * scrolling sideways, a saved registration is brought into view, and axe finds nothing.
 *
 * The student is a classmate of the demo student (same group and subgroup: the same six
 * disciplines, 27 credits) whom no other test signs in as, so registrations made here never
 * meet another file's.
 */
const CLASSMATE: Account = { login: 's0019', password: 'Student1' };

// The classmate's registrations change from test to test: one at a time.
test.describe.configure({ mode: 'serial' });

const PHONE = { width: 375, height: 812 };
const DESK = { width: 1280, height: 800 };
/** The mandatory discipline of the faculty's plan with a choice of stream (seed). */
const MANDATORY = 'Командный программный проект';
const R = '/lms/api/regfordisciplines';

const registration = (page: Page) => page.getByRole('main').locator('[data-remote="registration"]');

async function open(
  browser: Browser,
  account: Account,
  viewport: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await loginAs(page, account);
  await page.goto('/lms/registration');
  await expect(
    registration(page).getByRole('heading', { name: 'Регистрация на дисциплины', level: 1 }),
  ).toBeVisible();
  return page;
}

// ---- The classmate's registrations through the API (setting up and clearing up) ----

async function api<T>(page: Page, path: string, body: object): Promise<T> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  if (!cookie) throw new Error('no XSRF-TOKEN cookie');
  const response = await page.request.post(`${R}/${path}.json`, {
    data: body,
    headers: { 'X-XSRF-TOKEN': cookie.value },
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

interface Term {
  id_a_year: number;
  id_semester: number;
}

async function currentTerm(page: Page): Promise<Term> {
  const year = await api<{ id_a_year: number }>(page, 'getdefyear', {});
  const [semester] = await api<{ id_semester: number }[]>(page, 'getsemesters', {
    id_a_year: year.id_a_year,
  });
  if (!semester) throw new Error('no semester with a plan');
  return { id_a_year: year.id_a_year, id_semester: semester.id_semester };
}

/** Registers the classmate for the mandatory discipline in its first stream with seats. */
async function registerMandatory(page: Page): Promise<void> {
  const term = await currentTerm(page);
  const list = await api<{ plan: { id_discipline: number; discipline: string }[] }>(
    page,
    'getreglist',
    term,
  );
  const mandatory = list.plan.find((p) => p.discipline === MANDATORY);
  if (!mandatory) throw new Error(`${MANDATORY} is not in the plan`);
  const body = { ...term, id_discipline: mandatory.id_discipline };
  const [teacher] = await api<{ id_teacher: number }[]>(page, 'getteachersforregel', body);
  if (!teacher) throw new Error('no teacher');
  const streams = await api<{ subgroup: number; free: number }[]>(page, 'getsubgroupsforregel', {
    ...body,
    id_teacher: teacher.id_teacher,
  });
  const stream = streams.find((s) => s.free > 0);
  if (!stream) throw new Error('no stream with seats');
  await api(page, 'saveregistration', {
    ...body,
    id_teacher: teacher.id_teacher,
    subgroup: stream.subgroup,
  });
}

/** Deletes every registration of the classmate's semester (what a test made). */
async function clearRegistrations(page: Page): Promise<void> {
  const term = await currentTerm(page);
  const list = await api<{ items: { id_disciplineForStudent: number }[] }>(
    page,
    'getreglist',
    term,
  );
  for (const item of list.items) {
    await api(page, 'deleteregistration', {
      id_disciplineForStudent: item.id_disciplineForStudent,
    });
  }
}

// ---- Measuring ----

/**
 * Each row's key cells are wholly inside the viewport once the row is scrolled to vertically,
 * and the table has nothing to scroll sideways.
 */
async function expectKeyValuesOnScreen(table: Locator, width: number): Promise<void> {
  const rows = table.locator('tbody tr');
  await expect(table).not.toHaveAttribute('aria-busy');
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  const region = table.locator('xpath=ancestor::*[@role="region"][1]');
  const sideways = await region.evaluate((box) => box.scrollWidth - box.clientWidth);
  expect(sideways, 'the table scrolls sideways').toBeLessThanOrEqual(0);
  for (let index = 0; index < count; index++) {
    const keys = rows.nth(index).locator('[data-priority="key"]');
    expect(await keys.count()).toBeGreaterThan(0);
    for (let k = 0; k < (await keys.count()); k++) {
      const cell = keys.nth(k);
      await cell.evaluate((element) =>
        element.scrollIntoView({ block: 'center', inline: 'nearest' }),
      );
      await expect(cell).toBeInViewport({ ratio: 1 });
      const box = await cell.boundingBox();
      expect(box, `row ${index + 1}, key value ${k + 1}`).not.toBeNull();
      if (box) {
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      }
    }
  }
  const page = table.page();
  const pageSideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(pageSideways, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

/** Every header of the table is wholly inside the viewport (nothing hidden to the right). */
async function expectAllColumnsOnScreen(table: Locator, width: number): Promise<void> {
  const headers = table.locator('thead th');
  const count = await headers.count();
  expect(count).toBeGreaterThan(0);
  const region = table.locator('xpath=ancestor::*[@role="region"][1]');
  expect(await region.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
  for (let index = 0; index < count; index++) {
    const box = await headers.nth(index).boundingBox();
    expect(box).not.toBeNull();
    if (box) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
  }
}

/** The credits line: 'Кредитов в семестре: 27 из 35 допустимых.' → 27. */
async function creditsShown(page: Page): Promise<number> {
  const line = registration(page).getByText(/^Кредитов в семестре: \d+ из \d+ допустимых\./);
  await expect(line).toBeVisible();
  const match = /(\d+) из (\d+)/.exec((await line.textContent()) ?? '');
  return Number(match?.[1]);
}

// ---- The journeys ----

test('the credits are the disciplines the chat lists for the semester', async ({ browser }) => {
  const page = await open(browser, CLASSMATE, DESK);
  // The chat's discipline list of the current semester, as on the home page.
  await page.goto('/lms');
  const disciplines = page
    .locator('[data-remote="chat"]')
    .filter({ has: page.getByRole('heading', { name: 'Дисциплины' }) });
  const items = disciplines.getByRole('listitem');
  await expect(items.first()).toBeVisible();
  const labels = await items.allTextContents();
  const credits = labels.map((label) => Number(/(\d+)\s*кр\.\s*$/.exec(label)?.[1]));
  expect(credits.every((value) => value > 0)).toBe(true);
  const sum = credits.reduce((total, value) => total + value, 0);

  await page.goto('/lms/registration');
  expect(await creditsShown(page)).toBe(sum);
  // The seed's group: six disciplines, 27 credits, before any registration.
  expect(sum).toBeGreaterThanOrEqual(27);
  await page.context().close();
});

test('on a phone each registration’s credits and actions are on screen without scrolling sideways', async ({
  browser,
}) => {
  const page = await open(browser, CLASSMATE, PHONE);
  await registerMandatory(page);
  try {
    await page.reload();
    const table = registration(page).getByRole('table', {
      name: 'Дисциплины, на которые вы зарегистрированы',
    });
    await expect(table.getByRole('row').filter({ hasText: MANDATORY })).toBeVisible();
    await expectKeyValuesOnScreen(table, PHONE.width);
    const row = table.getByRole('row').filter({ hasText: MANDATORY });
    await expect(
      row.getByRole('button', { name: `Удалить регистрацию на «${MANDATORY}»` }),
    ).toBeInViewport();
  } finally {
    await clearRegistrations(page);
    await page.context().close();
  }
});

test('at a desk the registrations show every column', async ({ browser }) => {
  const page = await open(browser, CLASSMATE, DESK);
  await registerMandatory(page);
  try {
    await page.reload();
    const table = registration(page).getByRole('table', {
      name: 'Дисциплины, на которые вы зарегистрированы',
    });
    await expect(table.getByRole('row').filter({ hasText: MANDATORY })).toBeVisible();
    await expectAllColumnsOnScreen(table, DESK.width);
  } finally {
    await clearRegistrations(page);
    await page.context().close();
  }
});

test('on a phone a saved registration is brought into view and focused', async ({ browser }) => {
  const page = await open(browser, CLASSMATE, PHONE);
  try {
    const root = registration(page);
    const credits = await creditsShown(page);
    const form = root.getByRole('region', { name: /Обязательные дисциплины/ });
    const discipline = form.getByLabel('Дисциплина');
    const option = discipline.getByRole('option', { name: new RegExp(`^${MANDATORY}`) });
    await expect(option).toBeAttached();
    await discipline.selectOption({ label: (await option.textContent()) ?? '' });
    const teacher = form.getByLabel('Преподаватель');
    await expect(teacher.getByRole('option').nth(1)).toBeAttached();
    await teacher.selectOption({ index: 1 });
    const stream = form.getByLabel('Поток');
    const free = stream.getByRole('option', { name: /свободно мест/ }).first();
    await expect(free).toBeAttached();
    await stream.selectOption({ label: (await free.textContent()) ?? '' });
    const save = form.getByRole('button', { name: 'Зарегистрироваться' });
    await save.scrollIntoViewIfNeeded();
    await save.click();

    const table = root.getByRole('table', { name: 'Дисциплины, на которые вы зарегистрированы' });
    const row = table.getByRole('row').filter({ hasText: MANDATORY });
    await expect(row).toBeInViewport();
    await expect(row.getByText(MANDATORY, { exact: true })).toBeFocused();
    // Its credits and its delete button are on screen too, and the total took them in.
    await expect(row.locator('[data-priority="key"]').first()).toBeInViewport({ ratio: 1 });
    await expect(row.getByRole('button', { name: /^Удалить/ })).toBeInViewport();
    await expect(root.getByText(/^Кредитов в семестре/)).toHaveText(
      new RegExp(`^Кредитов в семестре: ${credits + 3} из `),
    );
  } finally {
    await clearRegistrations(page);
    await page.context().close();
  }
});

test('on a phone the teacher’s streams show their seats and the button to each list', async ({
  browser,
}) => {
  const page = await open(browser, TEACHER, PHONE);
  const table = registration(page).getByRole('table', { name: 'Мои потоки' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expectKeyValuesOnScreen(table, PHONE.width);
  await page.context().close();
});

test('on a phone the registrar finds a stream by a word, reaches the holds with one tap and holds a student found by name', async ({
  browser,
}) => {
  const page = await open(browser, REGISTRAR, PHONE);
  const table = registration(page).getByRole('table', { name: 'Все потоки' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // A long list's rows after the first screen are drawn just after it; the table is busy till then.
  await expect(table).not.toHaveAttribute('aria-busy');
  const all = await table.getByRole('row').count();
  await registration(page)
    .getByRole('searchbox', { name: 'Найти дисциплину, преподавателя или поток' })
    .fill('облачные');
  await expect(registration(page).getByRole('status')).toHaveText(
    new RegExp(`^4 из ${all - 1} потоков$`),
  );
  await expect(table.getByRole('row')).toHaveCount(5);
  await expect(table.getByRole('row').nth(1)).toContainText('Облачные технологии');

  await registration(page)
    .getByRole('navigation', { name: 'На этой странице' })
    .getByRole('link', { name: 'Блокировки' })
    .click();
  const heading = registration(page).getByRole('heading', { name: 'Блокировки', level: 2 });
  await expect(heading).toBeInViewport();
  // Under the top bar, not behind it.
  const bar = await page.locator('[data-layout] > header').boundingBox();
  expect((await heading.boundingBox())!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height);

  // A hold on a student found by words of her name in lower case, not by a number.
  const holds = registration(page).getByRole('region', { name: 'Блокировки' });
  await holds.getByRole('combobox', { name: 'Найти студента' }).fill('петрова анна');
  const found = holds.getByRole('option', { name: /Петрова Анна Петровна/ });
  await expect(found).toContainText('ИС-1-25 · Факультет информационных технологий');
  await expect(holds.getByRole('option')).toHaveCount(1);
  await checkEveryWay(page, 'registrar hold search with its match', {
    include: '#registration-holds',
    ready: () => expect(found).toBeVisible(),
  });
  await found.click();
  await expect(holds.getByText('Петрова Анна Петровна', { exact: true })).toBeVisible();
  await holds.getByLabel('Причина').fill('Верните книги в библиотеку');
  await holds.getByRole('button', { name: 'Заблокировать' }).click();
  const ask = page.getByRole('dialog');
  await expect(ask).toContainText('Заблокировать регистрацию: Петрова Анна Петровна (ИС-1-25)?');
  await ask.getByRole('button', { name: 'Заблокировать' }).click();
  const held = holds.getByRole('row', { name: /Петрова Анна Петровна/ });
  await expect(held).toContainText('Верните книги в библиотеку');
  // Lifted again, so the student registers as before in every other test.
  await held.getByRole('button', { name: 'Снять блокировку: Петрова Анна Петровна' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Снять' }).click();
  await expect(held).toHaveCount(0);
  await page.context().close();
});

test('at a desk the registrar reads every stream’s name on one line, in Kyrgyz too', async ({
  browser,
}) => {
  const page = await open(browser, REGISTRAR, DESK);
  await page.goto('/lms/registration?lang=kg');
  const table = registration(page).getByRole('table', { name: 'Бардык агымдар' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // '1-агым': a word a narrow column must not break at its hyphen.
  const names = table.locator('tbody td[data-label="Агым"]');
  await expect(names.first()).toHaveText(/^\d+-агым$/);
  const lines = await names.evaluateAll((cells) =>
    cells.map((cell) => {
      const text = document.createRange();
      text.selectNodeContents(cell);
      const lineHeight = parseFloat(getComputedStyle(cell).lineHeight);
      return Math.round(text.getBoundingClientRect().height / lineHeight);
    }),
  );
  expect(
    lines.every((count) => count === 1),
    `lines of each name: ${lines.join(', ')}`,
  ).toBe(true);
  await page.context().close();
});

test('at a desk the teacher’s streams show every column', async ({ browser }) => {
  const page = await open(browser, TEACHER, DESK);
  const table = registration(page).getByRole('table', { name: 'Мои потоки' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expectAllColumnsOnScreen(table, DESK.width);
  await page.context().close();
});

test('axe finds nothing on the student’s registration with a registration and its lesson types open', async ({
  browser,
}) => {
  const page = await open(browser, CLASSMATE, DESK);
  await registerMandatory(page);
  try {
    await page.reload();
    const root = registration(page);
    const row = root.getByRole('row').filter({ hasText: MANDATORY });
    await row.getByRole('button', { name: `Виды занятий: ${MANDATORY}` }).click();
    const panel = root.getByRole('region', { name: `Виды занятий: ${MANDATORY}` });
    await expect(panel).toBeVisible();
    await checkEveryWay(page, 'student registration', {
      ready: async () => {
        await expect(panel.getByLabel('Вид занятия и преподаватель')).toBeEnabled();
        await expect(root.locator('[aria-busy="true"], .lms-ui-loading')).toHaveCount(0);
      },
    });
  } finally {
    await clearRegistrations(page);
    await page.context().close();
  }
});

test('axe finds nothing on the teacher’s streams with a stream’s students open', async ({
  browser,
}) => {
  const page = await open(browser, TEACHER, DESK);
  const root = registration(page);
  const streams = root.getByRole('table', { name: 'Мои потоки' });
  await streams
    .getByRole('button', { name: /^Студенты/ })
    .first()
    .click();
  const students = root.getByRole('region', { name: /^Зарегистрированные:/ });
  await expect(students.getByRole('link', { name: 'Скачать CSV' })).toBeVisible();
  await checkEveryWay(page, 'teacher streams', {
    ready: () => expect(root.locator('[aria-busy="true"], .lms-ui-loading')).toHaveCount(0),
  });
  await page.context().close();
});
