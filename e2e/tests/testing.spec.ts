import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { STUDENT, TEACHER, loginAs } from '../support/portal';
import { REPO_ROOT } from '../support/server';

// The teacher's bank and test are the demo teacher's, the attempt the demo student's.
test.describe.configure({ mode: 'serial' });

const DISCIPLINE = 'Тестирование программного обеспечения';
const GROUP = 'ПИ-1-25';
const TITLE = `Контрольная ${Date.now().toString(36)}`;

const testing = (page: Page) => page.getByRole('main').locator('[data-remote="testing"]');

/** A local date and time `minutes` from now as a datetime-local field takes it. */
function localInput(minutes: number): string {
  const date = new Date(Date.now() + minutes * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

test('a teacher builds a test, a student takes it on a 375 px phone by keyboard and sees the result', async ({
  page,
  browser,
}) => {
  // Two sessions and a whole bank built by hand: a long journey.
  test.slow();
  await loginAs(page, TEACHER);
  await page.goto('/lms/testing');
  const root = testing(page);
  await expect(root.getByRole('heading', { name: 'Тестирование', level: 1 })).toBeVisible();
  await root.getByLabel('Дисциплина').selectOption({ label: DISCIPLINE });
  await expect(root.getByRole('heading', { name: 'Банк вопросов' })).toBeVisible();

  // A topic of its own, two questions in it.
  const topic = `Тема ${TITLE}`;
  await root.getByLabel('Название темы').fill(topic);
  await root.getByRole('button', { name: 'Добавить тему' }).click();
  await expect(root.getByText(`${topic} (0)`)).toBeVisible();
  const question = root.locator('form', {
    has: page.getByRole('heading', { name: 'Новый вопрос' }),
  });
  await question.getByLabel('Тема').selectOption({ label: topic });
  await question.getByLabel('Текст вопроса').fill('Сколько будет 2 + 2?');
  await question.getByLabel('Варианты').fill('*4\n5\n22');
  await question.getByRole('button', { name: 'Добавить вопрос' }).click();
  await expect(root.getByText(`${topic} (1)`)).toBeVisible();
  await question.getByLabel('Тип').selectOption({ label: 'Верно / неверно' });
  await question.getByLabel('Текст вопроса').fill('Бишкек — столица Кыргызстана.');
  await question.getByRole('button', { name: 'Добавить вопрос' }).click();
  await expect(root.getByText(`${topic} (2)`)).toBeVisible();

  // The test draws both, and opens to the group from a minute ago for a day.
  const form = root.locator('form', { has: page.getByRole('heading', { name: 'Новый тест' }) });
  await form.getByLabel('Название теста').fill(TITLE);
  await form.getByLabel(`Вопросов из темы «${topic}» (есть 2)`).fill('2');
  await form.getByRole('button', { name: 'Создать тест' }).click();
  const card = root.getByRole('article', { name: TITLE });
  await expect(card.getByText('Ещё не открыт ни одной группе.')).toBeVisible();
  await card.getByLabel('Группа').selectOption({ label: GROUP });
  await card.getByLabel('Открывается').fill(localInput(-1));
  await card.getByLabel('Закрывается').fill(localInput(24 * 60));
  await card.getByRole('button', { name: 'Открыть группе' }).click();
  await expect(card.getByText(new RegExp(`^${GROUP}: Открыт:`))).toBeVisible();

  // The student, on a phone.
  const phone = await browser.newContext({
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
    locale: 'ru-RU',
  });
  const student = await phone.newPage();
  await loginAs(student, STUDENT);
  await student.goto('/lms/testing');
  const mine = testing(student)
    .getByRole('listitem')
    .filter({
      has: student.getByRole('heading', { name: TITLE }),
    });
  await expect(mine.getByText('Осталось попыток: 1 из 1')).toBeVisible();
  await mine.getByRole('button', { name: /^Начать/ }).click();
  const attempt = testing(student);
  await expect(attempt.getByTestId('time-left')).toHaveText(/^(20:00|19:[0-5]\d)$/);
  // Every answer by keyboard, each saved as it is given.
  const single = attempt.getByRole('region').filter({ hasText: 'Сколько будет 2 + 2?' });
  await single.getByRole('radio', { name: '4', exact: true }).focus();
  await student.keyboard.press('Space');
  await expect(single.getByTestId('save-state')).toHaveText('Сохранено');
  const truth = attempt.getByRole('region').filter({ hasText: 'Бишкек — столица' });
  await truth.getByRole('radio', { name: 'Верно', exact: true }).focus();
  await student.keyboard.press('Space');
  await expect(truth.getByTestId('save-state')).toHaveText('Сохранено');
  // Nothing wider than the phone.
  expect(
    await student.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
  ).toBe(true);
  // The teacher's live monitor shows the student taking it, both answers given.
  await card.getByRole('button', { name: /^Мониторинг/ }).click();
  await expect(
    card.getByRole('row').filter({ hasText: 'Проходит тест' }).filter({ hasText: '2 из 2' }),
  ).toBeVisible();
  await card.getByRole('button', { name: /^Мониторинг/ }).click();
  await attempt.getByRole('button', { name: 'Сдать' }).focus();
  await student.keyboard.press('Enter');
  await student.getByRole('dialog').getByRole('button', { name: 'Сдать' }).click();
  await expect(attempt.getByTestId('result')).toContainText('Результат: 2 из 2 (100 %)');
  await expect(attempt.getByTestId('result')).toContainText('Сдано');
  await phone.close();

  // The teacher sees the attempt among the results.
  await card.getByRole('button', { name: /^Результаты/ }).click();
  await expect(card.getByRole('table')).toContainText('2 / 2');
});

test('a teacher imports a GIFT file on a phone: its category becomes a topic, the broken questions are named', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await loginAs(page, TEACHER);
  await page.goto('/lms/testing');
  const root = testing(page);
  await root.getByLabel('Дисциплина').selectOption({ label: DISCIPLINE });
  const form = root.locator('form', {
    has: page.getByRole('heading', { name: 'Импорт из файла GIFT' }),
  });
  const gift = await readFile(path.join(REPO_ROOT, 'api', 'test', 'fixtures', 'sample.gift'));
  await form
    .getByLabel('Файл GIFT (Moodle)')
    .setInputFiles({ name: 'bank.gift', mimeType: 'text/plain', buffer: gift });
  await form.getByRole('button', { name: 'Импортировать' }).click();
  const result = form.getByTestId('import-result');
  await expect(result).toContainText('Импортировано вопросов: 9');
  await expect(result).toContainText('Сломанный: Блок ответов не закрыт (нет })');
  await expect(result).toContainText('Без ответа: Не отмечен правильный ответ');
  await expect(root.getByText(/^География \(\d+\)$/)).toBeVisible();
  // The import card and what it says fit the phone's width: nothing to scroll sideways for.
  for (const part of [form, result]) {
    const box = await part.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
