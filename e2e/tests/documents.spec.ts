import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { finance, inDays, orderDocument } from '../support/finance';
import { REGISTRAR, STUDENT, loginAs } from '../support/portal';
import { records } from '../support/records';

const PHONE = { width: 375, height: 740 };
const REASON = 'Выдана с неверной датой рождения';

test('a student finds an issued certificate in Documents on a phone; the registrar revokes it with a reason; its verification page and the student’s list say so', async ({
  browser,
}) => {
  // Two people, three pages and a public one: several journeys' loads on a shared machine.
  test.setTimeout(180_000);
  const studentContext = await browser.newContext({ viewport: PHONE });
  const registrarContext = await browser.newContext();
  try {
    // The student orders a certificate of study; the portal issues it at once.
    const phone = await studentContext.newPage();
    await loginAs(phone, STUDENT);
    await phone.goto('/lms/singlewindow');
    await expect(finance(phone).getByRole('heading', { name: 'Единое окно' })).toBeVisible();
    await orderDocument(phone, 'Справка с места учёбы', inDays(5));
    await expect(phone.getByText('Справка готова')).toBeVisible();

    // Documents, on a 375 px phone: the newest certificate is on top, valid, with its links.
    await phone.goto('/lms/documents');
    const mine = records(phone);
    await expect(mine.getByRole('heading', { name: 'Документы', level: 1 })).toBeVisible();
    const card = mine.getByRole('listitem').filter({ hasText: 'Справка с места учёбы' }).first();
    await expect(card.getByTestId('document-status')).toHaveText('Действителен');
    await expect(
      card.getByRole('link', { name: /^Скачать PDF: Справка с места учёбы № \d+$/ }),
    ).toBeVisible();
    const title = (await card.getByRole('heading').textContent()) ?? '';
    const number = /№ (\d+)/.exec(title)?.[1] ?? '';
    expect(number).not.toBe('');
    const verifyUrl =
      (await card.getByRole('link', { name: /^Страница проверки/ }).getAttribute('href')) ?? '';
    const verifyPath = new URL(verifyUrl).pathname;
    expect(verifyPath).toMatch(/^\/lms\/verify\/\d+-[A-Za-z0-9_-]{22}$/);
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'no sideways scrolling on a phone').toBeLessThanOrEqual(0);
    await expectNoAxeViolations(phone, 'documents on a phone');

    // The registrar's office finds the student and revokes that certificate, with a reason.
    const office = await registrarContext.newPage();
    await loginAs(office, REGISTRAR);
    await office.goto('/lms/documents');
    const desk = records(office);
    await desk.getByRole('textbox', { name: /ФИО студента или группа/ }).fill('Жумабаева');
    await desk.getByRole('button', { name: 'Найти' }).click();
    await expect(
      desk.getByRole('heading', { name: /^Жумабаева Айгерим Талантбековна, / }),
    ).toBeVisible();
    const name = `Справка с места учёбы № ${number}`;
    await desk.getByRole('button', { name: `Отозвать: ${name}` }).click();
    await desk.getByRole('textbox', { name: `Причина отзыва: ${name}` }).fill(REASON);
    await expectNoAxeViolations(office, 'the registrar’s documents with a revocation open');
    await desk.getByRole('button', { name: 'Отозвать', exact: true }).click();
    const dialog = office.getByRole('dialog');
    await expect(dialog).toContainText(`«${REASON}»`);
    await dialog.getByRole('button', { name: 'Отозвать' }).click();
    await expect(office.getByText(`${name}: документ отозван.`)).toBeVisible();
    const revokedCard = desk.getByTestId(`document-${number}`);
    await expect(revokedCard.getByTestId('document-status')).toHaveText(/^Отозван /);
    await expect(revokedCard.getByRole('button', { name: `Отозвать: ${name}` })).toHaveCount(0);

    // The verification link now says it was revoked, when and why, in the reader's language.
    const reader = await registrarContext.newPage();
    await reader.goto(`${verifyPath}?lang=en`);
    await expect(reader.getByTestId('verify-status')).toHaveText(
      /^The document has been revoked: /,
    );
    await expect(reader.getByTestId('verify-reason')).toHaveText(`Reason: ${REASON}`);
    await reader.goto(`${verifyPath}?lang=kg`);
    await expect(reader.getByTestId('verify-status')).toHaveText(/^Документ кайтарылып алынган: /);
    await expect(reader.getByTestId('verify-reason')).toHaveText(`Себеби: ${REASON}`);
    await expectNoAxeViolations(reader, 'the verification page of a revoked document');

    // The student's list shows it revoked, with the reason.
    await phone.reload();
    const shown = records(phone).getByTestId(`document-${number}`);
    await expect(shown.getByTestId('document-status')).toHaveText(/^Отозван /);
    await expect(shown.getByTestId('document-reason')).toHaveText(REASON);
  } finally {
    await studentContext.close();
    await registrarContext.close();
  }
});
