import { academicYearId, academicYearStart } from '../../lib/calendar.js';
import { REGISTRAR_ACCOUNT } from './orders.js';
import type { SeedContext } from './context.js';

/** The curriculum's hours of a lesson type (lecture, practice, lab) per group and semester. */
export const CURRICULUM_HOURS: Record<number, number> = { 1: 32, 2: 32, 3: 16 };

/** The demo teacher's adjusted row: four hours more than the curriculum, and why. */
export const WORKLOAD_SEED = {
  extraHours: 4,
  note: 'Дополнительные консультации перед экзаменом',
} as const;

/**
 * Workload: the curriculum's hours of every discipline × lesson type that is taught (what the
 * plans are made from), and one adjustment by the registrar of the demo teacher's first row of
 * the year, so the plan opens with a history to read.
 */
export async function seedWorkload(ctx: SeedContext): Promise<void> {
  const { trx, core, now } = ctx;
  const taught = await trx
    .selectFrom('teaching_assignments')
    .select(['discipline_id', 'lesson_type_id'])
    .distinct()
    .orderBy('discipline_id')
    .orderBy('lesson_type_id')
    .execute();
  const rows = taught.map((row) => ({
    discipline_id: row.discipline_id,
    lesson_type_id: row.lesson_type_id,
    hours: CURRICULUM_HOURS[row.lesson_type_id] ?? 16,
  }));
  for (let offset = 0; offset < rows.length; offset += 200) {
    await trx
      .insertInto('workload_curriculum')
      .values(rows.slice(offset, offset + 200))
      .execute();
  }
  const registrar = await trx
    .selectFrom('users')
    .select('id')
    .where('login', '=', REGISTRAR_ACCOUNT.login)
    .executeTakeFirst();
  const yearId = academicYearId(academicYearStart(now));
  const first = await trx
    .selectFrom('teaching_assignments')
    .select(['id', 'lesson_type_id'])
    .where('teacher_id', '=', core.demoTeacher.teacherId)
    .where('year_id', '=', yearId)
    .orderBy('ws_id')
    .orderBy('id')
    .executeTakeFirst();
  if (!registrar || !first) return;
  const curriculum = CURRICULUM_HOURS[first.lesson_type_id] ?? 16;
  await trx
    .insertInto('workload_adjustments')
    .values({
      assignment_id: first.id,
      hours: curriculum + WORKLOAD_SEED.extraHours,
      previous_hours: curriculum,
      note: WORKLOAD_SEED.note,
      author_uid: registrar.id,
      created_at: now.getTime() - 86_400_000,
    })
    .execute();
}
