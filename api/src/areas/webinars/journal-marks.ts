import type { LessonKey, Webinar, WebinarJournalResponse } from '@lms/shared/contract';
import type { Kysely } from 'kysely';
import { hiddenRecord, type AccessRepository, type Actor } from '../../access/index.js';
import type { Database } from '../../db/schema.js';
import type { Language } from '../../lib/catalogue-names.js';
import { ApiError } from '../../lib/http.js';
import type { AuditTrail } from '../audit/index.js';
import { recordCell, type JournalRepository } from '../journal/index.js';
import { semesterOf, type WebinarRow } from '../schedule/index.js';
import { WEBINARS_MESSAGES } from './messages.js';
import type { WebinarsRepository } from './repository.js';
import { journalLessonType, journalRefusal, periodOf } from './rules.js';

/** What marking the joiners works with: the journal's own repository and the audit trail. */
export interface WebinarJournalCollaborators {
  db: Kysely<Database>;
  webinars: WebinarsRepository;
  journal: JournalRepository;
  access: AccessRepository;
  trail: AuditTrail;
  /** The schedule's periods (lesson_times). */
  periods: () => Promise<{ id: number; start: string; end: string }[]>;
  shape: (row: WebinarRow) => Webinar;
  /** The university's clock (epoch ms). */
  now: () => number;
}

/**
 * The students who joined a webinar, marked present in the attendance journal: the journal's
 * lesson of the webinar's group and discipline on its date is made the way the journal makes one
 * (`ensureLesson`) and the joiners are put on its list the way the journal's "everyone on the
 * list" does (`listStudents`: no mark, i.e. present; a student already on the list keeps what the
 * teacher wrote), each new cell with its audit row, in one transaction. Asked again, it writes
 * nothing more.
 */
export function createWebinarJournal(c: WebinarJournalCollaborators) {
  return {
    async markJoined(
      lng: Language,
      actor: Actor,
      teacher: { id: number; uid: number },
      webinarId: number,
    ): Promise<WebinarJournalResponse> {
      const row = await c.webinars.find(lng, webinarId);
      if (!row || row.id_teacher !== teacher.id) throw hiddenRecord();
      const semester = semesterOf(row.date);
      const teaching = {
        disciplineId: row.id_discipline,
        groupId: row.id_group,
        yearId: semester.yearId,
        ws: semester.ws,
      };
      const given: number[] = [];
      for (const lessonTypeId of await c.webinars.lessonTypeIds()) {
        const whole = { lessonTypeId, subgroupId: null };
        if (await c.access.givesLesson(teacher.id, teaching, whole)) given.push(lessonTypeId);
      }
      const lessonTypeId = journalLessonType(given);
      const joined = await c.webinars.joinedStudents(row.id, row.id_group);
      const refusal = journalRefusal({
        state: c.shape(row).state,
        joined: joined.length,
        lessonTypeId,
      });
      if (refusal) throw new ApiError(409, WEBINARS_MESSAGES[refusal]);
      const period = periodOf(row.start, await c.periods());
      if (!period) throw new Error('the schedule has no lesson periods');
      const key: LessonKey = {
        year: semester.yearId,
        ws: semester.ws as LessonKey['ws'],
        id_discipline: row.id_discipline,
        id_group: row.id_group,
        id_subgroup: null,
        id_vid_zaniatiy: lessonTypeId!,
        id_f_educ: 1,
        id_time: period.id,
        date: row.date,
      };
      const now = c.now();
      const written = await c.db.transaction().execute(async (trx) => {
        await c.trail.hold(trx);
        const lessonId = await c.journal.ensureLesson(trx, teacher.id, key, now);
        const listed = await c.journal.listStudents(trx, lessonId, joined, teacher.uid, now);
        for (const cell of listed)
          await recordCell(c.trail, trx, actor, cell, undefined, cell, now);
        return { lessonId, marked: listed.length };
      });
      return {
        marked: written.marked,
        joined: joined.length,
        id_lesson: written.lessonId,
        date: row.date,
        id_vid_zaniatiy: key.id_vid_zaniatiy,
        id_time: key.id_time,
      };
    },
  };
}

export type WebinarJournal = ReturnType<typeof createWebinarJournal>;
