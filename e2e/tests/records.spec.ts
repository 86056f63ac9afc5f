import { expect, test, type Browser } from '@playwright/test';
import { finance } from '../support/finance';
import { REGISTRAR, STUDENT, TEACHER, loginAs, type Account } from '../support/portal';
import { virtualAuthenticator } from '../support/passkey';
import { records } from '../support/records';

async function signedIn(browser: Browser, account: Account) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, account);
  return { context, page };
}

test('the teacher fills in the statement and signs it, the registrar confirms it, the transcript shows the grade and the rating the place', async ({
  browser,
}) => {
  // Three people sign in, one after another.
  test.slow();
  const student = await signedIn(browser, STUDENT);
  const teacher = await signedIn(browser, TEACHER);
  const registrar = await signedIn(browser, REGISTRAR);
  try {
    // The teacher opens the seeded statement, ready to sign.
    await teacher.page.goto('/lms/statement');
    const sheet = records(teacher.page);
    await expect(sheet.getByRole('heading', { name: 'Электронная ведомость' })).toBeVisible();
    await sheet
      .getByRole('button', { name: /^Открыть ведомость / })
      .first()
      .click();
    await expect(sheet.getByTestId('statement-state')).toHaveText('Черновик');
    const discipline = (await sheet.locator('dd').first().textContent()) ?? '';
    expect(discipline).not.toBe('');

    await student.page.goto('/lms/transcript');
    const transcript = finance(student.page);
    await expect(transcript.getByTestId('transcript-gpa')).toBeVisible();
    const before = await transcript
      .getByRole('rowheader', { name: discipline, exact: true })
      .count();

    // New points for the demo student, saved: the final score is current + points.
    const points = sheet.getByRole('spinbutton', {
      name: 'Баллы экзамена или зачёта: Жумабаева Айгерим Талантбековна',
    });
    await points.fill('37');
    await sheet.getByRole('button', { name: 'Сохранить баллы' }).click();
    await expect(sheet.getByRole('button', { name: 'Сохранить баллы' })).toBeDisabled();
    const row = sheet.getByRole('row').filter({ hasText: 'Жумабаева Айгерим Талантбековна' });
    const current = Number(await row.getByRole('cell').nth(1).textContent());
    const final = current + 37;
    await expect(row.getByRole('cell').nth(3)).toHaveText(String(final));

    // The teacher has no passkey yet: the sheet says how, and registers this device's.
    await virtualAuthenticator(teacher.page);
    const passkey = sheet.getByRole('region', { name: 'Подпись ключом доступа' });
    await expect(passkey).toContainText('зарегистрируйте его один раз');
    await passkey.getByRole('button', { name: 'Зарегистрировать ключ доступа' }).click();
    // Signing asks first; the passkey signs the statement's digest.
    await sheet.getByRole('button', { name: 'Подписать' }).click();
    const dialog = teacher.page.getByRole('dialog');
    await expect(dialog).toContainText('Подписать ведомость?');
    await dialog.getByRole('button', { name: 'Подписать' }).click();
    await expect(sheet.getByTestId('statement-state')).toHaveText('Подписана преподавателем');
    await expect(sheet.getByTestId('statement-signature')).toContainText(
      'Действительна: подписана ключом доступа',
    );
    await expect(sheet.getByRole('spinbutton')).toHaveCount(0);

    // The registrar finds it signed in the list of all, and confirms it.
    await registrar.page.goto('/lms/statement');
    const office = records(registrar.page);
    const listed = office.getByRole('row').filter({ hasText: discipline });
    await expect(listed.getByText('Подписана преподавателем')).toBeVisible();
    await listed.getByRole('button', { name: /^Открыть ведомость / }).click();
    await office.getByRole('button', { name: 'Подтвердить' }).click();
    await registrar.page.getByRole('dialog').getByRole('button', { name: 'Подтвердить' }).click();
    await expect(office.getByTestId('statement-state')).toHaveText('Подтверждена');

    // The student's transcript now has the grade.
    await student.page.reload();
    await expect(transcript.getByRole('rowheader', { name: discipline, exact: true })).toHaveCount(
      before + 1,
    );
    const graded = transcript
      .getByRole('row')
      .filter({ has: student.page.getByRole('rowheader', { name: discipline, exact: true }) })
      .filter({ hasText: String(final) });
    await expect(graded.first()).toBeVisible();

    // And the rating shows their place in the group.
    await student.page.goto('/lms/rating');
    const rating = records(student.page);
    await expect(rating.getByRole('heading', { name: 'Рейтинг' })).toBeVisible();
    await expect(rating.getByTestId('rating-group')).toHaveText(
      /^\d+-е место из \d+ · лучше, чем \d+ %$/,
    );
  } finally {
    await Promise.all([
      student.context.close(),
      teacher.context.close(),
      registrar.context.close(),
    ]);
  }
});
