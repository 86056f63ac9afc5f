import type { UmkAudience, UmkKind } from '@lms/shared/contract';
import type { Kysely, Selectable } from 'kysely';
import type { UmkMaterialTable } from '../../db/library-schema.js';
import type { Database } from '../../db/schema.js';
import { localized, type Language } from '../../lib/catalogue-names.js';
import type { AccessRepository, Scope } from '../../access/teaching.js';
import type { Attachment, AttachmentsRepository } from '../../lib/attachments.js';

/**
 * Teaching materials (UMK): each belongs to a discipline and a study semester. Who may see and
 * manage them follows the teaching assignments (access/teaching.ts): the teachers who teach
 * the discipline in that semester manage its materials, the students who study it read them.
 */

export interface UmkMaterial {
  disciplineId: number;
  semester: number;
  typeId: number;
  examTypeId: number | null;
  name: string;
  author: string;
  description: string;
  pages: number;
  audience: UmkAudience;
  kind: UmkKind;
  forLibrary: boolean;
  categoryId: number | null;
}

export type UmkRow = Selectable<UmkMaterialTable>;

/** A catalogue entry (a discipline, a material's type, a form of control), named in the reader's language. */
export interface NamedRow {
  id: number;
  name: string;
}

/** A teacher with materials in a discipline. */
export interface UmkTeacherRow {
  id: number;
  full_name: string;
}

/** A material with its type's, assessment's and teacher's names, and its file. */
export type UmkListRow = UmkRow & {
  type_name: string;
  exam_name: string | null;
  t_fio: string;
  file: Attachment | undefined;
};

/** The columns a material's form sets. */
function columnsOf(material: UmkMaterial) {
  return {
    discipline_id: material.disciplineId,
    study_semester: material.semester,
    type_id: material.typeId,
    exam_type_id: material.examTypeId,
    name: material.name,
    author: material.author,
    description: material.description,
    pages: material.pages,
    audience: material.audience,
    kind: material.kind,
    for_library: material.forLibrary ? 1 : 0,
    category_id: material.categoryId,
  };
}

export function createUmkRepository(
  db: Kysely<Database>,
  access: AccessRepository,
  attachments: AttachmentsRepository,
) {
  /** The scope's assignments of a discipline in a study semester. */
  const inSemester = (scope: Scope, semester: number) =>
    access.assignments(scope).where('a.study_semester', '=', semester);

  return {
    /** Study semesters in which the scope teaches (or studies) anything, ascending. */
    async semesters(scope: Scope): Promise<{ study_semester: number }[]> {
      return access
        .assignments(scope)
        .select('a.study_semester')
        .distinct()
        .orderBy('a.study_semester')
        .execute();
    },

    async disciplines(lng: Language, scope: Scope, semester: number): Promise<NamedRow[]> {
      return inSemester(scope, semester)
        .innerJoin('disciplines as d', 'd.id', 'a.discipline_id')
        .select(['d.id', localized(lng, 'd.name').as('name')])
        .distinct()
        .orderBy('name')
        .orderBy('d.id')
        .execute();
    },

    /** Does the scope teach (or study) the discipline in that study semester? */
    async covers(scope: Scope, disciplineId: number, semester: number): Promise<boolean> {
      const row = await inSemester(scope, semester)
        .where('a.discipline_id', '=', disciplineId)
        .select('a.id')
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async types(lng: Language): Promise<NamedRow[]> {
      return db
        .selectFrom('umk_types')
        .select(['id', localized(lng, 'name').as('name')])
        .orderBy('sort_order')
        .execute();
    },

    async examTypes(lng: Language): Promise<NamedRow[]> {
      return db
        .selectFrom('umk_exam_types')
        .select(['id', localized(lng, 'name').as('name')])
        .orderBy('sort_order')
        .execute();
    },

    async typeExists(id: number): Promise<boolean> {
      return (
        (await db.selectFrom('umk_types').select('id').where('id', '=', id).executeTakeFirst()) !==
        undefined
      );
    },

    async examTypeExists(id: number): Promise<boolean> {
      return (
        (await db
          .selectFrom('umk_exam_types')
          .select('id')
          .where('id', '=', id)
          .executeTakeFirst()) !== undefined
      );
    },

    /** Teachers who have materials in the discipline and semester (the list's teacher filter). */
    async teachers(disciplineId: number, semester: number): Promise<UmkTeacherRow[]> {
      return db
        .selectFrom('umk_materials as m')
        .innerJoin('teachers as t', 't.id', 'm.teacher_id')
        .innerJoin('persons as p', 'p.id', 't.person_id')
        .select(['t.id', 'p.full_name'])
        .distinct()
        .where('m.discipline_id', '=', disciplineId)
        .where('m.study_semester', '=', semester)
        .orderBy('p.full_name')
        .execute();
    },

    async find(id: number): Promise<UmkRow | undefined> {
      return db.selectFrom('umk_materials').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The materials of a discipline in a semester, newest first, with their files. */
    async list(
      lng: Language,
      filter: {
        disciplineId: number;
        semester: number;
        typeId: number | null;
        teacherId: number | null;
        ids?: number[];
      },
    ): Promise<UmkListRow[]> {
      const rows = await db
        .selectFrom('umk_materials as m')
        .innerJoin('umk_types as ty', 'ty.id', 'm.type_id')
        .leftJoin('umk_exam_types as x', 'x.id', 'm.exam_type_id')
        .innerJoin('teachers as t', 't.id', 'm.teacher_id')
        .innerJoin('persons as p', 'p.id', 't.person_id')
        .selectAll('m')
        .select([
          localized(lng, 'ty.name').as('type_name'),
          localized<string | null>(lng, 'x.name').as('exam_name'),
          'p.full_name as t_fio',
        ])
        .where('m.discipline_id', '=', filter.disciplineId)
        .where('m.study_semester', '=', filter.semester)
        .$if(filter.typeId !== null, (q) => q.where('m.type_id', '=', filter.typeId ?? 0))
        .$if(filter.teacherId !== null, (q) => q.where('m.teacher_id', '=', filter.teacherId ?? 0))
        .$if(filter.ids !== undefined, (q) => q.where('m.id', 'in', filter.ids ?? []))
        .orderBy('m.created_at', 'desc')
        .orderBy('m.id', 'desc')
        .execute();
      const files = await attachments.listByOwners(
        'umk',
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({ ...row, file: files.get(row.id)?.[0] }));
    },

    async insert(
      trx: Kysely<Database>,
      material: UmkMaterial,
      by: { teacherId: number; uid: number; at: number },
    ): Promise<number> {
      const row = await trx
        .insertInto('umk_materials')
        .values({
          teacher_id: by.teacherId,
          ...columnsOf(material),
          created_by: by.uid,
          created_at: by.at,
          updated_at: by.at,
          downloads: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(trx: Kysely<Database>, id: number, material: UmkMaterial, at: number) {
      await trx
        .updateTable('umk_materials')
        .set({
          ...columnsOf(material),
          updated_at: at,
        })
        .where('id', '=', id)
        .execute();
    },

    async delete(trx: Kysely<Database>, id: number): Promise<void> {
      await trx.deleteFrom('ebooks').where('umk_id', '=', id).execute();
      await trx.deleteFrom('umk_materials').where('id', '=', id).execute();
    },

    /** Takes a material off the library (its listing goes, the material stays). */
    async unlist(trx: Kysely<Database>, id: number, at: number): Promise<void> {
      await trx.deleteFrom('ebooks').where('umk_id', '=', id).execute();
      await trx
        .updateTable('umk_materials')
        .set({ for_library: 0, category_id: null, updated_at: at })
        .where('id', '=', id)
        .execute();
    },

    async countDownload(id: number): Promise<void> {
      await db
        .updateTable('umk_materials')
        .set((eb) => ({ downloads: eb('downloads', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },

    /**
     * The start of the student's previous visit (what is newer is "new"); a new session is a
     * new visit. null before the first one. Reads and writes the visit: run in a transaction.
     */
    async previousVisit(
      trx: Kysely<Database>,
      userId: number,
      sessionId: number,
      now: number,
    ): Promise<number | null> {
      const visit = await trx
        .selectFrom('umk_visits')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!visit) {
        await trx
          .insertInto('umk_visits')
          .values({
            user_id: userId,
            session_id: sessionId,
            visited_at: now,
            previous_visit_at: null,
          })
          .execute();
        return null;
      }
      if (visit.session_id === sessionId) {
        return visit.previous_visit_at === null ? null : Number(visit.previous_visit_at);
      }
      await trx
        .updateTable('umk_visits')
        .set({ session_id: sessionId, visited_at: now, previous_visit_at: visit.visited_at })
        .where('user_id', '=', userId)
        .execute();
      return Number(visit.visited_at);
    },
  };
}

export type UmkRepository = ReturnType<typeof createUmkRepository>;
