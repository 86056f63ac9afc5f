import { JOURNAL_ATTENDANCE_THRESHOLD } from '@lms/shared/contract';
import { createPaymentsRepository } from '../../areas/payments/index.js';
import { statementLinesFromJournal } from '../../areas/statements/index.js';
import { academicYearId, academicYearStart, currentWs } from '../../lib/calendar.js';
import type { SeedContext } from './context.js';

/** Days from the seed until the seeded statement's deadline. */
const DEADLINE_DAYS = 14;

/**
 * One exam statement ready to sign for the demo teacher: a discipline they teach this semester,
 * the demo student's group when they teach it, every admitted student's points entered (the
 * current scores come from the seeded journal as the statement computes them).
 */
export async function seedStatements(ctx: SeedContext): Promise<void> {
  const { trx, core, now } = ctx;
  const random = ctx.random(20261128);
  const yearId = academicYearId(academicYearStart(now));
  const ws = currentWs(now);
  const demoGroup = await trx
    .selectFrom('students')
    .select('group_id')
    .where('id', '=', core.demoStudent.studentId)
    .executeTakeFirst();
  const taught = await trx
    .selectFrom('teaching_assignments')
    .select(['discipline_id', 'group_id', 'study_semester', 'credits'])
    .where('teacher_id', '=', core.demoTeacher.teacherId)
    .where('year_id', '=', yearId)
    .where('ws_id', '=', ws)
    .orderBy('discipline_id')
    .orderBy('group_id')
    .execute();
  const plan = taught.find((a) => a.group_id === demoGroup?.group_id) ?? taught[0];
  if (!plan) return;
  const time = now.getTime();
  const statement = await trx
    .insertInto('statements')
    .values({
      discipline_id: plan.discipline_id,
      group_id: plan.group_id,
      teacher_id: core.demoTeacher.teacherId,
      year_id: yearId,
      ws_id: ws,
      study_semester: plan.study_semester,
      credits: plan.credits,
      control_form: 'exam',
      state: 'draft',
      deadline: time + DEADLINE_DAYS * 86_400_000,
      digest: null,
      signature: null,
      signed_at: null,
      signed_by: null,
      confirmed_at: null,
      confirmed_by: null,
      locked_at: null,
      created_at: time,
      updated_at: time,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const payments = createPaymentsRepository(trx);
  const lines = await statementLinesFromJournal(
    trx,
    { disciplineId: plan.discipline_id, groupId: plan.group_id, yearId, ws },
    (studentId) => payments.unpaidTuition(trx, studentId, yearId),
    JOURNAL_ATTENDANCE_THRESHOLD,
  );
  if (lines.length === 0) return;
  await trx
    .insertInto('statement_lines')
    .values(
      lines.map((line) => ({
        statement_id: statement.id,
        student_id: line.studentId,
        exam: line.admitted ? random.int(18, 38) : null,
        current: null,
        attendance: null,
        admitted: null,
        reason: null,
        final: null,
      })),
    )
    .execute();
}
