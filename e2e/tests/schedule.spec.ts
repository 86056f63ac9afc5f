import { readFile } from 'node:fs/promises';
import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type Page,
} from '@playwright/test';
import { STUDENT, TEACHER, loginAs, remoteRoot, type Account } from '../support/portal';
import { SCHEDULE_CLOCK_START } from '../support/server';

// The teacher shows a lesson's QR; students check in with it: one flow, in order.
test.describe.configure({ mode: 'serial' });

interface QrAnswer {
  data: { xGps: number; yGps: number; token: string; code: string; url: string; id: number };
}

/** A small RFC 5545 reader: unfolded lines of each VEVENT. */
function parseIcs(text: string): Record<string, string>[] {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  const events: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT' && current) {
      events.push(current);
      current = null;
    } else if (current) {
      const at = line.indexOf(':');
      current[line.slice(0, at)] = line.slice(at + 1);
    }
  }
  return events;
}

const schedule = (page: Page) => remoteRoot(page, 'journal');

/** A classmate of the demo student (ПИ-1-25), with the seed's student password. */
const CLASSMATE: Account = { login: 's0014', password: 'Student1' };

/** The phone's platform authenticator: Chromium's virtual one (CDP), with user verification. */
async function phoneAuthenticator(page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}

async function credentialsOf(authenticator: { cdp: CDPSession; id: string }) {
  const answer = await authenticator.cdp.send('WebAuthn.getCredentials', {
    authenticatorId: authenticator.id,
  });
  return answer.credentials;
}

let teacher: Page;
let qr: QrAnswer['data'];
/** The demo student's phone: its context and the passkey it registered. */
let phone: BrowserContext;
let phonePage: Page;
let demoCredentials: Awaited<ReturnType<typeof credentialsOf>>;

test("the teacher's device in another time zone still sees today's lesson and shows its QR", async ({
  browser,
}) => {
  // Sign-in, the week and the QR page in one journey: more than the default on a busy machine.
  test.setTimeout(60_000);
  // The teacher's laptop says Sunday evening in Los Angeles; in Bishkek it is Monday 09:40.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    timezoneId: 'America/Los_Angeles',
  });
  teacher = await context.newPage();
  await teacher.clock.setFixedTime(new Date(SCHEDULE_CLOCK_START));
  await loginAs(teacher, TEACHER);
  await teacher.goto('/lms/schedule');
  const monday = schedule(teacher).getByRole('region', { name: /Понедельник · сегодня/ });
  const lesson = monday
    .getByTestId('schedule-lesson')
    .filter({ hasText: 'Вторая пара' })
    .filter({ hasText: 'ПИ-1-25' });
  const answer = teacher.waitForResponse((r) => r.url().endsWith('/api/schedule/qr.json'));
  await lesson.getByRole('link', { name: 'Показать QR-код' }).click();
  qr = ((await (await answer).json()) as QrAnswer).data;
  const code = schedule(teacher).getByTestId('lesson-qr');
  await expect(
    code.getByRole('img', { name: 'QR-код занятия для отметки посещения' }),
  ).toBeVisible();
  await expect(schedule(teacher).getByText(/Код сменится через \d+ с/)).toBeVisible();
  await expect(schedule(teacher).getByTestId('short-code')).toHaveText(/^\d{6}$/);
  await expect(schedule(teacher).getByTestId('checkin-count')).toHaveText(/^0 \/ \d+$/);
  // The lesson's hours in the university's time, not Los Angeles'.
  await expect(schedule(teacher).getByText(/09:20–11:00/)).toBeVisible();
  // Marking a student by hand is a tap the teacher can make on a phone: 40 px high at least.
  const byHand = schedule(teacher)
    .getByTestId('checkin-list')
    .getByRole('button', { name: /^Отметить присутствие — / })
    .first();
  await expect(byHand).toBeVisible();
  expect((await byHand.boundingBox())?.height).toBeGreaterThanOrEqual(40);
  // Beside it, every student's name keeps its words whole (the longest fits the name's width),
  // on the teacher's phone too.
  await teacher.setViewportSize({ width: 375, height: 812 });
  await expect(teacher.getByRole('tablist', { name: 'Разделы' })).toBeVisible();
  await expect(byHand).toBeVisible();
  const cramped = await schedule(teacher)
    .getByTestId('checkin-list')
    .evaluate((list) =>
      [...list.querySelectorAll('li > span:first-child')].flatMap((name) => {
        const longest = (name.textContent ?? '')
          .split(/\s+/)
          .sort((a, b) => b.length - a.length)[0];
        // The word on its own, in the name's font, outside the card (which would widen for it).
        const probe = document.createElement('span');
        probe.style.cssText = `position:absolute;white-space:nowrap;font:${getComputedStyle(name).font}`;
        probe.textContent = longest ?? '';
        document.body.append(probe);
        const fits = probe.getBoundingClientRect().width <= name.getBoundingClientRect().width;
        probe.remove();
        return fits ? [] : [longest];
      }),
    );
  expect(cramped, 'words broken inside').toEqual([]);
  await teacher.setViewportSize({ width: 1280, height: 900 });
});

test("a student opens the QR's address, signs in, registers the phone and is checked in; the teacher sees it live", async ({
  browser,
}, testInfo) => {
  phone = await browser.newContext({
    viewport: { width: 375, height: 800 },
    permissions: ['geolocation'],
    geolocation: { latitude: qr.xGps, longitude: qr.yGps, accuracy: 10 },
  });
  phonePage = await phone.newPage();
  const authenticator = await phoneAuthenticator(phonePage);
  // What the phone's camera app opens: the token read from the teacher's page.
  const url = await schedule(teacher)
    .getByTestId('lesson-qr')
    .getByRole('img')
    .getAttribute('data-qr-text');
  await phonePage.goto(url!);
  await expect(phonePage).toHaveURL(/\/lms\/login/);
  await phonePage.getByLabel('Логин', { exact: true }).fill(STUDENT.login);
  await phonePage.getByLabel('Пароль', { exact: true }).fill(STUDENT.password);
  await phonePage.getByRole('button', { name: 'Войти' }).click();
  // No registered phone yet: the check-in waits for it.
  const first = schedule(phonePage).getByRole('region', {
    name: 'Сначала зарегистрируйте этот телефон',
  });
  await expect(first).toBeVisible();
  await expect(
    schedule(phonePage).getByText(/Преподаватель может отметить вас вручную/),
  ).toBeVisible();
  await phonePage.screenshot({
    path: testInfo.outputPath('scan-register-phone.png'),
    fullPage: true,
  });
  await first.getByRole('button', { name: 'Зарегистрировать телефон и отметиться' }).click();
  await expect(schedule(phonePage).getByTestId('scan-result')).toHaveText(/Посещение отмечено/);
  await expect(schedule(phonePage).getByTestId('registered-phone')).toContainText('Chrome');
  await phonePage.screenshot({ path: testInfo.outputPath('scan-checked-in.png'), fullPage: true });
  // The teacher's list, without a reload.
  await expect(schedule(teacher).getByTestId('checkin-count')).toHaveText(/^1 \/ \d+$/);
  await expect(
    schedule(teacher)
      .getByTestId('checkin-list')
      .getByRole('listitem')
      .filter({ hasText: 'по QR-коду' }),
  ).toHaveCount(1);
  demoCredentials = await credentialsOf(authenticator);
  expect(demoCredentials).toHaveLength(1);
});

test('outside the room the check-in is refused with the reason', async () => {
  await phone.setGeolocation({ latitude: qr.xGps + 0.02, longitude: qr.yGps, accuracy: 10 });
  // From today's lesson in the schedule; its check-in and the way back are a thumb's tap (40 px).
  await phonePage.goto('/lms/schedule');
  const checkIn = schedule(phonePage).getByRole('link', { name: 'Отметиться по QR-коду' }).first();
  await expect(checkIn).toBeVisible();
  expect((await checkIn.boundingBox())!.height).toBeGreaterThanOrEqual(40);
  await checkIn.click();
  await expect(phonePage).toHaveURL(/\/lms\/schedule\/scan$/);
  const back = schedule(phonePage).getByRole('link', { name: '← К расписанию' });
  await expect(back).toBeVisible();
  expect((await back.boundingBox())!.height).toBeGreaterThanOrEqual(40);
  const code = await schedule(teacher).getByTestId('short-code').textContent();
  await schedule(phonePage).getByLabel('Код с экрана (6 цифр)').fill(code!);
  await schedule(phonePage).getByRole('button', { name: 'Отметиться по коду' }).click();
  await expect(schedule(phonePage).getByTestId('scan-refusal')).toHaveText(
    'Вы находитесь не в аудитории занятия: отметка возможна только в аудитории',
  );
  await phone.close();
});

test("a classmate on the demo student's phone is refused: its passkey is not theirs", async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 375, height: 800 },
    permissions: ['geolocation'],
    geolocation: { latitude: qr.xGps, longitude: qr.yGps, accuracy: 10 },
  });
  const page = await context.newPage();
  // The classmate registers their own phone first...
  const own = await phoneAuthenticator(page);
  await loginAs(page, CLASSMATE);
  await page.goto('/lms/schedule/scan');
  const mine = schedule(page).getByRole('region', { name: 'Мой телефон для отметки' });
  await mine.getByRole('button', { name: 'Зарегистрировать этот телефон' }).click();
  await expect(mine.getByTestId('registered-phone')).toBeVisible();
  // ...then checks in holding the demo student's phone (its passkey, no other).
  await own.cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: own.id });
  const borrowed = await phoneAuthenticator(page);
  await borrowed.cdp.send('WebAuthn.addCredential', {
    authenticatorId: borrowed.id,
    credential: demoCredentials[0]!,
  });
  const code = await schedule(teacher).getByTestId('short-code').textContent();
  await schedule(page).getByLabel('Код с экрана (6 цифр)').fill(code!);
  await schedule(page).getByRole('button', { name: 'Отметиться по коду' }).click();
  await expect(schedule(page).getByTestId('scan-refusal')).toHaveText(
    /Ключ доступа на этом телефоне зарегистрирован другим студентом/,
  );
  await expect(schedule(teacher).getByTestId('checkin-count')).toHaveText(/^1 \/ \d+$/);
  await context.close();
});

test('the schedule fits a phone and the semester exports as an iCalendar file', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  await loginAs(page, STUDENT);
  await page.goto('/lms/schedule');
  await expect(schedule(page).getByRole('heading', { name: 'Расписание' })).toBeVisible();
  await expect(schedule(page).getByTestId('schedule-lesson').first()).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const download = page.waitForEvent('download');
  await schedule(page).getByRole('link', { name: 'Скачать файл iCalendar (.ics)' }).click();
  const file = await (await download).path();
  const events = parseIcs(await readFile(file, 'utf8'));
  expect(events.length).toBeGreaterThan(0);
  expect(events[0]!.RRULE).toMatch(/^FREQ=WEEKLY;INTERVAL=[12];UNTIL=/);
  expect(events.every((e) => e.SUMMARY && e.DTSTART && e.LOCATION)).toBe(true);
  await context.close();
  await teacher.context().close();
});

// The journal of the lesson checked in above, as its teacher marks it afterwards.
const JOURNAL = {
  discipline: 'Тестирование программного обеспечения',
  group: 'ПИ-1-25 (вся группа)',
  lessonType: 'Лекция',
};
/** The lesson of the QR above, as the journal names it. */
const TODAY = '16.11.2026, 2-я пара';
const DEMO_STUDENT = /^Жумабаева /;

/** The teacher's journal of the QR's lesson, opened at a desk (the grid) or on a phone. */
async function lessonJournal(
  browser: Browser,
  viewport = { width: 1280, height: 900 },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await loginAs(page, TEACHER);
  await page.goto('/lms/journal');
  const root = schedule(page);
  await expect(root.getByRole('heading', { name: 'Журнал занятий', level: 1 })).toBeVisible();
  for (const [label, option] of [
    ['Дисциплина', JOURNAL.discipline],
    ['Группа или подгруппа', JOURNAL.group],
    ['Вид занятия', JOURNAL.lessonType],
  ] as const) {
    await expect(root.getByLabel(label).getByRole('option', { name: option })).toBeAttached();
    await root.getByLabel(label).selectOption({ label: option });
  }
  return page;
}

/** Today's cells of the grid, each named '<student>, 16.11.2026, 2-я пара: <mark>'. */
const todaysCells = (page: Page) =>
  schedule(page).getByRole('button', { name: new RegExp(`, ${TODAY.replace(/\./g, '\\.')}: `) });

test('the journal shows who checked in by QR, who was marked by hand and who is not marked yet', async ({
  browser,
}) => {
  const page = await lessonJournal(browser);
  const root = schedule(page);
  await expect(
    root.getByRole('list', { name: 'Как отмечено посещение' }).getByRole('listitem'),
  ).toHaveText([
    /отметился\(ась\) по QR-коду/,
    /присутствовал\(а\), отмечено вручную/,
    /отсутствовал\(а\)/,
    /ещё не отмечен\(а\)/,
  ]);
  // The demo student scanned the code; the classmate refused above did not.
  const scanned = todaysCells(page).and(root.getByRole('button', { name: DEMO_STUDENT }));
  await expect(scanned).toHaveAccessibleName(/: присутствовал \(по QR-коду\)$/);
  await expect(scanned).toHaveText('QR');
  const unmarked = todaysCells(page).and(root.getByRole('button', { name: /: не отмечен\(а\)$/ }));
  await expect(unmarked.first()).toHaveText('—');
  // Nobody else is "present" on today's lesson before being marked.
  await expect(
    todaysCells(page).and(root.getByRole('button', { name: /: присутствовал$/ })),
  ).toHaveCount(0);

  // Marked present by hand, a student is present: a blank cell, named so.
  const name = (await unmarked.first().getAttribute('aria-label'))!.split(', ')[0]!;
  const cell = todaysCells(page).and(root.getByRole('button', { name: new RegExp(`^${name}, `) }));
  // The cell's history action sits beside the mark, never over it: a tap on the mark is the mark's.
  const history = root.getByRole('button', {
    name: new RegExp(`^История отметки: ${name}, ${TODAY.replace(/\./g, '\\.')}$`),
  });
  const [markBox, historyBox] = [await cell.boundingBox(), await history.boundingBox()];
  expect(historyBox!.x + historyBox!.width).toBeLessThanOrEqual(markBox!.x);
  await cell.click();
  await root
    .getByRole('combobox', { name: new RegExp(`^${name}, `) })
    .selectOption({ label: 'присутствовал' });
  await expect(cell).toHaveAccessibleName(/: присутствовал$/);
  await expect(cell).toHaveText('');
  await expect(cell.locator('xpath=ancestor::td').getByText('Сохранено')).toBeAttached();
  await page.context().close();
});

test('a hand absence over a QR check-in is asked first, and a "keep" keeps the check-in', async ({
  browser,
}) => {
  const page = await lessonJournal(browser);
  const root = schedule(page);
  const scanned = todaysCells(page).and(root.getByRole('button', { name: DEMO_STUDENT }));
  await expect(scanned).toHaveText('QR');
  await scanned.focus();
  // 'n' is 'н' on an English layout.
  await page.keyboard.press('n');
  let dialog = page.getByRole('dialog', { name: 'Студент отметился по QR-коду' });
  await expect(dialog).toContainText(
    `отметился(ась) по QR-коду на занятии ${TODAY}. Поставить «н/б» вместо этой отметки?`,
  );
  await dialog.getByRole('button', { name: 'Оставить отметку по QR' }).click();
  await expect(dialog).toBeHidden();
  await expect(scanned).toBeFocused();
  await expect(scanned).toHaveText('QR');
  await expect(scanned.locator('xpath=ancestor::td').getByText('Сохранено')).toHaveCount(0);

  await page.keyboard.press('n');
  dialog = page.getByRole('dialog', { name: 'Студент отметился по QR-коду' });
  await dialog.getByRole('button', { name: 'Поставить н/б' }).click();
  await expect(scanned).toHaveText('н/б');
  await expect(scanned).toHaveAccessibleName(/: н\/б$/);
  await expect(scanned.locator('xpath=ancestor::td').getByText('Сохранено')).toBeAttached();
  await page.context().close();
});
