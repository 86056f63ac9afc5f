import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { localized, type Language } from '../../lib/catalogue-names.js';
import type { AccessRepository, Scope } from '../../access/teaching.js';

/** The filter-chain payload (spec §7); each step narrows by the ids chosen before it. */
export interface Chain {
  year: number;
  ws: number;
  id_discipline?: number;
  id_semester?: number;
  id_group?: number;
  kredit?: number;
  isSelect?: number;
}

// The rows of the lists (wire.ts gives them the contract's shape). A year and a discipline are
// read under the contract's names: other areas' answers hold them as they are.

/** An academic year. */
export interface YearRow {
  id_a_year: number;
  name: string;
}

/** A discipline the scope is assigned, with its credits and whether it is elective (1). */
export interface DisciplineRow {
  id_discipline: number;
  name: string;
  kredit: number;
  isSelect: number;
}

/** A subgroup that takes part in a group's lessons. */
export interface SubgroupRow {
  id: number;
  name: string;
}

/** A group, named in the reader's language, with its subgroups that take part. */
export interface GroupRow {
  id: number;
  name: string;
  subgroups: SubgroupRow[];
}

/** A student of the chosen group. */
export interface StudentRow {
  id: number;
  full_name: string;
  group_id: number;
  subgroup_id: number | null;
}

/** A teacher of the chosen discipline with the lesson types they give there (in order). */
export interface TeacherRow {
  id: number;
  full_name: string;
  position: string;
  lesson_types: string[];
}

/** The lists of the discipline filter chain, each holding only what the scope is assigned to. */
export function createAcademicRepository(db: Kysely<Database>, access: AccessRepository) {
  const assignments = (scope: Scope, chain: Chain) =>
    access.assignments(scope).where((eb) => {
      const conditions = [eb('a.year_id', '=', chain.year), eb('a.ws_id', '=', chain.ws)];
      if (chain.id_discipline !== undefined) {
        conditions.push(eb('a.discipline_id', '=', chain.id_discipline));
      }
      if (chain.id_semester !== undefined) {
        conditions.push(eb('a.study_semester', '=', chain.id_semester));
      }
      if (chain.id_group !== undefined) conditions.push(eb('a.group_id', '=', chain.id_group));
      if (chain.kredit !== undefined) conditions.push(eb('a.credits', '=', chain.kredit));
      if (chain.isSelect !== undefined) conditions.push(eb('a.is_elective', '=', chain.isSelect));
      return eb.and(conditions);
    });

  return {
    /** Newest first. */
    async years(): Promise<YearRow[]> {
      const rows = await db
        .selectFrom('academic_years')
        .select(['id as id_a_year', 'name'])
        .execute();
      return rows.sort((a, b) => b.name.localeCompare(a.name));
    },

    /** The semesters' names (autumn, spring, summer) in the request's language, by id. */
    async wsNames(lng: Language): Promise<Map<number, string>> {
      const rows = await db
        .selectFrom('ws')
        .select(['id', localized(lng, 'name').as('name')])
        .execute();
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    async activeWs(year: number): Promise<number[]> {
      const rows = await db
        .selectFrom('teaching_assignments')
        .select('ws_id')
        .distinct()
        .where('year_id', '=', year)
        .orderBy('ws_id')
        .execute();
      return rows.map((row) => row.ws_id);
    },

    async disciplines(lng: Language, scope: Scope, chain: Chain): Promise<DisciplineRow[]> {
      return assignments(scope, chain)
        .innerJoin('disciplines as d', 'd.id', 'a.discipline_id')
        .select([
          'd.id as id_discipline',
          localized(lng, 'd.name').as('name'),
          'a.credits as kredit',
          'a.is_elective as isSelect',
        ])
        .distinct()
        .orderBy('name')
        .orderBy('isSelect')
        .execute();
    },

    async semesters(scope: Scope, chain: Chain): Promise<{ study_semester: number }[]> {
      return assignments(scope, chain)
        .select('a.study_semester')
        .distinct()
        .orderBy('a.study_semester')
        .execute();
    },

    async groups(lng: Language, scope: Scope, chain: Chain): Promise<GroupRow[]> {
      const groups = await assignments(scope, chain)
        .innerJoin('groups as g', 'g.id', 'a.group_id')
        .select(['g.id', localized(lng, 'g.name').as('name')])
        .distinct()
        .orderBy('name')
        .execute();
      const subgroups = await assignments(scope, chain)
        .innerJoin('subgroups as sg', 'sg.id', 'a.subgroup_id')
        .select(['sg.id', 'sg.name', 'sg.group_id'])
        .distinct()
        .orderBy('sg.name')
        .execute();
      return groups.map((group) => ({
        id: group.id,
        name: group.name,
        subgroups: subgroups
          .filter((sg) => sg.group_id === group.id)
          .map((sg) => ({ id: sg.id, name: sg.name })),
      }));
    },

    /** Students of the chosen group whom the teacher actually teaches in that discipline. */
    async students(teacherId: number, chain: Chain & { id_group: number }): Promise<StudentRow[]> {
      const taught = await assignments({ kind: 'teacher', teacherId }, chain)
        .select('a.subgroup_id')
        .distinct()
        .execute();
      if (taught.length === 0) return [];
      const wholeGroup = taught.some((row) => row.subgroup_id === null);
      const subgroupIds = taught.flatMap((row) =>
        row.subgroup_id === null ? [] : [row.subgroup_id],
      );
      let query = db
        .selectFrom('students as s')
        .innerJoin('persons as p', 'p.id', 's.person_id')
        .select(['s.id', 'p.full_name', 's.group_id', 's.subgroup_id'])
        .where('s.group_id', '=', chain.id_group)
        .orderBy('p.full_name');
      if (!wholeGroup) query = query.where('s.subgroup_id', 'in', subgroupIds);
      if (chain.id_discipline !== undefined) {
        // Streams: the students registered with this teacher (access.streamMembers).
        const members = await access.streamMembers(
          {
            disciplineId: chain.id_discipline,
            groupId: chain.id_group,
            yearId: chain.year,
            ws: chain.ws,
          },
          { teacherId },
        );
        if (members !== null && members.length === 0) return [];
        if (members !== null) query = query.where('s.id', 'in', members);
      }
      return query.execute();
    },

    /** Teachers of the chosen discipline for the student's group, with their lesson types. */
    async teachers(lng: Language, scope: Scope, chain: Chain): Promise<TeacherRow[]> {
      const rows = await assignments(scope, chain)
        .innerJoin('teachers as t', 't.id', 'a.teacher_id')
        .innerJoin('persons as p', 'p.id', 't.person_id')
        .innerJoin('lesson_types as lt', 'lt.id', 'a.lesson_type_id')
        .select([
          't.id',
          'p.full_name',
          localized(lng, 't.position').as('position'),
          'lt.id as lesson_type_id',
          localized(lng, 'lt.name').as('lesson_type'),
        ])
        .distinct()
        .orderBy('p.full_name')
        .orderBy('lt.id')
        .execute();
      const byTeacher = new Map<number, TeacherRow>();
      for (const row of rows) {
        const teacher = byTeacher.get(row.id) ?? {
          id: row.id,
          full_name: row.full_name,
          position: row.position,
          lesson_types: [],
        };
        if (!teacher.lesson_types.includes(row.lesson_type)) {
          teacher.lesson_types.push(row.lesson_type);
        }
        byTeacher.set(row.id, teacher);
      }
      return [...byTeacher.values()];
    },
  };
}

export type AcademicRepository = ReturnType<typeof createAcademicRepository>;
