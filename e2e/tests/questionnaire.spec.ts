import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { REGISTRAR, STUDENT, TEACHER, loginAs, remoteRoot } from '../support/portal';

// Course evaluations: the demo student answers the seeded questionnaire on a phone, and the
// demo teacher, whose discipline it was, reads "not enough answers" (one of at least five).

const PHONE = { width: 375, height: 812 };
const DEMO_TEACHER = 'Асанов Бакыт Маратович';

test('a student answers on a 375 px phone; the teacher sees "not enough answers"', async ({
  browser,
}) => {
  // Two sign-ins and two accessibility checks on a machine shared with builds.
  test.slow();
  const studentContext = await browser.newContext({ viewport: PHONE });
  const phone = await studentContext.newPage();
  await loginAs(phone, STUDENT);
  await phone.goto('/lms/questionnaire');
  const root = remoteRoot(phone, 'planning');
  await expect(root.getByRole('heading', { name: 'Анкетирование' })).toBeVisible();
  const list = root.getByRole('list', { name: 'Анкеты семестра' });
  const answer = list.getByRole('button', { name: new RegExp(`^Ответить: .*${DEMO_TEACHER}$`) });
  await expect(answer.first()).toBeVisible();
  await expectNoAxeViolations(phone, 'the student’s questionnaires', '[data-remote="planning"]');
  const label = (await answer.first().getAttribute('aria-label')) ?? '';
  const discipline = label.replace(/^Ответить: /, '').replace(`, ${DEMO_TEACHER}`, '');
  await answer.first().click();

  const form = root.getByRole('form');
  await expect(form.getByRole('heading', { name: discipline })).toBeVisible();
  const scale = form.getByRole('group', { name: /Насколько понятно/ });
  await scale.getByText('4 — Понятно').click();
  await form
    .getByRole('group', { name: /Что помогало/ })
    .getByText('Лекции')
    .click();
  await form.getByRole('textbox', { name: /Что стоит изменить/ }).fill('Больше практики');
  // Nothing of the form is wider than the phone.
  const width = await phone.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(phone, 'the questionnaire form', '[data-remote="planning"]');
  await form.getByRole('button', { name: 'Отправить' }).click();

  await expect(phone.getByText('Спасибо! Ваш ответ принят')).toBeVisible();
  const card = list.getByRole('listitem').filter({ hasText: discipline }).filter({
    hasText: DEMO_TEACHER,
  });
  await expect(card.getByText('Вы ответили')).toBeVisible();
  await expect(card.getByRole('button', { name: /^Ответить/ })).toHaveCount(0);
  await studentContext.close();

  const teacherContext = await browser.newContext();
  const desk = await teacherContext.newPage();
  await loginAs(desk, TEACHER);
  await desk.goto('/lms/questionnaire');
  const results = remoteRoot(desk, 'planning').getByRole('list', {
    name: 'Результаты по дисциплинам',
  });
  // The seeded questionnaire's card of that discipline (the office may open another meanwhile).
  const result = results
    .getByRole('listitem')
    .filter({ has: desk.getByRole('heading', { name: discipline, exact: true }) })
    .filter({ hasText: 'Оценка дисциплины' });
  await expect(result.getByText('Ответили: 1')).toBeVisible();
  await expect(
    result.getByText('Недостаточно ответов для показа (нужно не меньше 5).'),
  ).toBeVisible();
  await expect(result.getByRole('table')).toHaveCount(0);
  await teacherContext.close();
});

test('the office opens the draft questionnaire for the semester and reads the response rates', async ({
  page,
}) => {
  await loginAs(page, REGISTRAR);
  await page.goto('/lms/questionnaire');
  const root = remoteRoot(page, 'planning');
  const table = root.getByRole('table', { name: 'Анкеты' });
  const draft = table.getByRole('row').filter({ hasText: 'Итоговая анкета семестра' });
  await expect(draft.getByText('Черновик')).toBeVisible();
  await draft.getByRole('button', { name: 'Открыть анкету «Итоговая анкета семестра»' }).click();

  // Dates of the university's calendar (Bishkek, UTC+6 all year).
  const day = (offset: number) =>
    new Date(Date.now() + 6 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
  const form = root.getByRole('form', { name: 'Открыть «Итоговая анкета семестра»' });
  await form.getByLabel('Открыть с').fill(day(0));
  await form.getByLabel('Закрыть после').fill(day(30));
  await form.getByRole('button', { name: 'Открыть' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Отменить это нельзя');
  await dialog.getByRole('button', { name: 'Открыть' }).click();
  await expect(page.getByText('Анкета открыта')).toBeVisible();
  await expect(draft.getByText('Открыта')).toBeVisible();

  // The seeded open questionnaire: every discipline × teacher with its rate.
  await table.getByRole('button', { name: 'Доля ответов: «Оценка дисциплины»' }).click();
  const rates = root.getByRole('table', { name: 'Доля ответов: «Оценка дисциплины»' });
  await expect(rates.getByRole('row').nth(1)).toBeVisible();
  await expect(rates.getByText(/^\d+ из \d+ \(\d+%\)$/).first()).toBeVisible();
});
