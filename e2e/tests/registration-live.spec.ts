import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { checkEveryWay } from '../support/a11y';
import { REGISTRAR, loginAs, type Account } from '../support/portal';

/**
 * Registration as it stays true on an open page: the waiting list's place said beside the button
 * pressed (on a phone) and leaving it asked first; holds and slots the registrar changes reach the
 * student's open page without a reload, and a blocked form says why before it is filled in; the
 * credits line says what its numbers are.
 *
 * Students no other test signs in as: a classmate of the demo student (the seed's full elective
 * stream is offered to the group) and third-year students (admitted in 2024), whose year's slot
 * the registrar sets and removes here.
 */
const WAITER: Account = { login: 's0016', password: 'Student1' };
const HELD: Account = { login: 's0041', password: 'Student1' };
const THIRD_YEAR: Account = { login: 's0040', password: 'Student1' };
const COUNTER: Account = { login: 's0043', password: 'Student1' };

// The registrar's holds and slots change what these students may do: one test at a time.
test.describe.configure({ mode: 'serial' });

const PHONE = { width: 375, height: 740 };
const DESK = { width: 1280, height: 800 };
const R = '/lms/api/regfordisciplines';
/** The seed's full stream: the last elective's first lecture stream. */
const FULL_ELECTIVE = 'Облачные технологии';

const registration = (page: Page) => page.getByRole('main').locator('[data-remote="registration"]');
const electives = (page: Page) =>
  registration(page).getByRole('region', { name: /Дисциплины по выбору/ });

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

/** A call of the registration API as the page's signed-in user (its session and XSRF token). */
async function api<T>(page: Page, path: string, body: object): Promise<T> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  const response = await page.request.post(`${R}/${path}.json`, {
    data: body,
    headers: { 'X-XSRF-TOKEN': cookie?.value ?? '' },
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

/** Chooses the option whose text matches (labels carry credits and seats). */
async function choose(select: Locator, name: RegExp): Promise<void> {
  const option = select.getByRole('option', { name }).first();
  await expect(option).toBeAttached();
  await select.selectOption({ label: (await option.textContent()) ?? '' });
}

test('on a phone the waiting list’s place is said beside the button pressed, and leaving asks first', async ({
  browser,
}) => {
  test.slow();
  const page = await open(browser, WAITER, PHONE);
  const form = electives(page);
  await choose(form.getByLabel('Дисциплина'), new RegExp(`^${FULL_ELECTIVE}`));
  const stream = form.getByLabel('Поток');
  const full = stream.getByRole('option', { name: /поток заполнен/ });
  // The full stream belongs to one of the discipline's teachers.
  const teachers = form.getByLabel('Преподаватель').getByRole('option');
  await expect(teachers).not.toHaveCount(1);
  await expect(teachers.nth(1)).toBeAttached();
  const count = await teachers.count();
  for (let index = 1; index < count; index++) {
    await form.getByLabel('Преподаватель').selectOption({ index });
    await expect(stream.getByRole('option').nth(1)).toBeAttached();
    if ((await full.count()) > 0) break;
  }
  await stream.selectOption({ label: (await full.first().textContent()) ?? '' });
  const join = form.getByRole('button', { name: 'Встать в лист ожидания' });
  await join.scrollIntoViewIfNeeded();
  await join.click();

  // The place, where the student looks, heard by a screen reader; the button says why it rests.
  const place = form.getByRole('status');
  await expect(place).toHaveText(/^Вы в листе ожидания этого потока: позиция \d+\./);
  await expect(place).toBeInViewport({ ratio: 1 });
  await expect(join).toBeDisabled();
  await expect(join).toHaveAccessibleDescription(/Вы в листе ожидания этого потока: позиция \d+/);
  const position = /позиция (\d+)/.exec((await place.textContent()) ?? '')?.[1] ?? '';

  // A mistap on "leave" asks first; staying keeps the place.
  const lists = registration(page).getByRole('region', { name: 'Мои листы ожидания' });
  const leave = lists.getByRole('button', { name: /^Выйти из листа ожидания: / });
  await leave.click();
  const dialog = page.getByRole('dialog', { name: 'Выйти из листа ожидания?' });
  await expect(dialog).toContainText(`Вы потеряете позицию ${position}`);
  await checkEveryWay(page, 'leaving a waiting list asked first', {
    include: '[role="dialog"]',
    ready: () => expect(dialog).toBeVisible(),
  });
  await page.setViewportSize(PHONE);
  await dialog.getByRole('button', { name: 'Остаться в листе' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(lists.getByRole('status')).toHaveText(`Лист ожидания: позиция ${position}`);

  await leave.click();
  await page
    .getByRole('dialog', { name: 'Выйти из листа ожидания?' })
    .getByRole('button', { name: 'Выйти из листа' })
    .click();
  await expect(lists).toHaveCount(0);
  await expect(place).toBeEmpty();
  await expect(join).toBeEnabled();
  await page.context().close();
});

/** The signed-in user's full name (the session's). */
async function fullNameOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  const response = await page.request.post('/lms/api/auth/enticate.json', {
    data: {},
    headers: { 'X-XSRF-TOKEN': cookie?.value ?? '' },
  });
  return ((await response.json()) as { data: { user: { fullName: string } } }).data.user.fullName;
}

test('a hold the registrar lifts leaves the student’s open page at once; the held form said why first', async ({
  browser,
}) => {
  // Two people signed in side by side: twice the sign-ins and page loads of one.
  test.setTimeout(180_000);
  const registrar = await open(browser, REGISTRAR, DESK);
  const student = await open(browser, HELD, DESK);
  const name = await fullNameOf(student);
  const found = await api<{ students: { id_student: number }[] }>(registrar, 'holds/students', {
    query: name,
  });
  const id = found.students[0]?.id_student;
  expect(id).toBeDefined();
  await api(registrar, 'holds/set', { id_student: id, note: 'Верните книги в библиотеку' });
  let lifted = false;
  try {
    await student.reload();
    const root = registration(student);
    await expect(root.getByRole('region', { name: 'Регистрация заблокирована' })).toBeVisible();
    // The form says why before anything is chosen, and nothing can be chosen meanwhile.
    const form = electives(student);
    await expect(form).toContainText(
      'Регистрация заблокирована регистратором: Верните книги в библиотеку',
    );
    await expect(form.getByLabel('Дисциплина')).toBeDisabled();
    await expect(form.getByRole('button', { name: 'Зарегистрироваться' })).toBeDisabled();

    // The registrar lifts it on their own page.
    await registrar.reload();
    const holds = registration(registrar).getByRole('region', { name: 'Блокировки' });
    const held = holds.getByRole('row', { name: new RegExp(name) });
    await held.getByRole('button', { name: `Снять блокировку: ${name}` }).click();
    await registrar.getByRole('dialog').getByRole('button', { name: 'Снять' }).click();
    await expect(held).toHaveCount(0);
    lifted = true;

    // The student's page, not reloaded, lets them register.
    await expect(root.getByRole('region', { name: 'Регистрация заблокирована' })).toHaveCount(0);
    await expect(form.getByLabel('Дисциплина')).toBeEnabled();
    await expect(form).not.toContainText('Регистрация заблокирована');
  } finally {
    if (!lifted) {
      const holds = await api<{ id: number; id_student: number }[]>(registrar, 'holds/list', {});
      for (const hold of holds.filter((h) => h.id_student === id)) {
        await api(registrar, 'holds/lift', { id: hold.id });
      }
    }
    await registrar.context().close();
    await student.context().close();
  }
});

test('a slot the registrar removes leaves the student’s open page at once, countdown and all', async ({
  browser,
}) => {
  // Two people signed in side by side: twice the sign-ins and page loads of one.
  test.setTimeout(180_000);
  const registrar = await open(browser, REGISTRAR, DESK);
  const student = await open(browser, THIRD_YEAR, DESK);
  const term = await currentTerm(student);
  // Far ahead of the server's clock: the third year's saves wait for it.
  await api(registrar, 'appointments/save', {
    ...term,
    course: 3,
    opensAt: '2027-01-15T09:00:00+06:00',
  });
  let removed = false;
  try {
    await student.reload();
    const root = registration(student);
    await expect(root).toContainText('Ваше время регистрации (3 курс) начнётся 15.01.2027');
    await expect(root.getByRole('timer')).toContainText('До начала:');
    const form = electives(student);
    await expect(form).toContainText('Ваше время регистрации (3 курс) начнётся 15.01.2027');
    await expect(form.getByLabel('Дисциплина')).toBeDisabled();

    await registrar.reload();
    const slots = registration(registrar).getByRole('region', {
      name: 'Время регистрации по курсам',
    });
    const row = slots.getByRole('row').filter({ hasText: '3 курс' });
    await row.getByRole('button', { name: 'Снять время 3 курса' }).click();
    await registrar.getByRole('dialog').getByRole('button', { name: 'Снять' }).click();
    await expect(row).toHaveCount(0);
    removed = true;

    // Without a reload: no countdown, no slot, and the form may be filled in.
    await expect(root.getByRole('timer')).toHaveCount(0);
    await expect(root).not.toContainText('Ваше время регистрации');
    await expect(form.getByLabel('Дисциплина')).toBeEnabled();
  } finally {
    if (!removed) await api(registrar, 'appointments/remove', { ...term, course: 3 });
    await registrar.context().close();
    await student.context().close();
  }
});

/** Deletes every registration of the student's semester (what a test made). */
async function clearRegistrations(page: Page, term: Term): Promise<void> {
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

test('the credits line names the group’s disciplines, the electives registered and the limit, in Russian and Kyrgyz', async ({
  browser,
}) => {
  test.slow();
  const page = await open(browser, COUNTER, DESK);
  const term = await currentTerm(page);
  await clearRegistrations(page, term);
  try {
    type List = { kredits: number; kreditLimit: number; items: unknown[] };
    const before = await api<List>(page, 'getreglist', term);
    await page.reload();
    const credits = registration(page)
      .getByRole('status')
      .filter({ hasText: /Кредитов/ });
    await expect(credits).toContainText(
      `Кредитов в семестре: ${before.kredits} из ${before.kreditLimit} допустимых.`,
    );
    await expect(credits).toContainText(`Дисциплины вашей группы: ${before.kredits} кр.`);
    await expect(credits).toContainText(
      'Дисциплины по выбору, на которые вы зарегистрированы: 0 (0 кр.)',
    );
    await expect(credits).toContainText(`Предел на семестр: ${before.kreditLimit} кр.`);

    // One elective with seats (its credits as the plan gives them).
    const [elective] = await api<{ id_discipline: number; kredits: number }[]>(
      page,
      'optional/disciplines',
      term,
    );
    expect(elective).toBeDefined();
    const body = { ...term, id_discipline: elective!.id_discipline };
    let saved = false;
    for (const teacher of await api<{ id_teacher: number }[]>(page, 'optional/teachers', body)) {
      const streams = await api<{ subgroup: number; free: number }[]>(page, 'optional/subgroups', {
        ...body,
        id_teacher: teacher.id_teacher,
      });
      const free = streams.find((s) => s.free > 0);
      if (!free) continue;
      await api(page, 'saveregistration', {
        ...body,
        id_teacher: teacher.id_teacher,
        subgroup: free.subgroup,
      });
      saved = true;
      break;
    }
    expect(saved).toBe(true);
    const after = await api<List>(page, 'getreglist', term);
    expect(after.kredits).toBe(before.kredits + elective!.kredits);

    await page.goto('/lms/registration?lang=kg');
    const kg = registration(page)
      .getByRole('status')
      .filter({ hasText: /кредиттер/ });
    await expect(kg).toContainText(
      `Семестрдеги кредиттер: ${after.kredits}, уруксат берилгени — ${after.kreditLimit}.`,
    );
    await expect(kg).toContainText(`Тобуңуздун дисциплиналары: ${before.kredits} кр.`);
    await expect(kg).toContainText(
      `Сиз катталган тандоо дисциплиналары: 1 (${elective!.kredits} кр.)`,
    );
    await expect(kg).toContainText(`Семестрге чек: ${after.kreditLimit} кр.`);
  } finally {
    await clearRegistrations(page, term);
    await page.context().close();
  }
});
