import type { JournalKey, LessonKey, Mark, SessionUser } from '@lms/shared/contract';
import { hiddenRecord, type AccessRepository } from '../../access/index.js';
import { ApiError, MESSAGES } from '../../lib/http.js';
import { fill } from '../../lib/messages.js';
import {
  dateRefusal,
  lessonWriterRefusal,
  markRefusal,
  moduleRefusal,
  subgroupRefusal,
} from './journal-rules.js';
import { keyOfLesson, type LessonRecord } from './journal-wire.js';
import { inLessonGroup } from './lesson-access.js';
import type { JournalRepository } from './repository.js';
import {
  VISITLOG_MESSAGES,
  VISITLOG_TEMPLATES,
  type VisitlogRefusal,
} from './visitlog-messages.js';

/** A refusal of the journal as a 400 (or `status`), worded in the caller's language. */
export function refusal(code: VisitlogRefusal, status: 400 | 404 = 400): ApiError {
  return new ApiError(status, VISITLOG_MESSAGES[code]);
}

/** Throws the refusal a rule answered, if any. */
export function refuseIf(code: VisitlogRefusal | null, status: 400 | 404 = 400): void {
  if (code !== null) throw refusal(code, status);
}

/**
 * Who may read and write which journal (spec §7), asked by the visit log's routes: a teacher
 * reads the journals of the disciplines and groups they teach (access.teaches) and writes those
 * of the lesson types they give there (access.givesLesson); a lesson only by its teacher.
 */
export function createVisitlogAccess(journal: JournalRepository, access: AccessRepository) {
  /** A journal key's subgroup belongs to its group (400 otherwise). */
  const checkSubgroup = async (key: JournalKey) => {
    if (key.id_subgroup === undefined || key.id_subgroup === null) return;
    refuseIf(subgroupRefusal(key.id_group, await journal.subgroupOf(key.id_subgroup)));
  };

  /** The caller may read this journal: they teach the discipline to the group then. */
  const canRead = async (user: SessionUser, key: JournalKey) => {
    await checkSubgroup(key);
    if (!(await access.teaches(user.id, journal.teachingOf(key)))) {
      throw new ApiError(403, MESSAGES.forbidden);
    }
  };

  /** The caller may write this journal: they give its lesson type to the group (or subgroup). */
  const canWrite = async (user: SessionUser, key: JournalKey) => {
    await checkSubgroup(key);
    const gives = await access.givesLesson(user.id, journal.teachingOf(key), {
      lessonTypeId: key.id_vid_zaniatiy,
      subgroupId: key.id_subgroup ?? null,
    });
    if (!gives) throw new ApiError(403, MESSAGES.forbidden);
  };

  return {
    canRead,
    canWrite,

    /** A lesson's slot: a calendar date and a known form of education. */
    async checkLessonKey(key: LessonKey) {
      refuseIf(dateRefusal(key.date));
      if (!(await journal.educationFormExists(key.id_f_educ))) throw refusal('unknownForm');
    },

    /**
     * A lesson the caller may write: they give its lesson type there and it is theirs (a
     * colleague giving the same lesson type to the group reads it and is told whose it is). A
     * missing lesson gets the same answer as one of a journal the caller does not write.
     */
    async writableLesson(user: SessionUser, id: number): Promise<LessonRecord> {
      const lesson = await journal.lesson(id);
      if (!lesson) throw hiddenRecord();
      await canWrite(user, keyOfLesson(lesson));
      if (lessonWriterRefusal(lesson, user.id)) {
        throw new ApiError(
          403,
          fill(VISITLOG_TEMPLATES.colleaguesLesson, { teacher: lesson.teacherName }),
        );
      }
      return lesson;
    },

    /** A lesson of a journal the caller reads; others' and missing ones alike are hidden. */
    async readableLesson(user: SessionUser, id: number): Promise<LessonRecord> {
      const lesson = await journal.lesson(id);
      if (!lesson) throw hiddenRecord();
      await canRead(user, keyOfLesson(lesson));
      return lesson;
    },

    async checkMark(mark: Mark) {
      refuseIf(markRefusal(mark, await journal.scale()));
    },

    async checkModule(moduleId: number | null, lesson: LessonRecord) {
      if (moduleId === null) return;
      refuseIf(moduleRefusal(moduleId, await journal.moduleIdsOf(lesson.disciplineId)));
    },

    /** The student belongs on the lesson's list: in its group and, for a subgroup lesson, subgroup. */
    async checkStudent(studentId: number, lesson: { groupId: number; subgroupId: number | null }) {
      if (!inLessonGroup(await access.placementOf(studentId), lesson)) {
        throw refusal('studentNotInLesson');
      }
    },
  };
}

export type VisitlogAccess = ReturnType<typeof createVisitlogAccess>;
