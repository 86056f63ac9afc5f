import type { RoleId } from '@lms/shared';

/** What every chat call names: the discipline chosen in the filter chain. */
export interface Chain {
  year: number;
  ws: 1 | 2 | 3;
  id_discipline: number;
  kredit: number;
  isSelect: number;
}

/** A person (or the group chat) in the contact list. */
export interface Contact {
  id: number;
  name: string;
  /** Lesson types (a student's teachers) or null. */
  detail: string | null;
  subgroup: number | null;
}

/** Spec §3 "current contact": name, id, group, id_type (-1 = the group chat). */
export interface CurrentContact {
  id: number;
  name: string;
  group: number;
  /** 1 teacher, 2 student, -1 the group chat. */
  id_type: RoleId | -1;
  chain: Chain;
}
