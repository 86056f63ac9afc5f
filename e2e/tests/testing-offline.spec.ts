import { expect, test, type Page } from '@playwright/test';
import { STUDENT, TEACHER, loginAs, signedInPage } from '../support/portal';

/**
 * A test through a dropped connection, on a 375 px phone: two answers given offline wait on the
 * device "not sent yet" while the timer runs, go out when the network returns, and count in the
 * result; the review then shows the teacher's feedback, as the test allows. The teacher's test
 * is made through the API (the bank built by hand is testing.spec.ts's journey).
 */
const GROUP = 'ПИ-1-25';
const TITLE = `Без связи ${Date.now().toString(36)}`;
const T = '/lms/api/testing/teacher';

const testing = (page: Page) => page.getByRole('main').locator('[data-remote="testing"]');

/** A call of the testing API as the page's signed-in teacher (session and XSRF token). */
async function api<R>(page: Page, path: string, body: object): Promise<R> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  const response = await page.request.post(`${T}/${path}.json`, {
    data: body,
    headers: { 'X-XSRF-TOKEN': cookie?.value ?? '' },
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { data: R }).data;
}

/** The teacher's test of three true/false questions, open to the demo student's group now. */
async function openTest(page: Page, title = TITLE): Promise<void> {
  await loginAs(page, TEACHER);
  const teaching = await api<
    { disciplineId: number; groups: { groupId: number; group: string }[] }[]
  >(page, 'teaching', {});
  const discipline = teaching.find((d) => d.groups.some((g) => g.group === GROUP));
  const group = discipline?.groups.find((g) => g.group === GROUP);
  if (!discipline || !group) throw new Error(`the demo teacher teaches ${GROUP}`);
  const topic = await api<{ id: number }>(page, 'topic-save', {
    disciplineId: discipline.disciplineId,
    title: `Тема ${title}`,
  });
  for (const [text, truth, feedback] of [
    ['Бишкек — столица Кыргызстана.', true, 'Да, с 1926 года.'],
    ['Иссык-Куль — солёное озеро.', true, 'Оно слабосолёное.'],
    ['Нарын впадает в Каспий.', false, 'Нарын — исток Сырдарьи.'],
  ] as const) {
    await api(page, 'question-save', {
      topicId: topic.id,
      kind: 'truefalse',
      text,
      points: 1,
      truth,
      feedback,
    });
  }
  const made = await api<{ id: number }>(page, 'test-save', {
    disciplineId: discipline.disciplineId,
    title,
    timeLimitMinutes: 20,
    attemptsAllowed: 1,
    grading: 'best',
    passMark: 60,
    draws: [{ topicId: topic.id, count: 3 }],
    reviewAfterAttempt: 'feedback',
  });
  const now = Date.now();
  await api(page, 'window-save', {
    testId: made.id,
    groupId: group.groupId,
    opensAt: now - 60_000,
    closesAt: now + 24 * 3_600_000,
  });
}

test('a student on a phone answers offline: the answers wait, go out when back online, and count', async ({
  page,
  browser,
}) => {
  // Two sessions, the teacher's test made first: a long journey on a busy machine.
  test.slow();
  await openTest(page);
  const student = await signedInPage(browser, STUDENT, {
    viewport: { width: 375, height: 740 },
    lang: 'ru',
  });
  const phone = student.context();
  await student.goto('/lms/testing');
  const mine = testing(student)
    .getByRole('listitem')
    .filter({ has: student.getByRole('heading', { name: TITLE }) });
  await mine.getByRole('button', { name: /^Начать/ }).click();
  const attempt = testing(student);
  const timer = attempt.getByTestId('time-left');
  await expect(timer).toHaveText(/^(20:00|19:[0-5]\d)$/);
  const question = (text: string) => attempt.getByRole('region').filter({ hasText: text });
  const answer = async (text: string, choice: 'Верно' | 'Неверно') => {
    await question(text).getByRole('radio', { name: choice, exact: true }).check();
  };

  // Online: saved at once.
  await answer('Бишкек — столица', 'Верно');
  await expect(question('Бишкек — столица').getByTestId('save-state')).toHaveText('Сохранено');

  // The connection drops: two answers wait on the phone, and the timer keeps running.
  await phone.setOffline(true);
  await answer('Иссык-Куль', 'Верно');
  await answer('Нарын', 'Неверно');
  for (const text of ['Иссык-Куль', 'Нарын']) {
    await expect(question(text).getByTestId('save-state')).toHaveText('Ещё не отправлено');
  }
  await expect(attempt.getByTestId('outbox')).toContainText('Не отправлено ответов: 2');
  const shown = await timer.textContent();
  await expect(timer).not.toHaveText(shown ?? '');
  expect(
    await student.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
  ).toBe(true);
  await student.screenshot({ path: test.info().outputPath('offline-375.png'), fullPage: true });

  // Back online: they are sent, and the result counts all three.
  await phone.setOffline(false);
  for (const text of ['Иссык-Куль', 'Нарын']) {
    await expect(question(text).getByTestId('save-state')).toHaveText('Сохранено');
  }
  await expect(attempt.getByTestId('outbox')).toHaveCount(0);
  await attempt.getByRole('button', { name: 'Сдать' }).click();
  await student.getByRole('dialog').getByRole('button', { name: 'Сдать' }).click();
  await expect(attempt.getByTestId('result')).toContainText('Результат: 3 из 3 (100 %)');
  // The review the test allows: the teacher's feedback under each question.
  await expect(question('Нарын').getByTestId('review')).toContainText(
    'Комментарий преподавателя: Нарын — исток Сырдарьи.',
  );
  await student.screenshot({ path: test.info().outputPath('review-375.png'), fullPage: true });
  await phone.close();
});

/** Waits until the portal's service worker controls the page (it keeps the shell and remotes). */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) => {
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
    });
  });
}

/** The seconds a timer's "mm:ss" shows. */
const seconds = (shown: string | null) => {
  const [m = '0', s = '0'] = (shown ?? '').split(':');
  return Number(m) * 60 + Number(s);
};

test('a student whose phone lost the connection reopens the attempt offline and keeps answering', async ({
  page,
  browser,
}) => {
  test.slow();
  const title = `Без связи, заново ${Date.now().toString(36)}`;
  await openTest(page, title);
  // The installed portal: its service worker keeps the shell and the remotes for a reload offline.
  const phone = await browser.newContext({
    viewport: { width: 375, height: 740 },
    serviceWorkers: 'allow',
  });
  const student = await phone.newPage();
  await loginAs(student, STUDENT);
  await controlledByServiceWorker(student);
  await student.goto('/lms/testing');
  const mine = testing(student)
    .getByRole('listitem')
    .filter({ has: student.getByRole('heading', { name: title }) });
  await mine.getByRole('button', { name: /^Начать/ }).click();
  const attempt = testing(student);
  const timer = attempt.getByTestId('time-left');
  await expect(timer).toHaveText(/^(20:00|19:[0-5]\d)$/);
  await expect(student).toHaveURL(/[?&]attempt=\d+/);
  const question = (text: string) => attempt.getByRole('region').filter({ hasText: text });
  const answer = async (text: string, choice: 'Верно' | 'Неверно') => {
    await question(text).getByRole('radio', { name: choice, exact: true }).check();
  };
  await answer('Бишкек — столица', 'Верно');
  await expect(question('Бишкек — столица').getByTestId('save-state')).toHaveText('Сохранено');

  try {
    // The connection drops; one answer waits on the phone; then the page is reloaded offline.
    await phone.setOffline(true);
    await answer('Иссык-Куль', 'Верно');
    await expect(question('Иссык-Куль').getByTestId('save-state')).toHaveText('Ещё не отправлено');
    const before = seconds(await timer.textContent());
    await student.reload();

    // The questions received and the answers given come back from the phone's store.
    await expect(attempt.getByRole('heading', { name: title })).toBeVisible();
    await expect(attempt.getByRole('region')).toHaveCount(3);
    await expect(
      question('Бишкек — столица').getByRole('radio', { name: 'Верно', exact: true }),
    ).toBeChecked();
    await expect(
      question('Иссык-Куль').getByRole('radio', { name: 'Верно', exact: true }),
    ).toBeChecked();
    await expect(question('Иссык-Куль').getByTestId('save-state')).toHaveText('Ещё не отправлено');
    await expect(attempt.getByTestId('outbox')).toContainText('Не отправлено ответов: 1');
    // The timer runs on from the server's deadline learnt before: not reset, still counting.
    await expect(timer).toHaveText(/^1\d:[0-5]\d$/);
    expect(seconds(await timer.textContent())).toBeLessThanOrEqual(before);
    const shown = await timer.textContent();
    await expect(timer).not.toHaveText(shown ?? '');

    // Still offline, the student keeps answering.
    await answer('Нарын', 'Неверно');
    await expect(question('Нарын').getByTestId('save-state')).toHaveText('Ещё не отправлено');
    await expect(attempt.getByTestId('outbox')).toContainText('Не отправлено ответов: 2');
    await student.screenshot({
      path: test.info().outputPath('reopened-offline-375.png'),
      fullPage: true,
    });
  } finally {
    await phone.setOffline(false);
  }

  // Back online: the two links of the phone's chain go in order, and the result counts all three.
  for (const text of ['Иссык-Куль', 'Нарын']) {
    await expect(question(text).getByTestId('save-state')).toHaveText('Сохранено');
  }
  await expect(attempt.getByTestId('outbox')).toHaveCount(0);
  await attempt.getByRole('button', { name: 'Сдать' }).click();
  await student.getByRole('dialog').getByRole('button', { name: 'Сдать' }).click();
  await expect(attempt.getByTestId('result')).toContainText('Результат: 3 из 3 (100 %)');
  await phone.close();
});
