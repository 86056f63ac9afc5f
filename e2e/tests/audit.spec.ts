import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { TEACHER, loginAs } from '../support/portal';

// The audit trail seen from the journal: a teacher sets a mark on a phone, changes it, and the
// cell's history names both values with who set them and when.

const PHONE = { width: 375, height: 812 };
const DISCIPLINE = 'Тестирование программного обеспечения';
const GROUP = 'ПИ-1-25 (вся группа)';
const LESSON_TYPE = 'Лекция';
/** The demo student is in ПИ-1-25. */
const STUDENT = /^Жумабаева /;
const TEACHER_NAME = 'Асанов Бакыт Маратович';

test("on a 375 px phone a teacher sets a mark, changes it, and reads both in the cell's history", async ({
  browser,
}) => {
  test.slow();
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await loginAs(page, TEACHER);
  await page.goto('/lms/journal');
  const root = page.getByRole('main').locator('[data-remote="journal"]');
  await expect(root.getByRole('heading', { name: 'Журнал занятий' })).toBeVisible();
  for (const [label, option] of [
    ['Дисциплина', DISCIPLINE],
    ['Группа или подгруппа', GROUP],
    ['Вид занятия', LESSON_TYPE],
  ] as const) {
    await expect(root.getByLabel(label).getByRole('option', { name: option })).toBeAttached();
    await root.getByLabel(label).selectOption({ label: option });
  }
  const list = root.getByRole('list', { name: /^Отметки: / });
  const item = list.getByRole('listitem').filter({ hasText: STUDENT });
  const select = item.getByRole('combobox');
  await expect(select).toBeVisible();
  // The journal's other journeys read this cell as seeded: it is put back at the end.
  const seeded = await select.inputValue();

  // Set, then change: each save answered by the server.
  for (const mark of ['3', '4']) {
    const saved = page.waitForResponse(
      (response) => response.url().includes('/studentvisitupdate') && response.status() === 200,
    );
    await select.selectOption({ label: mark });
    await saved;
    await expect(select).toHaveValue(mark);
  }

  await item.getByRole('button', { name: /^История отметки: Жумабаева / }).click();
  const dialog = page.getByRole('dialog', { name: 'История отметки' });
  await expect(dialog).toBeVisible();
  const entries = dialog.getByRole('listitem');
  const set = entries.filter({ hasText: /^3поставил/ }).last();
  const changed = entries.last();
  await expect(changed).toContainText('4');
  await expect(changed).toContainText(`поставил(а) ${TEACHER_NAME}`);
  await expect(changed).toContainText('было: 3');
  await expect(set).toContainText(`поставил(а) ${TEACHER_NAME}`);
  // The dialog fits the phone.
  const box = await dialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(page, "a cell's history on a phone");

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const restored = page.waitForResponse(
    (response) => response.url().includes('/studentvisitupdate') && response.status() === 200,
  );
  await select.selectOption(seeded);
  await restored;
  await expect(select).toHaveValue(seeded);
  await context.close();
});
