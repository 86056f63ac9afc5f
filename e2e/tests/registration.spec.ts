import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { checkEveryWay } from '../support/a11y';
import { getPaymentCode } from '../support/finance';
import { REGISTRAR, STUDENT, TEACHER, loginAs, type Account } from '../support/portal';

const SENIOR: Account = { login: 'senior', password: 'Student1' };
const R = '/lms/api/regfordisciplines';

// The demo student's registrations change from test to test: one at a time.
test.describe.configure({ mode: 'serial' });

/** The demo teacher's elective (seed: the faculty's first elective, their first stream). */
const ELECTIVE = 'Машинное обучение';
const TEACHER_NAME = 'Асанов Бакыт Маратович';
/** The seed's full stream: the last elective's first lecture stream. */
const FULL_ELECTIVE = 'Облачные технологии';

const registration = (page: Page) => page.getByRole('main').locator('[data-remote="registration"]');

async function open(
  browser: Browser,
  account: Account,
  viewport = { width: 1280, height: 900 },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await loginAs(page, account);
  await page.goto('/lms/registration');
  await expect(
    registration(page).getByRole('heading', { name: 'Регистрация на дисциплины' }),
  ).toBeVisible();
  return page;
}

/** Chooses the option whose text matches (labels carry credits and seats). */
async function choose(select: Locator, name: RegExp): Promise<void> {
  const option = select.getByRole('option', { name }).first();
  await expect(option).toBeAttached();
  await select.selectOption({ label: (await option.textContent()) ?? '' });
}

const electives = (page: Page) =>
  registration(page).getByRole('region', { name: /Дисциплины по выбору/ });

test('the student registers for an elective, sees it, and deletes it after confirming', async ({
  browser,
}) => {
  const page = await open(browser, STUDENT);
  const root = registration(page);
  await expect(root.getByText('Вы ещё не зарегистрированы')).toBeVisible();
  const form = electives(page);
  await choose(form.getByLabel('Дисциплина'), new RegExp(`^${ELECTIVE}`));
  await expect(
    form.getByLabel('Преподаватель').getByRole('option', { name: TEACHER_NAME }),
  ).toBeAttached();
  await form.getByLabel('Преподаватель').selectOption({ label: TEACHER_NAME });
  const stream = form.getByLabel('Поток');
  const lecture = stream.getByRole('option', { name: /Поток 1 · Лекция — свободно мест/ });
  await expect(lecture).toBeAttached();
  await stream.selectOption({ label: (await lecture.textContent()) ?? '' });
  await form.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByText('Регистрация сохранена')).toBeVisible();

  const table = root.getByRole('table');
  const row = table.getByRole('row').filter({ hasText: ELECTIVE });
  await expect(row).toContainText('По выбору');
  await expect(row).toContainText(`Лекция: ${TEACHER_NAME}, Поток 1`);

  // Cancelling keeps it; confirming deletes it and the list reloads.
  await row.getByRole('button', { name: `Удалить регистрацию на «${ELECTIVE}»` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Удалить регистрацию на дисциплину «${ELECTIVE}»?`);
  await dialog.getByRole('button', { name: 'Отмена' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Удалить регистрацию на «${ELECTIVE}»` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByText('Регистрация удалена')).toBeVisible();
  await expect(root.getByText('Вы ещё не зарегистрированы')).toBeVisible();
  await page.context().close();
});

test('a full stream shows its reason and offers its waiting list', async ({ browser }) => {
  const page = await open(browser, STUDENT);
  const form = electives(page);
  await choose(form.getByLabel('Дисциплина'), new RegExp(`^${FULL_ELECTIVE}`));
  const teachers = form.getByLabel('Преподаватель').getByRole('option');
  await expect(teachers).toHaveCount(3);
  const stream = form.getByLabel('Поток');
  const full = stream.getByRole('option', { name: /поток заполнен/ });
  // The full stream belongs to one of the discipline's two teachers.
  for (const index of [1, 2]) {
    await form.getByLabel('Преподаватель').selectOption({ index });
    await expect(stream.getByRole('option').nth(1)).toBeAttached();
    if ((await full.count()) > 0) break;
  }
  await stream.selectOption({ label: (await full.first().textContent()) ?? '' });
  await expect(form.getByRole('alert')).toContainText('Поток заполнен');
  await expect(form.getByRole('button', { name: 'Зарегистрироваться' })).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Встать в лист ожидания' })).toBeEnabled();
  await page.context().close();
});

test('on a phone the registration fits the screen', async ({ browser }) => {
  const page = await open(browser, STUDENT, { width: 375, height: 740 });
  const form = electives(page);
  await expect(form.getByLabel('Дисциплина')).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const box = await form.getByLabel('Дисциплина').boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  await page.context().close();
});

test('the teacher sees the streams with their seats and who registered', async ({ browser }) => {
  const page = await open(browser, TEACHER);
  const root = registration(page);
  const streams = root.getByRole('table', { name: 'Мои потоки' });
  await expect(streams.getByRole('row').filter({ hasText: ELECTIVE }).first()).toBeVisible();
  await streams
    .getByRole('row')
    .filter({ hasText: ELECTIVE })
    .first()
    .getByRole('button', { name: 'Студенты' })
    .click();
  await expect(
    root.getByRole('heading', { name: new RegExp(`Зарегистрированные: ${ELECTIVE}`) }),
  ).toBeVisible();
  await expect(root.getByRole('link', { name: 'Скачать CSV' })).toHaveAttribute(
    'href',
    /teacher\/students\.csv\?subgroup=\d+/,
  );
  await page.context().close();
});

/** A call of the registration API as the page's signed-in user (its session and XSRF token). */
async function call<T>(page: Page, path: string, data: object): Promise<T> {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  const response = await page.request.post(`${R}/${path}.json`, {
    data,
    headers: { 'X-XSRF-TOKEN': xsrf?.value ?? '' },
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

async function signedIn(browser: Browser, account: Account): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await loginAs(page, account);
  return page;
}

test('a student waits for a full stream and is registered live when a seat frees', async ({
  browser,
}) => {
  test.slow();
  // The senior takes the lecture stream's one seat left (the teacher lowers it to what is taken).
  const senior = await signedIn(browser, SENIOR);
  const teacher = await signedIn(browser, TEACHER);
  const year = await call<{ id_a_year: number }>(senior, 'getdefyear', {});
  const [semester] = await call<{ id_semester: number }[]>(senior, 'getsemesters', {
    id_a_year: year.id_a_year,
  });
  const semesterBody = { id_a_year: year.id_a_year, id_semester: semester?.id_semester ?? 1 };
  const streams = await call<
    {
      subgroup: number;
      discipline: string;
      vid_zaniatiy: string;
      name: string;
      capacity: number;
      taken: number;
      id_discipline: number;
    }[]
  >(teacher, 'teacher/streams', semesterBody);
  const lecture = streams.find(
    (s) => s.discipline === ELECTIVE && s.vid_zaniatiy === 'Лекция' && s.name === 'Поток 1',
  );
  expect(lecture).toBeTruthy();
  const { subgroup, capacity, id_discipline } = lecture!;
  const seat = await call<{ id_disciplineForStudent: number }>(senior, 'saveregistration', {
    ...semesterBody,
    id_discipline,
    id_teacher: (
      await call<{ id_teacher: number; t_fio: string }[]>(senior, 'optional/teachers', {
        ...semesterBody,
        id_discipline,
      })
    ).find((x) => x.t_fio === TEACHER_NAME)!.id_teacher,
    subgroup,
  });
  await call(teacher, 'teacher/capacity', { subgroup, capacity: lecture!.taken + 1 });

  // The student finds the stream full, joins its list and is first in line.
  const page = await open(browser, STUDENT);
  const form = electives(page);
  await choose(form.getByLabel('Дисциплина'), new RegExp(`^${ELECTIVE}`));
  await expect(
    form.getByLabel('Преподаватель').getByRole('option', { name: TEACHER_NAME }),
  ).toBeAttached();
  await form.getByLabel('Преподаватель').selectOption({ label: TEACHER_NAME });
  await choose(form.getByLabel('Поток'), /Поток 1 · Лекция — поток заполнен/);
  await form.getByRole('button', { name: 'Встать в лист ожидания' }).click();
  const lists = registration(page).getByRole('region', { name: 'Мои листы ожидания' });
  await expect(lists.getByRole('status')).toHaveText('Лист ожидания: позиция 1');
  await checkEveryWay(page, 'registration with a waiting list', {
    include: '[data-remote="registration"]',
    ready: () => expect(lists.getByRole('status')).toBeVisible(),
  });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The senior gives the seat back: the open page shows the registration without a reload.
  await call(senior, 'deleteregistration', {
    id_disciplineForStudent: seat.id_disciplineForStudent,
  });
  await expect(lists.getByRole('status')).toHaveText('Зарегистрирован: для вас освободилось место');
  const row = registration(page).getByRole('table').getByRole('row').filter({ hasText: ELECTIVE });
  await expect(row).toContainText(`Лекция: ${TEACHER_NAME}, Поток 1`);

  // As it was: the student declines the seat, the stream gets its seats back.
  await lists.getByRole('button', { name: /Отказаться от места/ }).click();
  await expect(page.getByText('Вы отказались от места')).toBeVisible();
  await call(teacher, 'teacher/capacity', { subgroup, capacity });
  for (const p of [page, senior, teacher]) await p.context().close();
});

test('a student with unpaid tuition sees the hold and the link to the payment code', async ({
  browser,
}) => {
  const senior = await signedIn(browser, SENIOR);
  await senior.goto('/lms/paymentcode');
  await getPaymentCode(senior, 'Оплата за обучение');
  await senior.goto('/lms/registration');
  const hold = registration(senior).getByRole('region', { name: 'Регистрация заблокирована' });
  await expect(hold).toContainText('плата за обучение за этот учебный год не внесена');
  await checkEveryWay(senior, 'registration on hold', {
    include: '[data-remote="registration"]',
    ready: () => expect(hold).toBeVisible(),
  });
  await hold.getByRole('link', { name: 'Открыть код оплаты' }).click();
  await expect(senior).toHaveURL(/\/lms\/paymentcode$/);
  await senior.context().close();
});

test('the registrar sets a registration slot, its students count down; removed, the row and the countdown are gone', async ({
  browser,
}) => {
  test.slow();
  const registrar = await open(browser, REGISTRAR);
  const slots = registration(registrar).getByRole('region', {
    name: 'Время регистрации по курсам',
  });
  await expect(slots.getByText('Время не назначено')).toBeVisible();
  // The senior's year (4th), far ahead of the server's clock: nobody else in the suite saves as
  // a 4th-year student meanwhile.
  await slots.getByLabel('Курс').selectOption({ label: '4 курс' });
  await slots.getByLabel('Начало').fill('2027-01-15T09:00');
  const saved = registrar.waitForRequest((r) => r.url().endsWith('/appointments/save.json'));
  await slots.getByRole('button', { name: 'Сохранить время' }).click();
  const term = ((await saved).postDataJSON() ?? {}) as Record<string, unknown>;
  let removed = false;
  try {
    await expect(registrar.getByText('Время регистрации сохранено')).toBeVisible();
    const row = slots.getByRole('row').filter({ hasText: '4 курс' });
    await expect(row).toContainText('15.01.2027');

    // A 4th-year student sees the slot and the countdown to it.
    const senior = await open(browser, SENIOR);
    await expect(registration(senior)).toContainText(
      'Ваше время регистрации (4 курс) начнётся 15.01.2027',
    );
    await expect(registration(senior).getByRole('timer')).toContainText('До начала:');

    await row.getByRole('button', { name: 'Снять время 4 курса' }).click();
    const ask = registrar.getByRole('dialog');
    await expect(ask).toContainText('Снять время регистрации 4 курса?');
    await ask.getByRole('button', { name: 'Снять' }).click();
    await expect(registrar.getByText('Время регистрации снято')).toBeVisible();
    removed = true;
    await expect(row).toHaveCount(0);
    await expect(slots.getByText('Время не назначено')).toBeVisible();

    // The student's open page drops the countdown at once (the removal is pushed to it).
    await expect(registration(senior).getByRole('timer')).toHaveCount(0);

    // The page, loaded again, has no slot and no countdown.
    // (The page's first answer, start.json, carries the waiting lists' status; status.json when
    // the page asks for it alone.) Only the reloaded document's answers count: the open page's
    // own refresh after the push may still be in flight when the reload starts.
    let reloaded = false;
    senior.on('framenavigated', (frame) => {
      if (frame === senior.mainFrame()) reloaded = true;
    });
    const status = senior.waitForResponse(
      (r) => reloaded && /\/regfordisciplines\/(start|waitlist\/status)\.json$/.test(r.url()),
    );
    await senior.reload();
    type Status = { appointment: unknown };
    const answer = ((await (await status).json()) as { data: Status | { waitlist: Status } }).data;
    expect('waitlist' in answer ? answer.waitlist.appointment : answer.appointment).toBeNull();
    await expect(
      registration(senior).getByRole('heading', { name: 'Регистрация на дисциплины' }),
    ).toBeVisible();
    await expect(registration(senior).getByRole('timer')).toHaveCount(0);
    await expect(registration(senior)).not.toContainText('Ваше время регистрации');
    await senior.context().close();
  } finally {
    if (!removed) await call(registrar, 'appointments/remove', { ...term, course: 4 });
    await registrar.context().close();
  }
});
