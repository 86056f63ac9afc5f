import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { STUDENT, TEACHER, loginAs, remoteRoot } from '../support/portal';

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

/** The demo lesson: Monday, second pair, with the demo student's group ПИ-1-25. */
async function demoLessonId(page: Page): Promise<string> {
  await page.goto('/lms/schedule');
  const monday = schedule(page).getByRole('region', { name: /Понедельник/ });
  const lesson = monday
    .getByTestId('schedule-lesson')
    .filter({ hasText: 'Вторая пара' })
    .filter({ hasText: 'ПИ-1-25' });
  await expect(lesson).toHaveCount(1);
  return (await lesson.getAttribute('data-id-shed'))!;
}

let teacher: Page;
let qr: QrAnswer['data'];

test('the teacher shows the lesson QR with a countdown and the code', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  teacher = await context.newPage();
  await loginAs(teacher, TEACHER);
  const id = await demoLessonId(teacher);
  const answer = teacher.waitForResponse((r) => r.url().endsWith('/api/schedule/qr.json'));
  await teacher.goto(`/lms/schedule/qr/${id}`);
  qr = ((await (await answer).json()) as QrAnswer).data;
  const code = schedule(teacher).getByTestId('lesson-qr');
  await expect(
    code.getByRole('img', { name: 'QR-код занятия для отметки посещения' }),
  ).toBeVisible();
  await expect(schedule(teacher).getByText(/Код сменится через \d+ с/)).toBeVisible();
  await expect(schedule(teacher).getByTestId('short-code')).toHaveText(/^\d{6}$/);
  await expect(schedule(teacher).getByTestId('checkin-count')).toHaveText(/^0 \/ \d+$/);
});

test("a student opens the QR's address, signs in, and is checked in; the teacher sees it live", async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 375, height: 800 },
    permissions: ['geolocation'],
    geolocation: { latitude: qr.xGps, longitude: qr.yGps, accuracy: 10 },
  });
  const student = await context.newPage();
  // What the phone's camera app opens: the token read from the teacher's page.
  const url = await schedule(teacher)
    .getByTestId('lesson-qr')
    .getByRole('img')
    .getAttribute('data-qr-text');
  await student.goto(url!);
  await expect(student).toHaveURL(/\/lms\/login/);
  await student.getByLabel('Логин', { exact: true }).fill(STUDENT.login);
  await student.getByLabel('Пароль', { exact: true }).fill(STUDENT.password);
  await student.getByRole('button', { name: 'Войти' }).click();
  await expect(schedule(student).getByTestId('scan-result')).toHaveText(/Посещение отмечено/);
  // The teacher's list, without a reload.
  await expect(schedule(teacher).getByTestId('checkin-count')).toHaveText(/^1 \/ \d+$/);
  await expect(
    schedule(teacher)
      .getByTestId('checkin-list')
      .getByRole('listitem')
      .filter({ hasText: 'по QR-коду' }),
  ).toHaveCount(1);
  await context.close();
});

test('outside the room the check-in is refused with the reason', async ({ browser }) => {
  const context = await browser.newContext({
    permissions: ['geolocation'],
    geolocation: { latitude: qr.xGps + 0.02, longitude: qr.yGps, accuracy: 10 },
  });
  const page = await context.newPage();
  await loginAs(page, STUDENT);
  await page.goto('/lms/schedule/scan');
  const code = await schedule(teacher).getByTestId('short-code').textContent();
  await schedule(page).getByLabel('Код с экрана (6 цифр)').fill(code!);
  await schedule(page).getByRole('button', { name: 'Отметиться по коду' }).click();
  await expect(schedule(page).getByTestId('scan-refusal')).toHaveText(
    'Вы находитесь не в аудитории занятия: отметка возможна только в аудитории',
  );
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
