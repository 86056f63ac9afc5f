import { expect, test, type Browser, type Page } from '@playwright/test';
import { checkEveryWay } from '../support/a11y';
import { REGISTRAR, STUDENT, TEACHER, loginAs, remoteRoot, type Account } from '../support/portal';
import { BASE_URL } from '../support/server';

// The rooms of the campus remote: a teacher on a phone finds a free room for a later day and
// books it for the demo student's group; the student sees it in their schedule.

/** The days after today of the server's week (its clock starts on Monday 16 November 2026, 09:40). */
const DAYS = ['2026-11-21', '2026-11-20', '2026-11-19', '2026-11-18'];
const GROUP = /^ПИ-1-25 — /;

const rooms = (page: Page) => remoteRoot(page, 'campus');

async function open(
  browser: Browser,
  account: Account,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ viewport, locale: 'ru-RU' });
  const page = await context.newPage();
  await loginAs(page, account);
  return page;
}

test('a teacher finds a free room on a phone and books it; the group’s student sees it in the schedule', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const teacher = await open(browser, TEACHER, { width: 375, height: 812 });
  // From the apps pane: the "Аудитории" tile is the rooms module now.
  await teacher.goto('/lms/apps');
  await teacher.getByRole('link', { name: 'Аудитории' }).first().click();
  await expect(teacher).toHaveURL(/\/lms\/rooms$/);
  const root = rooms(teacher);
  await expect(root.getByRole('heading', { name: 'Аудитории', level: 1 })).toBeVisible();
  // "Now": the period running on the server's clock (Monday, second period).
  await expect(
    root.getByRole('heading', { name: /^Свободны 16\.11\.2026, 09:30–10:50$/ }),
  ).toBeVisible();

  const search = root.getByRole('form', { name: 'Поиск свободной аудитории' });
  await search.getByLabel('Мест не меньше').fill('25');
  let booked: { room: string; date: string } | null = null;
  // The first day and period of the week when the teacher and the group are both free.
  search: for (const date of DAYS) {
    const shown = `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
    await search.getByLabel('Дата').fill(date);
    for (const period of ['1', '2', '3', '4', '5']) {
      await search.getByLabel('Пара').selectOption(period);
      const answered = teacher.waitForResponse((r) => r.url().endsWith('/api/rooms/free.json'));
      await search.getByRole('button', { name: 'Найти' }).click();
      await answered;
      await expect(
        root.getByRole('heading', { name: new RegExp(`^Свободны ${shown}`) }),
      ).toBeVisible();
      const first = root.getByRole('button', { name: /^Забронировать / }).first();
      await expect(first).toBeVisible();
      const roomName = ((await first.textContent()) ?? '').replace('Забронировать', '').trim();
      await first.click();
      const form = root.getByRole('form', { name: `Бронирование аудитории ${roomName}` });
      const group = form.getByLabel('Группа и дисциплина');
      const option = group.getByRole('option', { name: GROUP }).first();
      await expect(option).toBeAttached();
      await group.selectOption({ label: (await option.textContent()) ?? '' });
      await form.getByLabel('Для чего').selectOption('consultation');
      await form.getByRole('button', { name: 'Подтвердить бронирование' }).click();
      const done = teacher.getByText(`Аудитория ${roomName} забронирована для группы ПИ-1-25`);
      const refusal = form.getByText(/уже есть занятие|уже занята/);
      await expect(done.or(refusal)).toBeVisible();
      if (await done.isVisible()) {
        booked = { room: roomName, date: shown };
        break search;
      }
      await form.getByRole('button', { name: 'Отмена' }).click();
    }
  }
  expect(booked, 'a free period this week').not.toBeNull();
  const mine = root.getByRole('region', { name: 'Мои бронирования' });
  await expect(mine.getByRole('listitem')).toContainText(
    new RegExp(`^Консультация · .+${(booked?.date ?? '').replaceAll('.', '\\.')} `),
  );
  await expect(mine).toContainText(booked?.room ?? '');
  await checkEveryWay(teacher, 'rooms with a booking', {
    include: '[data-remote="campus"]',
    ready: () => expect(mine.getByRole('button', { name: /^Отменить бронирование/ })).toBeVisible(),
  });

  const student = await open(browser, STUDENT, { width: 1280, height: 900 });
  await student.goto('/lms/schedule');
  const bookings = remoteRoot(student, 'journal').getByRole('region', {
    name: 'Забронированные аудитории',
  });
  const entry = bookings.getByTestId('schedule-booking').filter({ hasText: booked?.date ?? '' });
  await expect(entry).toContainText('Консультация');
  await expect(entry.getByRole('link', { name: booked?.room ?? '' })).toBeVisible();
  // The room links to its week, where the booking is.
  await entry.getByRole('link', { name: booked?.room ?? '' }).click();
  await expect(student).toHaveURL(/\/lms\/rooms\/\d+$/);
  await expect(
    rooms(student).getByRole('heading', { name: 'Неделя аудитории', level: 1 }),
  ).toBeVisible();
  await expect(rooms(student).getByRole('region', { name: booked?.date ?? '' })).toContainText(
    'Консультация',
  );

  await teacher.context().close();
  await student.context().close();
});

test('in English, the registrar equips a room and is refused a number the building has already', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const registrar = await open(browser, REGISTRAR, { width: 1280, height: 900 });
  await registrar.context().addCookies([{ name: 'lang', value: 'en', url: BASE_URL }]);
  await registrar.goto('/lms/rooms');
  const root = rooms(registrar);
  await expect(root.getByRole('heading', { name: 'Rooms', level: 1 })).toBeVisible();
  const all = root.getByRole('region', { name: 'All rooms' });
  await all.getByRole('button', { name: 'Edit 1-105' }).click();
  const form = root.getByRole('form', { name: 'Editing a room' });
  await expect(form.getByLabel(/Room number/)).toHaveValue('1-105');
  await form.getByLabel(/^Seats/).fill('32');
  await form.getByRole('checkbox', { name: 'Video conferencing' }).check();
  await form.getByRole('button', { name: 'Save the room' }).click();
  await expect(registrar.getByText('Room 1-105 is saved')).toBeVisible();
  const card = all
    .getByRole('listitem')
    .filter({ has: registrar.getByRole('link', { name: '1-105' }) });
  await expect(card).toContainText('Seats: 32');
  await expect(card).toContainText('Video conferencing');

  const added = root.getByRole('form', { name: 'New room' });
  await added.getByLabel(/Room number/).fill('1-105');
  await added.getByLabel(/Building/).fill('Главный корпус');
  await added.getByRole('button', { name: 'Save the room' }).click();
  await expect(added.getByText('This building already has a room with this number')).toBeVisible();
  await checkEveryWay(registrar, 'rooms of the registrar', {
    include: '[data-remote="campus"]',
    ready: () => expect(all.getByRole('button', { name: 'Edit 1-105' })).toBeVisible(),
  });
  await registrar.context().close();
});
