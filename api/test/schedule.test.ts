import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ScheduleResponse } from '@lms/shared/contract';
import { sql } from 'kysely';
import { fill } from '../src/lib/messages.js';
import { CALENDAR_TEMPLATES, SCHEDULE_MESSAGES } from '../src/areas/schedule/messages.js';
import { envelope } from './helper.js';
import { qrFixture, streamForLesson, type QrFixture } from './qr-helper.js';

/** A small RFC 5545 reader: unfolds lines and returns the events' properties. */
function parseIcs(text: string): Record<string, string>[] {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  assert.equal(lines[0], 'BEGIN:VCALENDAR');
  const events: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT') {
      events.push(current!);
      current = null;
    } else if (current) {
      const at = line.indexOf(':');
      current[line.slice(0, at)] = line.slice(at + 1);
    }
  }
  return events;
}

describe('schedule', () => {
  let f: QrFixture;
  let ids: { teacher: number; student: number };

  before(async () => {
    f = await qrFixture();
    const db = f.t.app.db.kysely;
    const teacher = await db
      .selectFrom('users')
      .select('teacher_id')
      .where('login', '=', 'teacher')
      .executeTakeFirstOrThrow();
    ids = { teacher: teacher.teacher_id!, student: f.studentId };
  });
  after(() => f.t.close());

  const semester = () => ({ year: f.slot.yearId, ws: f.slot.ws });

  test("the teacher's week by day and lesson order, with a version check", async () => {
    const response = await f.teacher.post('/lms/api/schedule/teacher.json', {
      ...semester(),
      id: ids.teacher,
    });
    assert.equal(response.statusCode, 200, response.body);
    const week = envelope<ScheduleResponse>(response).data!;
    assert.equal(week.changed, true);
    const monday = week.days.find((d) => d.day_number === 1)!;
    const demo = monday.lessons.find((l) => l.idShed === f.slot.id)!;
    assert.equal(demo.id_time, 2);
    assert.equal(demo.start, '09:30');
    assert.ok(demo.discipline && demo.lessonType && demo.group && demo.auditoryName);
    for (const day of week.days) {
      const orders = day.lessons.map((l) => l.id_time);
      assert.deepEqual(
        orders,
        [...orders].sort((a, b) => a - b),
      );
    }
    const again = envelope<ScheduleResponse>(
      await f.teacher.post('/lms/api/schedule/teacher.json', {
        ...semester(),
        id: ids.teacher,
        version: week.version,
      }),
    ).data!;
    assert.deepEqual([again.changed, again.days.length, again.version], [false, 0, week.version]);
    // A change on the server changes the version.
    await f.t.app.db.kysely
      .updateTable('schedule_lessons')
      .set({ updated_at: Date.now() + 1 })
      .where('id', '=', f.slot.id)
      .execute();
    const changed = envelope<ScheduleResponse>(
      await f.teacher.post('/lms/api/schedule/teacher.json', {
        ...semester(),
        id: ids.teacher,
        version: week.version,
      }),
    ).data!;
    assert.equal(changed.changed, true);
  });

  test("the student's week is their group's (whole group or their subgroup)", async () => {
    const response = await f.student.post('/lms/api/schedule/student.json', {
      ...semester(),
      id: ids.student,
    });
    const week = envelope<ScheduleResponse>(response).data!;
    const lessons = week.days.flatMap((d) => d.lessons);
    assert.ok(lessons.some((l) => l.idShed === f.slot.id));
    assert.ok(lessons.every((l) => l.id_group === f.slot.groupId));
  });

  test("a stream's lessons are in its members' weeks only", async () => {
    const week = async () =>
      envelope<ScheduleResponse>(
        await f.student.post('/lms/api/schedule/student.json', { ...semester(), id: ids.student }),
      )
        .data!.days.flatMap((d) => d.lessons)
        .map((l) => l.idShed);
    assert.ok((await week()).includes(f.slot.id));
    // The lesson's teacher, discipline, lesson type and semester get a stream of their own.
    const stream = await streamForLesson(f.t, f.slot.id);
    try {
      assert.ok(!(await week()).includes(f.slot.id), 'not a member: the lesson is not shown');
      await stream.join(ids.student);
      assert.ok((await week()).includes(f.slot.id), 'a member: the lesson is shown');
    } finally {
      await stream.remove();
    }
    assert.ok((await week()).includes(f.slot.id));
  });

  test('another id, the wrong role and bad input are refused', async () => {
    const other = await f.teacher.post('/lms/api/schedule/teacher.json', {
      ...semester(),
      id: ids.teacher + 1,
    });
    assert.equal(other.statusCode, 403);
    const role = await f.student.post('/lms/api/schedule/teacher.json', {
      ...semester(),
      id: ids.student,
    });
    assert.equal(role.statusCode, 403);
    const bad = await f.student.post('/lms/api/schedule/student.json', { ws: 7, year: 26, id: 1 });
    assert.equal(bad.statusCode, 400);
    const anonymous = await f.t.client().prime();
    const none = await anonymous.post('/lms/api/schedule/student.json', {
      ...semester(),
      id: ids.student,
    });
    assert.equal(none.statusCode, 401);
  });

  test('the seed never puts a teacher, room or group in two places at once', async () => {
    const db = f.t.app.db.kysely;
    // Every-week lessons (0) clash with odd (1) and even (2) ones at the same slot.
    const clashes = await sql<{ n: number }>`
      select count(*) as n from schedule_lessons a join schedule_lessons b
        on a.id < b.id and a.year_id = b.year_id and a.ws_id = b.ws_id
       and a.day_number = b.day_number and a.time_id = b.time_id
       and (a.week_kind = b.week_kind or a.week_kind = 0 or b.week_kind = 0)
       and (a.teacher_id = b.teacher_id or a.room_id = b.room_id
            or (a.group_id = b.group_id and (a.subgroup_id is null or b.subgroup_id is null
                                             or a.subgroup_id = b.subgroup_id)))`.execute(db);
    assert.equal(Number(clashes.rows[0]!.n), 0);
    // Every teaching assignment of the seed has its lesson.
    const missing = await sql<{ n: number }>`
      select count(*) as n from teaching_assignments a where not exists (
        select 1 from schedule_lessons l where l.teacher_id = a.teacher_id
          and l.discipline_id = a.discipline_id and l.group_id = a.group_id
          and l.subgroup_key = coalesce(a.subgroup_id, 0)
          and l.lesson_type_id = a.lesson_type_id and l.year_id = a.year_id and l.ws_id = a.ws_id)`.execute(
      db,
    );
    assert.equal(Number(missing.rows[0]!.n), 0);
  });

  test('the semester as an iCalendar file parses back', async () => {
    const response = await f.teacher.get(
      `/lms/api/schedule/export.ics?year=${f.slot.yearId}&ws=${f.slot.ws}`,
    );
    assert.equal(response.statusCode, 200);
    assert.match(response.headers['content-type'] as string, /text\/calendar/);
    const events = parseIcs(response.body);
    const week = envelope<ScheduleResponse>(
      await f.teacher.post('/lms/api/schedule/teacher.json', { ...semester(), id: ids.teacher }),
    ).data!;
    assert.equal(events.length, week.days.flatMap((d) => d.lessons).length);
    const demo = events.find(
      (e) => e.UID === `lesson-${f.slot.id}-${f.slot.yearId}-${f.slot.ws}@lms`,
    )!;
    assert.match(demo.DTSTART!, /^\d{8}T033000Z$/); // 09:30 in Bishkek
    assert.match(demo.RRULE!, /^FREQ=WEEKLY;INTERVAL=1;UNTIL=\d{8}T\d{6}Z$/);
    assert.ok(demo.SUMMARY && demo.LOCATION);
  });

  test('the calendar file, its feed and the revocation are in the reader’s language', async () => {
    const name = (body: string) =>
      /\r\nX-WR-CALNAME:([^\r]*)\r\n/.exec(body.replace(/\r\n[ \t]/g, ''))?.[1];
    const made = await f.student.post('/lms/api/schedule/calendar.json', semester());
    const { url } = envelope<{ url: string }>(made).data!;
    for (const lang of ['en', 'kg', 'ru'] as const) {
      f.teacher.cookies.set('lang', lang);
      const file = await f.teacher.get(
        `/lms/api/schedule/export.ics?year=${f.slot.yearId}&ws=${f.slot.ws}`,
      );
      assert.equal(file.statusCode, 200);
      const fileName = name(file.body)!;
      assert.ok(fileName.startsWith(fill(CALENDAR_TEMPLATES.name, { name: '' })[lang]), fileName);
      // An address made before it carried the language follows the calendar app's.
      const feed = await f.t.client().request({
        method: 'GET',
        url: url.replace(/\?.*$/, ''),
        headers: { 'accept-language': lang === 'kg' ? 'ky' : lang },
      });
      assert.equal(feed.statusCode, 200);
      assert.ok(name(feed.body)!.startsWith(fill(CALENDAR_TEMPLATES.name, { name: '' })[lang]));
    }
    f.teacher.cookies.delete('lang');
    // The address a subscriber makes carries their language; the calendar app's (here English)
    // does not change it.
    for (const lang of ['kg', 'en', 'ru'] as const) {
      f.student.cookies.set('lang', lang);
      const mine = envelope<{ url: string }>(
        await f.student.post('/lms/api/schedule/calendar.json', semester()),
      ).data!.url;
      assert.ok(mine.endsWith(`.ics?lang=${lang}`), mine);
      const feed = await f.t.client().request({
        method: 'GET',
        url: mine,
        headers: { 'accept-language': 'en-US,en;q=0.9' },
      });
      assert.equal(feed.statusCode, 200);
      assert.ok(name(feed.body)!.startsWith(fill(CALENDAR_TEMPLATES.name, { name: '' })[lang]));
    }
    f.student.cookies.set('lang', 'kg');
    const revoked = await f.student.post('/lms/api/schedule/calendar/revoke.json', {});
    assert.equal(
      envelope<{ sms: string }>(revoked).data!.sms,
      SCHEDULE_MESSAGES.calendarRevoked.kg,
    );
    f.student.cookies.delete('lang');
  });

  test("the feed and the file name an every-other-week lesson's weeks as the dates fall: kg, ru, en", async () => {
    // Monday 16 November 2026 is in ISO week 47: an odd week. Every-other-week events of the
    // fall semester fall either on that week (and every second one from it) or on the next.
    // In Kyrgyz "так" is odd and "жуп" even.
    const WEEKS = {
      kg: { odd: 'Так жумаларда', even: 'Жуп жумаларда' },
      ru: { odd: 'По нечётным неделям', even: 'По чётным неделям' },
      en: { odd: 'Odd weeks', even: 'Even weeks' },
    } as const;
    const oddMonday = Date.parse('2026-11-16T00:00:00Z');
    const WEEK_MS = 7 * 86_400_000;
    const isOddWeek = (dtstart: string) => {
      const start = /^(\d{4})(\d{2})(\d{2})T/.exec(dtstart)!;
      const day = Date.UTC(Number(start[1]), Number(start[2]) - 1, Number(start[3]));
      const monday = day - ((new Date(day).getUTCDay() + 6) % 7) * 86_400_000;
      return Math.round((monday - oddMonday) / WEEK_MS) % 2 === 0;
    };
    /** Each every-other-week event says its weeks, both kinds occur; weekly ones say none. */
    const expectWeeks = (body: string, lang: keyof typeof WEEKS, what: string) => {
      const fall = parseIcs(body).filter((e) => e.DTSTART!.startsWith('2026'));
      const kinds = new Set<string>();
      for (const event of fall.filter((e) => e.RRULE!.includes('INTERVAL=2'))) {
        const words = event.DESCRIPTION!.split('\\n').at(-1)!;
        const expected = WEEKS[lang][isOddWeek(event.DTSTART!) ? 'odd' : 'even'];
        assert.equal(words, expected, `${what} ${lang} ${event.DTSTART}`);
        kinds.add(words);
      }
      assert.equal(kinds.size, 2, `${what} ${lang}: both kinds of week`);
      const named = Object.values(WEEKS[lang]);
      for (const event of fall.filter((e) => e.RRULE!.includes('INTERVAL=1'))) {
        assert.ok(!named.some((words) => event.DESCRIPTION!.includes(words)), event.DESCRIPTION);
      }
    };
    for (const lang of ['kg', 'ru', 'en'] as const) {
      f.teacher.cookies.set('lang', lang);
      const { url } = envelope<{ url: string }>(
        await f.teacher.post('/lms/api/schedule/calendar.json', semester()),
      ).data!;
      assert.ok(url.endsWith(`?lang=${lang}`), url);
      const feed = await f.t.client().get(url);
      assert.equal(feed.statusCode, 200);
      expectWeeks(feed.body, lang, 'feed');
      const file = await f.teacher.get(
        `/lms/api/schedule/export.ics?year=${f.slot.yearId}&ws=${f.slot.ws}`,
      );
      assert.equal(file.statusCode, 200);
      expectWeeks(file.body, lang, 'file');
    }
    f.teacher.cookies.delete('lang');
  });

  test('the private subscription works without a session and stops when revoked', async () => {
    const made = await f.student.post('/lms/api/schedule/calendar.json', semester());
    const { url } = envelope<{ url: string }>(made).data!;
    assert.match(url, /^\/lms\/api\/schedule\/ical\/[A-Za-z0-9_-]+\.ics\?lang=ru$/);
    const same = envelope<{ url: string }>(
      await f.student.post('/lms/api/schedule/calendar.json', semester()),
    ).data!;
    assert.equal(same.url, url);
    const feed = await f.t.client().get(url);
    assert.equal(feed.statusCode, 200);
    assert.ok(parseIcs(feed.body).length > 0);
    await f.student.post('/lms/api/schedule/calendar/revoke.json', {});
    assert.equal((await f.t.client().get(url)).statusCode, 404);
    assert.equal((await f.t.client().get('/lms/api/schedule/ical/nope.ics')).statusCode, 400);
  });
});
