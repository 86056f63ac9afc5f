import type {
  AcademicYear,
  DisciplineItem,
  GroupItem,
  SemesterItem,
  StudentItem,
  TeacherItem,
} from '@lms/shared/contract';
import { semesterName, type Language } from '../../lib/catalogue-names.js';
import type { DisciplineRow, GroupRow, StudentRow, TeacherRow, YearRow } from './repository.js';

/** The filter chain's rows as the contract answers them (no SQL here). */

/** The row is the answer (other areas' answers hold years too). */
export const toAcademicYear = (row: YearRow): AcademicYear => row;

/** The row is the answer (other areas' answers hold disciplines too). */
export const toDisciplineItem = (row: DisciplineRow): DisciplineItem => row;

/** A study semester, named in the reader's language. */
export function toSemesterItem(row: { study_semester: number }, lng: Language): SemesterItem {
  return { id_semester: row.study_semester, name: semesterName(row.study_semester, lng) };
}

export function toGroupItem(row: GroupRow): GroupItem {
  return {
    id_group: row.id,
    name: row.name,
    subgroups: row.subgroups.map((sg) => ({ id_subgroup: sg.id, name: sg.name })),
  };
}

export function toStudentItem(row: StudentRow): StudentItem {
  return {
    id_student: row.id,
    fullName: row.full_name,
    id_group: row.group_id,
    id_subgroup: row.subgroup_id,
  };
}

export function toTeacherItem(row: TeacherRow): TeacherItem {
  return {
    id_teacher: row.id,
    fullName: row.full_name,
    position: row.position,
    lessonTypes: row.lesson_types,
  };
}
