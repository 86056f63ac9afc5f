// Rooms over HTTP: the rooms and their editing, the free-room search (on 300 rooms too; its speed
// is npm run bench's rooms row), a booking with its race, in the schedule and the calendar feed, and its cancellation;
// who may call what, and bad input refused without a write. On SQLite, and on PostgreSQL when
// DATABASE_URL names one.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type {
  Booking,
  FreeRoomsResponse,
  Room,
  RoomWeekResponse,
  ScheduleResponse,
  TeachingChoice,
} from '@lms/shared/contract';
import { equipmentMask } from '../src/areas/rooms/index.js';
import { ROOMS_MESSAGES } from '../src/areas/rooms/messages.js';
import { MESSAGES } from '../src/lib/messages.js';
import { campusFixture, inEnglish, type CampusFixture } from './campus-helper.js';
import { envelope, whoAmI, type Client } from './helper.js';
import type { QrFixture } from './qr-helper.js';

const API = '/lms/api/rooms';

describe('rooms', () => {
  let f: QrFixture;
  let registrar: Client;
  let colleague: Client;
  let choice: TeachingChoice;
  let count: CampusFixture['count'];
  before(async () => {
    ({ f, registrar, colleague, choice, count } = await campusFixture(API));
  });
  after(() => f.t.close());

  const bookingCount = () => count('room_bookings');
  const freeRooms = async (client: Client, body: object) => {
    const response = await client.post(`${API}/free.json`, body);
    assert.equal(response.statusCode, 200, response.body);
    return envelope<FreeRoomsResponse>(response).data!;
  };

  test('everyone signed in lists the seeded rooms with their equipment; no session is 401', async () => {
    const rooms = envelope<Room[]>(await f.student.post(`${API}/list.json`, {})).data!;
    assert.equal(rooms.length, 28);
    assert.ok(rooms.some((room) => room.equipment.includes('projector')));
    assert.ok(rooms.some((room) => room.equipment.length === 0));
    const anonymous = await f.t.client().prime();
    for (const path of ['list', 'free', 'week', 'save', 'teaching', 'book', 'bookings', 'cancel']) {
      const response = await anonymous.post(`${API}/${path}.json`, {});
      assert.equal(response.statusCode, 401, path);
    }
  });

  test('the registrar adds and edits a room; a teacher and a student may not; a taken number is refused', async () => {
    const body = { name: ' 3-101 ', building: 'Спорткомплекс', capacity: 40, equipment: ['audio'] };
    for (const client of [f.teacher, f.student]) {
      const refused = await client.post(`${API}/save.json`, body);
      assert.equal(refused.statusCode, 403);
    }
    const saved = envelope<Room>(await registrar.post(`${API}/save.json`, body)).data!;
    assert.equal(saved.name, '3-101');
    assert.deepEqual(saved.equipment, ['audio']);
    const edited = await registrar.post(`${API}/save.json`, {
      ...body,
      id: saved.id,
      capacity: 45,
      equipment: ['projector', 'audio'],
    });
    assert.equal(edited.statusCode, 200);
    assert.equal(envelope<Room>(edited).data!.capacity, 45);
    const twice = await inEnglish(registrar, `${API}/save.json`, body);
    assert.equal(twice.statusCode, 409);
    assert.equal(envelope(twice).error, ROOMS_MESSAGES.roomTaken.en);
    const missing = await registrar.post(`${API}/save.json`, { ...body, id: 99_999 });
    assert.equal(missing.statusCode, 403);
    assert.equal(envelope(missing).error, MESSAGES.forbidden.ru);
    const bad = await registrar.post(`${API}/save.json`, { ...body, capacity: 0 });
    assert.equal(bad.statusCode, 400);
    await f.t.app.db.kysely.deleteFrom('rooms').where('id', '=', saved.id).execute();
  });

  test('a free room now: the period running, rooms in the timetable left out, seats and equipment asked', async () => {
    const now = await freeRooms(f.teacher, {});
    assert.equal(now.date, '2026-11-16');
    assert.equal(now.id_time, 2);
    assert.ok(
      !now.rooms.some((room) => room.id === f.slot.roomId),
      'the demo lesson holds its room',
    );
    assert.ok(now.rooms.length > 0);
    const big = await freeRooms(f.teacher, { seats: 60, equipment: ['projector'] });
    assert.ok(big.rooms.every((r) => r.capacity >= 60 && r.equipment.includes('projector')));
    const all = await freeRooms(f.teacher, { seats: 1 });
    assert.ok(big.rooms.length < all.rooms.length);
    const computers = await freeRooms(f.student, {
      date: '2026-11-17',
      id_time: 3,
      equipment: ['computers'],
    });
    assert.ok(computers.rooms.length > 0);
    assert.ok(computers.rooms.every((r) => r.equipment.includes('computers')));
    const bad = await f.teacher.post(`${API}/free.json`, { date: '2026-02-31' });
    assert.equal(bad.statusCode, 400);
  });

  test('300 rooms: every day and period of a week finds exactly the free rooms that fit', async () => {
    const db = f.t.app.db.kysely;
    const extra = Array.from({ length: 272 }, (_, i) => ({
      name: `9-${String(i + 1).padStart(3, '0')}`,
      building: 'Новый корпус',
      capacity: 20 + (i % 5) * 20,
      latitude: 42.87,
      longitude: 74.57,
      radius_m: 60,
      equipment: i % 32,
    }));
    await db.insertInto('rooms').values(extra).execute();
    // The new building is in nobody's timetable: each search has every one of its rooms that fits.
    const projector = equipmentMask(['projector']);
    const fitting = extra
      .filter((room) => room.capacity >= 25 && (room.equipment & projector) !== 0)
      .map((room) => room.name)
      .sort();
    assert.ok(fitting.length > 20 && fitting.length < extra.length);
    try {
      for (let day = 0; day < 6; day++) {
        for (let period = 1; period <= 5; period++) {
          const found = await freeRooms(f.teacher, {
            date: `2026-11-${16 + day}`,
            id_time: period,
            seats: 25,
            equipment: ['projector'],
          });
          const where = `2026-11-${16 + day}, period ${period}`;
          assert.ok(
            found.rooms.every((r) => r.capacity >= 25 && r.equipment.includes('projector')),
            where,
          );
          assert.deepEqual(
            found.rooms
              .filter((r) => r.building === 'Новый корпус')
              .map((r) => r.name)
              .sort(),
            fitting,
            where,
          );
          if (day === 0 && period === 2) {
            assert.ok(
              !found.rooms.some((r) => r.id === f.slot.roomId),
              'the demo lesson holds its room',
            );
          }
        }
      }
    } finally {
      await db.deleteFrom('rooms').where('building', '=', 'Новый корпус').execute();
    }
  });

  /** The first date and period this week where the demo teacher can book a room for the group. */
  const firstBookable = async () => {
    for (const date of ['2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21']) {
      for (let period = 1; period <= 5; period++) {
        const found = await freeRooms(f.teacher, { date, id_time: period, seats: choice.students });
        const room = found.rooms[0];
        if (!room) continue;
        const body = {
          room: room.id,
          date,
          id_time: period,
          id_group: choice.id_group,
          id_discipline: choice.id_discipline,
          kind: 'consultation',
        };
        const probe = await f.teacher.post(`${API}/book.json`, body);
        if (probe.statusCode === 200) {
          await f.teacher.post(`${API}/cancel.json`, { id: envelope<Booking>(probe).data!.id });
          return body;
        }
      }
    }
    throw new Error('no bookable slot this week');
  };

  test('20 bookings of one slot at once: exactly one holds, the others get a clear 409', async () => {
    const body = await firstBookable();
    const before = await bookingCount();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => f.teacher.post(`${API}/book.json`, body)),
    );
    const statuses = responses.map((r) => r.statusCode);
    assert.equal(statuses.filter((s) => s === 200).length, 1, statuses.join(','));
    assert.equal(statuses.filter((s) => s === 409).length, 19, statuses.join(','));
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      assert.match(envelope(refused).error ?? '', /занят|занятие/);
    }
    assert.equal(await bookingCount(), before + 1);
    const won = envelope<Booking>(responses.find((r) => r.statusCode === 200)!).data!;
    // Another teacher's booking of the same room then is refused too (the room is taken).
    const other = await colleague.post(`${API}/book.json`, body);
    assert.ok([403, 409].includes(other.statusCode));
    await f.teacher.post(`${API}/cancel.json`, { id: won.id });
  });

  test('a room booking and a webinar hold the same minutes: whichever comes second is refused', async () => {
    const body = await firstBookable();
    const period = await f.t.app.db.kysely
      .selectFrom('lesson_times')
      .select(['start_time', 'end_time'])
      .where('id', '=', body.id_time)
      .executeTakeFirstOrThrow();
    const WEBINARS = '/lms/api/webinars';
    const webinar = {
      id_group: choice.id_group,
      id_discipline: choice.id_discipline,
      start: `${body.date}T${period.start_time}`,
      duration: 30,
    };
    const online = await f.teacher.post(`${WEBINARS}/schedule.json`, webinar);
    assert.equal(online.statusCode, 200, online.body);
    const before = await bookingCount();
    const refused = await inEnglish(f.teacher, `${API}/book.json`, body);
    assert.equal(refused.statusCode, 409, refused.body);
    assert.equal(envelope(refused).error, ROOMS_MESSAGES.teacherBusy.en);
    assert.equal(await bookingCount(), before, 'nothing written');
    const id = envelope<{ id: number }>(online).data!.id;
    assert.equal((await f.teacher.post(`${WEBINARS}/cancel.json`, { id })).statusCode, 200);
    // The webinar cancelled, the room is booked; then a webinar in the booked time is refused.
    const booked = await f.teacher.post(`${API}/book.json`, body);
    assert.equal(booked.statusCode, 200, booked.body);
    const second = await f.teacher.post(`${WEBINARS}/schedule.json`, {
      ...webinar,
      duration: 15,
    });
    assert.equal(second.statusCode, 409, second.body);
    await f.teacher.post(`${API}/cancel.json`, { id: envelope<Booking>(booked).data!.id });
  });

  test('a booking is in the teacher and group schedules, the room week and the calendar feed; cancelled, the group sees it', async () => {
    const body = await firstBookable();
    const booked = await f.teacher.post(`${API}/book.json`, {
      ...body,
      kind: 'exam',
      note: 'Билеты 1–20',
    });
    assert.equal(booked.statusCode, 200, booked.body);
    const booking = envelope<Booking>(booked).data!;
    assert.equal(booking.kind, 'exam');
    assert.equal(booking.cancelled, false);

    const ids = { teacher: (await whoAmI(f.teacher)).id, student: (await whoAmI(f.student)).id };
    const semester = { year: f.slot.yearId, ws: f.slot.ws };
    const weekOf = async (client: Client, path: string, id: number) =>
      envelope<ScheduleResponse>(
        await client.post(`/lms/api/schedule/${path}.json`, { ...semester, id }),
      ).data!;
    const studentWeek = await weekOf(f.student, 'student', ids.student);
    assert.deepEqual(
      studentWeek.bookings?.filter((b) => b.id === booking.id).map((b) => [b.kind, b.cancelled]),
      [['exam', false]],
    );
    const teacherWeek = await weekOf(f.teacher, 'teacher', ids.teacher);
    assert.ok(teacherWeek.bookings?.some((b) => b.id === booking.id));

    const week = envelope<RoomWeekResponse>(
      await f.student.post(`${API}/week.json`, { id: body.room, date: body.date }),
    ).data!;
    assert.equal(week.from, '2026-11-16');
    assert.equal(week.parity, 'odd'); // ISO week 47
    assert.ok(week.entries.some((e) => e.booking === booking.id && e.kind === 'exam'));

    const feed = await f.student.get(
      `/lms/api/schedule/export.ics?year=${f.slot.yearId}&ws=${f.slot.ws}`,
    );
    assert.equal(feed.statusCode, 200);
    assert.match(feed.body, new RegExp(`UID:booking-${booking.id}@lms`));
    assert.match(feed.body, /STATUS:CONFIRMED/);

    const mine = envelope<Booking[]>(await f.teacher.post(`${API}/bookings.json`, {})).data!;
    assert.ok(mine.some((b) => b.id === booking.id));
    assert.deepEqual(
      envelope<Booking[]>(await colleague.post(`${API}/bookings.json`, {})).data,
      [],
    );

    // Another teacher's booking is refused like a missing one; a student may not cancel.
    const foreign = await colleague.post(`${API}/cancel.json`, { id: booking.id });
    assert.equal(foreign.statusCode, 403);
    assert.equal(envelope(foreign).error, MESSAGES.forbidden.ru);
    assert.equal((await f.student.post(`${API}/cancel.json`, { id: booking.id })).statusCode, 403);
    assert.equal((await f.teacher.post(`${API}/cancel.json`, { id: 99_999 })).statusCode, 403);

    const cancelled = await f.teacher.post(`${API}/cancel.json`, { id: booking.id });
    assert.equal(cancelled.statusCode, 200);
    assert.equal(envelope<Booking>(cancelled).data!.cancelled, true);
    const again = await inEnglish(f.teacher, `${API}/cancel.json`, { id: booking.id });
    assert.equal(again.statusCode, 409);
    assert.equal(envelope(again).error, ROOMS_MESSAGES.alreadyCancelled.en);
    const after = await weekOf(f.student, 'student', ids.student);
    assert.notEqual(after.version, studentWeek.version);
    assert.ok(after.bookings?.some((b) => b.id === booking.id && b.cancelled));
    const feedAfter = await f.student.get(
      `/lms/api/schedule/export.ics?year=${f.slot.yearId}&ws=${f.slot.ws}`,
    );
    assert.match(feedAfter.body, /STATUS:CANCELLED/);
    // The slot is free again.
    const rebooked = await f.teacher.post(`${API}/book.json`, body);
    assert.equal(rebooked.statusCode, 200);
    await f.teacher.post(`${API}/cancel.json`, { id: envelope<Booking>(rebooked).data!.id });
  });

  test('refused bookings: the wrong role, a past time, Sunday, a group not taught, a busy room; nothing written', async () => {
    const body = await firstBookable();
    const before = await bookingCount();
    const refusals: [Client, object, number, string][] = [
      [f.teacher, { ...body, date: '2026-11-13' }, 400, ROOMS_MESSAGES.past.ru],
      [f.teacher, { ...body, date: '2026-11-16', id_time: 1 }, 400, ROOMS_MESSAGES.past.ru],
      [f.teacher, { ...body, date: '2026-11-22' }, 400, ROOMS_MESSAGES.sunday.ru],
      [f.teacher, { ...body, date: '2026-02-30' }, 400, ROOMS_MESSAGES.badDate.ru],
      [colleague, body, 403, ROOMS_MESSAGES.notTeaching.ru],
      // Next Monday's demo lesson holds its room, the teacher and the group.
      [
        f.teacher,
        { ...body, date: '2026-11-23', id_time: 2, room: f.slot.roomId },
        409,
        ROOMS_MESSAGES.roomBusy.ru,
      ],
      [f.teacher, { ...body, room: 99_999 }, 403, MESSAGES.forbidden.ru],
    ];
    for (const [client, request, status, message] of refusals) {
      const response = await client.post(`${API}/book.json`, request);
      assert.equal(response.statusCode, status, JSON.stringify(request));
      assert.equal(envelope(response).error, message, JSON.stringify(request));
    }
    assert.equal((await f.student.post(`${API}/book.json`, body)).statusCode, 403);
    const wrong = await f.teacher.post(`${API}/book.json`, { ...body, kind: 'party' });
    assert.equal(wrong.statusCode, 400);
    assert.equal(await bookingCount(), before);
  });
});
