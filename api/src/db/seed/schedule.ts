import { LESSON_ORDERS, SCHEDULE_DAYS } from '@lms/shared/contract';
import type { Insertable, Transaction } from 'kysely';
import type { ScheduleLessonTable } from '../schedule-schema.js';
import type { Database } from '../schema.js';
import type { SeedContext } from './context.js';
import type { Random } from './random.js';

/**
 * Rooms with their geofences and one lesson per teaching assignment (every week, or every other
 * week when the week is full), for every group and
 * teacher of the demo university: no teacher, room, group or subgroup in two places at once (a
 * whole-group lesson also keeps the group's subgroups free). The demo teacher's first lesson with
 * the demo student's group is on Monday at the second lesson order every week of each
 * semester, so demos and tests can rely on it.
 */

/** The main building and the lab building (Bishkek); rooms sit a few metres apart. */
const BUILDINGS = [
  { name: 'Главный корпус', latitude: 42.874_62, longitude: 74.569_76 },
  { name: 'Учебно-лабораторный корпус', latitude: 42.876_11, longitude: 74.573_02 },
] as const;
const ROOMS_PER_BUILDING = 14;
const LECTURE_HALL_CAPACITY = 90;
const CLASSROOM_CAPACITY = 30;
/** Metres: a room and the corridor by it, not the next building. */
const ROOM_RADIUS_M = 60;
const LECTURE = 1;

export const DEMO_SLOT = { day_number: 1, time_id: 2 } as const;

async function seedTeachingRooms(
  trx: Transaction<Database>,
): Promise<{ id: number; capacity: number }[]> {
  const rows = BUILDINGS.flatMap((building, b) =>
    Array.from({ length: ROOMS_PER_BUILDING }, (_, i) => {
      const floor = Math.floor(i / 5) + 1;
      const lectureHall = i < 3;
      return {
        name: `${b + 1}-${floor}${String((i % 5) + 1).padStart(2, '0')}`,
        building: building.name,
        capacity: lectureHall ? LECTURE_HALL_CAPACITY : CLASSROOM_CAPACITY,
        // ~11 m per 0.0001° of latitude: rooms of a building spread over ~50 m.
        latitude: building.latitude + (i % 5) * 0.0001,
        longitude: building.longitude + floor * 0.0001,
        radius_m: ROOM_RADIUS_M,
      };
    }),
  );
  await trx.insertInto('rooms').values(rows).execute();
  return trx.selectFrom('rooms').select(['id', 'capacity']).orderBy('id').execute();
}

interface Assignment {
  teacher_id: number;
  discipline_id: number;
  group_id: number;
  subgroup_id: number | null;
  lesson_type_id: number;
  year_id: number;
  ws_id: number;
}

/**
 * Who is busy at which slot of one semester. A whole-group lesson needs the group free of any
 * lesson; a subgroup lesson needs no whole-group lesson and its own subgroup free.
 */
class Timetable {
  private readonly busy = new Set<string>();

  private needs(slot: string, a: Assignment, roomId: number): string[] {
    const group =
      a.subgroup_id === null
        ? [`whole${a.group_id}`, `anysub${a.group_id}`]
        : [`whole${a.group_id}`, `sub${a.subgroup_id}`];
    return [`teacher${a.teacher_id}`, `room${roomId}`, ...group].map((key) => `${key}@${slot}`);
  }

  /** An every-week lesson needs both weeks of the slot; an odd/even one its own week. */
  fits(slot: string, week: number, a: Assignment, roomId: number): boolean {
    const weeks = week === 0 ? [1, 2] : [week];
    return weeks.every((w) =>
      this.needs(`${slot}w${w}`, a, roomId).every((key) => !this.busy.has(key)),
    );
  }

  book(slot: string, week: number, a: Assignment, roomId: number): void {
    for (const w of week === 0 ? [1, 2] : [week]) this.bookOne(`${slot}w${w}`, a, roomId);
  }

  private bookOne(slot: string, a: Assignment, roomId: number): void {
    const group =
      a.subgroup_id === null
        ? [`whole${a.group_id}`]
        : [`sub${a.subgroup_id}`, `anysub${a.group_id}`];
    for (const key of [`teacher${a.teacher_id}`, `room${roomId}`, ...group]) {
      this.busy.add(`${key}@${slot}`);
    }
  }
}

function shuffled<T>(items: readonly T[], random: Random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

export async function seedSchedule(ctx: SeedContext): Promise<void> {
  const { trx } = ctx;
  const random = ctx.random(0x5c4ed);
  const rooms = await seedTeachingRooms(trx);
  const halls = rooms.filter((room) => room.capacity >= LECTURE_HALL_CAPACITY);
  const classrooms = rooms.filter((room) => room.capacity < LECTURE_HALL_CAPACITY);

  const assignments = await trx
    .selectFrom('teaching_assignments')
    .select([
      'teacher_id',
      'discipline_id',
      'group_id',
      'subgroup_id',
      'lesson_type_id',
      'year_id',
      'ws_id',
    ])
    .orderBy('id')
    .execute();
  const demoGroup = await trx
    .selectFrom('students')
    .select('group_id')
    .where('id', '=', ctx.core.demoStudent.studentId)
    .executeTakeFirstOrThrow();

  // The same assignment row can repeat (another stream); one weekly lesson each is enough.
  const unique = new Map<string, Assignment>();
  for (const a of assignments) {
    unique.set(
      [
        a.teacher_id,
        a.discipline_id,
        a.group_id,
        a.subgroup_id,
        a.lesson_type_id,
        a.year_id,
        a.ws_id,
      ].join(':'),
      a,
    );
  }
  const list = [...unique.values()];
  const isDemo = (a: Assignment) =>
    a.teacher_id === ctx.core.demoTeacher.teacherId && a.group_id === demoGroup.group_id;
  // Per semester, the demo teacher's first whole-group lesson with the demo student's group.
  const demoLessons = new Set<Assignment>();
  const seen = new Set<string>();
  for (const a of list) {
    const semester = `${a.year_id}/${a.ws_id}`;
    if (isDemo(a) && a.subgroup_id === null && !seen.has(semester)) {
      seen.add(semester);
      demoLessons.add(a);
    }
  }
  // The demo lessons first, then whole-group lessons (they need the most room).
  const rank = (a: Assignment) => (demoLessons.has(a) ? 0 : a.subgroup_id === null ? 1 : 2);
  list.sort((a, b) => rank(a) - rank(b));

  const tables = new Map<string, Timetable>();
  const slots = SCHEDULE_DAYS.flatMap((day) =>
    LESSON_ORDERS.map((order) => ({ day_number: day, time_id: order.id_time })),
  );
  const now = ctx.now.getTime();
  const rows: Insertable<ScheduleLessonTable>[] = [];
  const unplaced: Assignment[] = [];
  for (const a of list) {
    const semester = `${a.year_id}/${a.ws_id}`;
    let table = tables.get(semester);
    if (!table) tables.set(semester, (table = new Timetable()));
    const demo = demoLessons.has(a);
    const candidates = demo ? [DEMO_SLOT] : shuffled(slots, random);
    const roomsToTry = shuffled(
      a.lesson_type_id === LECTURE ? [...halls, ...classrooms] : classrooms,
      random,
    );
    let placed = false;
    // Every other week (числитель/знаменатель): the demo curriculum (up to 50 assignments for a
    // teacher) does not fit five pairs a day otherwise; every week where a fortnight is full.
    const weeks = demo ? [0] : random.chance(0.5) ? [1, 2, 0] : [2, 1, 0];
    for (const week of weeks) {
      for (const slot of candidates) {
        const slotKey = `${slot.day_number}.${slot.time_id}`;
        const room = roomsToTry.find((r) => table.fits(slotKey, week, a, r.id));
        if (!room) continue;
        table.book(slotKey, week, a, room.id);
        rows.push({
          ...a,
          day_number: slot.day_number,
          time_id: slot.time_id,
          week_kind: week,
          subgroup_key: a.subgroup_id ?? 0,
          room_id: room.id,
          updated_at: now,
        });
        placed = true;
        break;
      }
      if (placed) break;
    }
    if (!placed) unplaced.push(a);
  }
  // The benchmark's university scale gives the demo teacher a thousand groups: no week holds
  // that, so only there the lessons that do not fit are left out.
  if (unplaced.length > 0 && process.env.LMS_SEED_SCALE !== 'university') {
    throw new Error(`schedule seed: no free slot for ${JSON.stringify(unplaced[0])}`);
  }
  for (let offset = 0; offset < rows.length; offset += 200) {
    await trx
      .insertInto('schedule_lessons')
      .values(rows.slice(offset, offset + 200))
      .execute();
  }
}
