import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { REGISTRAR, TEACHER, remoteRoot, signedInPage } from '../support/portal';

// Staff rights: the registrar's office, on a 375 px phone, grants the demo teacher the quality
// office; the teacher's portal opens the questionnaires' office on their next page; the
// registrar revokes it after a confirmation and the teacher is back to their own results.

const PHONE = { width: 375, height: 812 };
const TEACHER_NAME = 'Асанов Бакыт Маратович';
const RIGHT = 'Отдел качества (анкеты)';
const OFFICE_TEXT = 'Откройте анкету на семестр';
const TEACHER_TEXT = 'Результаты анкет по вашим дисциплинам';

test('the registrar grants the quality office on a phone, it works at once, and revokes it after a confirmation', async ({
  browser,
}) => {
  // Two people signed in and an accessibility check on a machine shared with builds.
  test.slow();
  const office = await signedInPage(browser, REGISTRAR, { viewport: PHONE });
  const teacher = await signedInPage(browser, TEACHER);

  // The teacher's questionnaire page before: their own results, no office.
  await teacher.goto('/lms/questionnaire');
  await expect(remoteRoot(teacher, 'planning').getByText(TEACHER_TEXT)).toBeVisible();

  await office.goto('/lms/staffaccess');
  const root = remoteRoot(office, 'planning');
  await expect(root.getByRole('heading', { name: 'Права сотрудников' })).toBeVisible();
  await root.getByRole('searchbox', { name: /Найти сотрудника/ }).fill('Асанов Бакыт');
  await root.getByRole('button', { name: 'Найти', exact: true }).click();
  const card = root.getByRole('listitem', { name: TEACHER_NAME });
  await expect(card.getByRole('list', { name: `Права: ${TEACHER_NAME}` })).toContainText(
    `${RIGHT}: нет`,
  );
  await card.getByRole('button', { name: `Выдать право «${RIGHT}»: ${TEACHER_NAME}` }).click();
  await expect(office.getByText(`Право «${RIGHT}» выдано: ${TEACHER_NAME}`)).toBeVisible();
  await expect(card).toContainText(`${RIGHT}: есть`);
  await expectNoAxeViolations(office, 'the staff rights at 375 px', '[data-remote="planning"]');
  // Nothing of the screen is wider than the phone.
  expect(await office.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );

  // The teacher's next page is the office's: the questionnaires and their rates.
  await teacher.reload();
  const teacherRoot = remoteRoot(teacher, 'planning');
  await expect(teacherRoot.getByText(OFFICE_TEXT)).toBeVisible();
  await expect(teacherRoot.getByRole('table', { name: 'Анкеты' })).toBeVisible();

  // The holders' list names the teacher; revoking asks first, and a "keep it" keeps it.
  await root.getByRole('button', { name: 'Показать, у кого есть права' }).click();
  await expect(root.getByRole('heading', { name: 'У кого есть права сейчас' })).toBeVisible();
  const holder = root.getByRole('listitem', { name: TEACHER_NAME });
  const revoke = holder.getByRole('button', { name: `Отозвать право «${RIGHT}»: ${TEACHER_NAME}` });
  await revoke.click();
  await office.getByRole('dialog').getByRole('button', { name: 'Не отзывать' }).click();
  await expect(office.getByRole('dialog')).toBeHidden();
  await expect(holder).toContainText(`${RIGHT}: есть`);
  await revoke.click();
  const dialog = office.getByRole('dialog');
  await expect(dialog).toContainText(`Отозвать право «${RIGHT}» у сотрудника ${TEACHER_NAME}?`);
  await dialog.getByRole('button', { name: 'Да, отозвать' }).click();
  await expect(office.getByText(`Право «${RIGHT}» отозвано: ${TEACHER_NAME}`)).toBeVisible();
  // The teacher leaves the holders' list (the workload journey's head may be in it meanwhile:
  // the suite runs two files at once on one database).
  await expect(root.getByRole('listitem', { name: TEACHER_NAME })).toHaveCount(0);

  // And the teacher is back to their own results.
  await teacher.reload();
  await expect(teacherRoot.getByText(TEACHER_TEXT)).toBeVisible();
  await expect(teacherRoot.getByRole('table', { name: 'Анкеты' })).toHaveCount(0);

  await office.context().close();
  await teacher.context().close();
});
