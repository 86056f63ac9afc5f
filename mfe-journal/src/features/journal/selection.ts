import { atom } from 'jotai';
import { lmsStore, type SessionUser, type Ws } from '@lms/shared';

/**
 * What the teacher chose in the journal's chain. A step left null takes its default: the
 * default academic year, the current semester, and a list's entry when it is the only one.
 */
export interface JournalSelection {
  /** The account the choices belong to: another user starts from nothing. */
  uid: number | null;
  year: number | null;
  ws: Ws | null;
  discipline: { id_discipline: number; isSelect: number } | null;
  group: { id_group: number; id_subgroup: number | null } | null;
  lessonType: number | null;
}

export const EMPTY_SELECTION: JournalSelection = {
  uid: null,
  year: null,
  ws: null,
  discipline: null,
  group: null,
  lessonType: null,
};

export const journalSelectionAtom = atom<JournalSelection>(EMPTY_SELECTION);

function choose(user: SessionUser, patch: Partial<JournalSelection>) {
  const current = lmsStore.get(journalSelectionAtom);
  const base = current.uid === user.uid ? current : { ...EMPTY_SELECTION, uid: user.uid };
  lmsStore.set(journalSelectionAtom, { ...base, ...patch });
}

/** Each choice clears the steps after it. */
export const selectYear = (user: SessionUser, year: number) =>
  choose(user, { year, discipline: null, group: null, lessonType: null });
export const selectWs = (user: SessionUser, ws: Ws) =>
  choose(user, { ws, discipline: null, group: null, lessonType: null });
export const selectDiscipline = (user: SessionUser, discipline: JournalSelection['discipline']) =>
  choose(user, { discipline, group: null, lessonType: null });
export const selectGroup = (user: SessionUser, group: JournalSelection['group']) =>
  choose(user, { group, lessonType: null });
export const selectLessonType = (user: SessionUser, lessonType: number | null) =>
  choose(user, { lessonType });
