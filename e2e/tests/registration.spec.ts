import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { STUDENT, TEACHER, loginAs, type Account } from '../support/portal';

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

test('a full stream shows its reason and cannot be saved', async ({ browser }) => {
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
  await expect(form.getByRole('button', { name: 'Зарегистрироваться' })).toBeDisabled();
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
