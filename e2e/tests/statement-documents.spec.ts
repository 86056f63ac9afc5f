import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { finance } from '../support/finance';
import { REGISTRAR, TEACHER, loginAs, type Account } from '../support/portal';
import { records } from '../support/records';
import { passkeyCeremony, virtualAuthenticator } from '../support/passkey';

const PHONE = { width: 375, height: 740 };
/** The demo student who must change their password first: not the one whose retake is read. */
const NEW_STUDENT_NAME = 'Токтогулов Адилет Нурланович';
/** A seeded student's account: the seed names them s0001, s0002, … in the order of their ids. */
const seededStudent = (id: number): Account => ({
  login: `s${String(id).padStart(4, '0')}`,
  password: 'Student1',
});

/** A call of the portal's API as the page's signed-in person (the envelope's data). */
async function api<T>(page: Page, path: string, body: object): Promise<T> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  if (!cookie) throw new Error('no XSRF-TOKEN cookie');
  const response = await page.request.post(`/lms/api/${path}`, {
    data: body,
    headers: { 'X-XSRF-TOKEN': cookie.value },
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

interface Line {
  id_student: number;
  fio: string;
  admitted: boolean;
  final: number | null;
}
interface Detail {
  id: number;
  digest: string;
  discipline: string;
  group: string;
  /** The teacher of record, as the reader's page names them. */
  teacher: string;
  lines: Line[];
}

/**
 * A statement of its own for a journey (the seeded one belongs to the records journey): the
 * registrar opens a statement (credit or exam: one per journey) on another discipline the demo
 * teacher teaches, and the teacher enters every admitted student's points and signs it.
 */
async function signedStatement(
  teacher: Page,
  registrar: Page,
  control: 'credit' | 'exam' = 'credit',
): Promise<Detail> {
  const me = await api<{ user: { uid: number; id: number } }>(teacher, 'auth/enticate.json', {});
  const [seeded] = await api<{ discipline: string; id_a_year: number; ws: 1 | 2 | 3 }[]>(
    teacher,
    'statements/teacher/list.json',
    {},
  );
  expect(seeded).toBeTruthy();
  const chain = { uid: me.user.uid, year: seeded!.id_a_year, ws: seeded!.ws };
  const disciplines = await api<{ id_discipline: number; name: string }[]>(
    teacher,
    'discipline/list.json',
    chain,
  );
  const discipline = disciplines.find((d) => d.name !== seeded!.discipline);
  expect(discipline, 'the demo teacher teaches a second discipline').toBeTruthy();
  const withDiscipline = { ...chain, id_discipline: discipline!.id_discipline };
  const [semester] = await api<{ id_semester: number }[]>(
    teacher,
    'discipline/semester/list.json',
    withDiscipline,
  );
  const [group] = await api<{ id_group: number }[]>(teacher, 'discipline/group/list.json', {
    ...withDiscipline,
    id_semester: semester!.id_semester,
  });
  const created = await api<Detail>(registrar, 'statements/registrar/create.json', {
    id_discipline: discipline!.id_discipline,
    id_group: group!.id_group,
    id_teacher: me.user.id,
    id_a_year: seeded!.id_a_year,
    ws: seeded!.ws,
    control,
    deadline: '2030-01-20',
  });
  const lines = created.lines.filter((l) => l.admitted).map((l) => ({ ...l, exam: 30 }));
  const saved = await api<Detail>(teacher, 'statements/teacher/save.json', {
    id: created.id,
    lines: lines.map((l) => ({ id_student: l.id_student, exam: l.exam })),
  });
  // The teacher signs with their passkey: registered once, then asserting the signing challenge.
  await virtualAuthenticator(teacher);
  // A passkey another journey registered lives in another browser: this one registers its own.
  const { passkeys } = await api<{ passkeys: { id: number }[] }>(
    teacher,
    'qr/passkeys/list.json',
    {},
  );
  for (const { id } of passkeys) await api(teacher, 'qr/passkeys/delete.json', { id });
  const creation = await api<object>(teacher, 'qr/passkeys/options.json', {});
  const response = await passkeyCeremony(teacher, 'create', creation);
  await api(teacher, 'qr/passkeys/register.json', { response });
  const digest = { id: saved.id, digest: saved.digest };
  const request = await api<object>(teacher, 'statements/teacher/sign-options.json', digest);
  const passkey = await passkeyCeremony(teacher, 'get', request);
  await api(teacher, 'statements/teacher/sign.json', { ...digest, passkey });
  return saved;
}

test('a teacher finds a signed statement among their documents on a phone, in English, downloads its PDF and opens its verification page', async ({
  browser,
}) => {
  test.slow();
  const teacherContext = await browser.newContext({ viewport: PHONE });
  const registrarContext = await browser.newContext();
  try {
    const phone = await teacherContext.newPage();
    await loginAs(phone, TEACHER);
    const office = await registrarContext.newPage();
    await loginAs(office, REGISTRAR);
    const { id } = await signedStatement(phone, office);

    await phone.goto('/lms/documents?lang=en');
    const mine = records(phone);
    await expect(mine.getByRole('heading', { name: 'Statements I signed' })).toBeVisible();
    const card = mine.getByTestId(`statement-document-${id}`);
    await expect(card.getByRole('heading')).toHaveText(`Statement No. ${id}`);
    await expect(card.getByTestId('statement-state')).toHaveText('Signed by the teacher');
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'no sideways scrolling on a phone').toBeLessThanOrEqual(0);
    await expectNoAxeViolations(phone, 'a teacher’s documents on a phone');

    // The PDF, in the reader's language.
    const [download] = await Promise.all([
      phone.waitForEvent('download'),
      card.getByRole('link', { name: `Download PDF: Statement No. ${id}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`statement-${id}-en.pdf`);
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    const bytes = await readFile(path);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Its verification page: signed, and no one's grades.
    const verifyUrl =
      (await card
        .getByRole('link', { name: `Verification page of Statement No. ${id}` })
        .getAttribute('href')) ?? '';
    const verifyPath = new URL(verifyUrl).pathname;
    expect(verifyPath).toMatch(/^\/lms\/verify\/statement\/\d+-[A-Za-z0-9_-]{22}$/);
    await phone.goto(`${verifyPath}?lang=en`);
    await expect(phone.getByTestId('verify-status')).toHaveText(
      'Genuine: signed by the teacher, not yet confirmed by the registrar’s office',
    );
    await expect(phone.getByRole('heading', { name: `Statement No. ${id}` })).toBeVisible();
  } finally {
    await Promise.all([teacherContext.close(), registrarContext.close()]);
  }
});

// In this file (not one of its own) so it runs after the journey above on the same worker: both
// replace the demo teacher's passkeys.
test('the registrar opens a retake sheet for one student of a confirmed statement; the teacher signs it on a phone; once confirmed, the old sheet says superseded', async ({
  browser,
}, testInfo) => {
  // Two people, a statement signed and confirmed, then the retake sheet signed and confirmed:
  // 21 s alone, over 90 s once on CI's two busy cores.
  test.setTimeout(180_000);
  const teacherContext = await browser.newContext({ viewport: PHONE });
  const registrarContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const phone = await teacherContext.newPage();
    await loginAs(phone, TEACHER);
    const office = await registrarContext.newPage();
    await loginAs(office, REGISTRAR);
    const original = await signedStatement(phone, office, 'exam');
    await api(office, 'statements/registrar/confirm.json', {
      id: original.id,
      digest: (await api<Detail>(office, 'statements/open.json', { id: original.id })).digest,
    });
    const student = original.lines.find((l) => l.admitted && l.fio !== NEW_STUDENT_NAME)!;

    // The registrar opens the confirmed statement and a retake sheet for one student. English
    // from the start: the names read below through the API come in the session's language, which
    // the app writes into its cookie only once it has started.
    await registrarContext.addCookies([
      { name: 'lang', value: 'en', url: new URL(office.url()).origin },
    ]);
    await office.goto('/lms/statement?lang=en');
    const desk = records(office);
    // Its names as the English page shows them (other journeys confirm statements of their own).
    const named = await api<Detail>(office, 'statements/open.json', { id: original.id });
    await desk
      .getByRole('row')
      .filter({ hasText: 'Exam' })
      .filter({ hasText: 'Confirmed' })
      .filter({ hasNotText: 'retake sheet' })
      .getByRole('button', { name: `Open the statement ${named.discipline}, ${named.group}` })
      .click();
    const form = desk.getByRole('form', { name: 'Open a retake sheet' });
    await form.getByRole('combobox', { name: 'Student' }).selectOption({ label: student.fio });
    // The registrar chooses who takes the retake among who teach the group: the demo teacher.
    const teacherChoice = form.getByRole('combobox', { name: 'Teacher of the retake' });
    await expect(teacherChoice.getByRole('option', { name: named.teacher })).toBeAttached();
    await teacherChoice.selectOption({ label: named.teacher });
    await form.getByRole('button', { name: 'Open a retake sheet' }).click();
    const ask = office.getByRole('dialog');
    await expect(ask).toContainText(
      `Open a retake sheet for ${student.fio}? ${named.teacher} will fill it in and sign it.`,
    );
    await ask.getByRole('button', { name: 'Open a retake sheet' }).click();
    await expect(desk.getByTestId('retake-of')).toHaveText(
      `Retake sheet of statement No. ${original.id}. Open statement No. ${original.id}`,
    );
    await expect(desk.getByTestId('statement-state')).toHaveText('Draft');

    // The teacher finds it on their phone, told at the top of their statements, enters the points
    // and signs it with the passkey.
    await phone.goto('/lms/statement?lang=en');
    const sheet = records(phone);
    await expect(
      sheet
        .getByRole('region', { name: 'Notices' })
        .getByRole('listitem')
        .filter({ hasText: /Retake sheet No\. \d+ is assigned to you/ })
        .filter({ hasText: `${named.discipline}, ${named.group}` }),
    ).toBeVisible();
    const openRetake = sheet.getByRole('button', { name: /retake sheet No\. \d+/ });
    const label = (await openRetake.getAttribute('aria-label')) ?? '';
    const retakeId = Number(/retake sheet No\. (\d+)/.exec(label)?.[1]);
    await openRetake.click();
    await sheet
      .getByRole('spinbutton', { name: `Exam or credit points of ${student.fio}` })
      .fill('38');
    await sheet.getByRole('button', { name: 'Save points' }).click();
    await expect(sheet.getByRole('button', { name: 'Save points' })).toBeDisabled();
    await sheet.getByRole('button', { name: 'Sign' }).click();
    await phone.getByRole('dialog').getByRole('button', { name: 'Sign' }).click();
    await expect(sheet.getByTestId('statement-state')).toHaveText('Signed by the teacher');
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'no sideways scrolling on a phone').toBeLessThanOrEqual(0);
    await expectNoAxeViolations(phone, 'a signed retake sheet on a phone');
    await phone.screenshot({ path: testInfo.outputPath('retake-phone.png'), fullPage: true });

    // The registrar confirms it; the original's line is superseded, the history shows both.
    await office.reload();
    await desk
      .getByRole('row')
      .filter({ hasText: `retake sheet No. ${retakeId}` })
      .getByRole('button', { name: /^Open the statement / })
      .click();
    await desk.getByRole('button', { name: 'Confirm' }).click();
    await office.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(desk.getByTestId('statement-state')).toHaveText('Confirmed');
    await desk.getByRole('button', { name: `Open statement No. ${original.id}` }).click();
    await expect(desk.getByTestId('line-superseded')).toHaveText(
      `Superseded by sheet No. ${retakeId}`,
    );
    await expect(desk.getByRole('table', { name: 'Grade history (retakes)' })).toBeVisible();
    await expectNoAxeViolations(office, 'a superseded statement with its grade history');
    await office.screenshot({ path: testInfo.outputPath('retake-desk.png'), fullPage: true });

    // The teacher's documents: the old sheet is superseded; its public page says so.
    await phone.goto('/lms/documents?lang=en');
    const card = records(phone).getByTestId(`statement-document-${original.id}`);
    await expect(card.getByTestId('statement-superseded')).toHaveText(
      `Superseded by a newer sheet, No. ${retakeId}`,
    );
    const verifyUrl =
      (await card
        .getByRole('link', { name: `Verification page of Statement No. ${original.id}` })
        .getAttribute('href')) ?? '';
    await phone.goto(`${new URL(verifyUrl).pathname}?lang=en`);
    await expect(phone.getByTestId('verify-superseded')).toContainText(
      'Some students’ grades are superseded by a newer sheet',
    );
    await phone.getByRole('link', { name: `Newer sheet No. ${retakeId}` }).click();
    await expect(phone.getByRole('heading', { name: `Statement No. ${retakeId}` })).toBeVisible();
    await expect(phone.getByTestId('verify-status')).toHaveText(
      'Genuine: signed and confirmed, the grades are in the record',
    );

    // The student's transcript shows the retake's score, and under it the score it replaced.
    const own = await browser.newContext({ viewport: PHONE });
    try {
      const reader = await own.newPage();
      await loginAs(reader, seededStudent(student.id_student));
      await reader.goto('/lms/transcript?lang=en');
      const note = finance(reader).getByTestId('transcript-replaced');
      await expect(note).toHaveCount(1);
      await expect(note).toHaveText(
        new RegExp(`^Retake grade of .+; it replaced ${student.final} \\(\\d, [A-Z]+\\) of .+\\.$`),
      );
      await expect(
        finance(reader)
          .getByRole('row')
          .filter({ has: reader.getByTestId('transcript-replaced') })
          .getByRole('rowheader', { name: named.discipline, exact: true }),
      ).toBeVisible();
      const sideways = await reader.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(sideways, 'no sideways scrolling on a phone').toBeLessThanOrEqual(0);
      await expectNoAxeViolations(reader, 'a transcript with a retake note on a phone');
      await reader.screenshot({
        path: testInfo.outputPath('transcript-retake-375.png'),
        fullPage: true,
      });
      await reader.setViewportSize({ width: 1280, height: 900 });
      await expect(note).toBeVisible();
      await expectNoAxeViolations(reader, 'a transcript with a retake note at a desk');
      await reader.screenshot({
        path: testInfo.outputPath('transcript-retake-1280.png'),
        fullPage: true,
      });
    } finally {
      await own.close();
    }
  } finally {
    await Promise.all([teacherContext.close(), registrarContext.close()]);
  }
});
