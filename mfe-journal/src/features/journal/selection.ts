import { atomWithStorage, createJSONStorage } from 'jotai/utils';
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

const isId = (value: unknown) => value === null || Number.isInteger(value);

/** A stored selection of the right shape (storage is the user's to edit). */
function isSelection(value: unknown): value is JournalSelection {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const discipline = v.discipline as Record<string, unknown> | null | undefined;
  const group = v.group as Record<string, unknown> | null | undefined;
  return (
    isId(v.uid) &&
    isId(v.year) &&
    (v.ws === null || v.ws === 1 || v.ws === 2 || v.ws === 3) &&
    isId(v.lessonType) &&
    (discipline === null ||
      (typeof discipline === 'object' &&
        Number.isInteger(discipline.id_discipline) &&
        Number.isInteger(discipline.isSelect))) &&
    (group === null ||
      (typeof group === 'object' && Number.isInteger(group.id_group) && isId(group.id_subgroup)))
  );
}

const json = createJSONStorage<JournalSelection>(() => sessionStorage);

/**
 * Kept for the tab (sessionStorage), so a reload opens the same journal; a choice that is no
 * longer in its list is simply not chosen.
 */
export const journalSelectionAtom = atomWithStorage<JournalSelection>(
  'lms.journal.selection',
  EMPTY_SELECTION,
  {
    ...json,
    getItem: (key, initial) => {
      const value = json.getItem(key, initial);
      return isSelection(value) ? value : initial;
    },
  },
  { getOnInit: true },
);

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
