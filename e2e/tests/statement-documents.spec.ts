import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { REGISTRAR, TEACHER, loginAs } from '../support/portal';
import { records } from '../support/records';
import { passkeyCeremony, virtualAuthenticator } from '../support/passkey';

const PHONE = { width: 375, height: 740 };

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
  admitted: boolean;
}
interface Detail {
  id: number;
  digest: string;
  lines: Line[];
}

/**
 * A statement of its own for this journey (the seeded one belongs to the records journey): the
 * registrar opens a credit statement on another discipline the demo teacher teaches, and the
 * teacher enters every admitted student's points and signs it.
 */
async function signedStatement(teacher: Page, registrar: Page): Promise<number> {
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
    control: 'credit',
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
  return saved.id;
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
    const id = await signedStatement(phone, office);

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
