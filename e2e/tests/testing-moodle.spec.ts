import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { TEACHER, loginAs } from '../support/portal';
import { REPO_ROOT } from '../support/server';

// The demo teacher's bank of a discipline they teach: a Moodle XML file in, a topic out.
const DISCIPLINE = 'Тестирование программного обеспечения';

const testing = (page: Page) => page.getByRole('main').locator('[data-remote="testing"]');

test.use({ viewport: { width: 1280, height: 900 } });

test('a teacher imports a Moodle XML bank at 1280, sees the skipped questions named, and downloads the export', async ({
  page,
}) => {
  // No script of the file may run in the page: a dialog fails the journey.
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await loginAs(page, TEACHER);
  await page.goto('/lms/testing');
  const root = testing(page);
  await root.getByLabel('Дисциплина').selectOption({ label: DISCIPLINE });
  const form = root.locator('form', {
    has: page.getByRole('heading', { name: 'Импорт из файла Moodle XML' }),
  });
  const xml = await readFile(path.join(REPO_ROOT, 'api', 'test', 'fixtures', 'sample-moodle.xml'));
  await form
    .getByLabel('Файл Moodle XML')
    .setInputFiles({ name: 'bank.xml', mimeType: 'text/xml', buffer: xml });
  await form.getByRole('button', { name: 'Импортировать' }).click();
  const result = form.getByTestId('import-result-xml');
  await expect(result).toContainText('Импортировано вопросов: 8');
  await expect(result).toContainText('Формула (calculated): Вопросы этого типа не импортируются');
  await expect(result).toContainText('Без правильного: Не отмечен правильный ответ');
  await expect(result).toContainText(
    'Лишние ответы: Сопоставление с лишними ответами без пары не поддерживается',
  );
  await expect(root.getByText(/^Эссе \(\d+\)$/)).toBeVisible();
  await expect(root.getByText(/^География \(\d+\)$/)).toBeVisible();

  // The topic as Moodle XML: a named UTF-8 file with the questions, no script in it.
  const exports = root.getByRole('region', { name: 'Экспорт банка' });
  await exports.getByLabel('Что выгрузить').selectOption({ label: 'География' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    exports.getByRole('link', { name: 'Скачать в Moodle XML' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${DISCIPLINE} - География.xml`);
  const file = await readFile(await download.path(), 'utf8');
  expect(file).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
  expect(file).toContain('Какой город — столица Кыргызстана?');
  expect(file).toContain('$course$/top/География');
  expect(file).not.toContain('<script');
  expect(dialogs).toEqual([]);
});
