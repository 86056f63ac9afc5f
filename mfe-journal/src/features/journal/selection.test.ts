import type { createStore } from 'jotai';
import { lmsStore } from '@lms/shared';
import { testStudent, testTeacher } from '@lms/shared/testing';
import {
  EMPTY_SELECTION,
  journalSelectionAtom,
  selectDiscipline,
  selectGroup,
  selectYear,
} from './selection';

const KEY = 'lms.journal.selection';

beforeEach(() => {
  sessionStorage.clear();
  lmsStore.set(journalSelectionAtom, EMPTY_SELECTION);
});

test('the choices are kept in the tab, so a reload opens the same journal', () => {
  selectYear(testTeacher, 25);
  selectDiscipline(testTeacher, { id_discipline: 7, isSelect: 0 });
  selectGroup(testTeacher, { id_group: 3, id_subgroup: null });
  const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Record<string, unknown>;
  expect(stored).toEqual({
    uid: testTeacher.uid,
    year: 25,
    ws: null,
    discipline: { id_discipline: 7, isSelect: 0 },
    group: { id_group: 3, id_subgroup: null },
    lessonType: null,
  });
});

test('a choice clears the steps after it', () => {
  selectDiscipline(testTeacher, { id_discipline: 7, isSelect: 0 });
  selectGroup(testTeacher, { id_group: 3, id_subgroup: null });
  selectYear(testTeacher, 24);
  expect(lmsStore.get(journalSelectionAtom)).toMatchObject({
    year: 24,
    discipline: null,
    group: null,
  });
});

test("another account's choice starts from nothing", () => {
  selectDiscipline(testTeacher, { id_discipline: 7, isSelect: 0 });
  selectYear(testStudent, 25);
  expect(lmsStore.get(journalSelectionAtom)).toEqual({
    ...EMPTY_SELECTION,
    uid: testStudent.uid,
    year: 25,
  });
});

/** What a reloaded page reads: a new module and store over the same sessionStorage. */
function readAfterReload(): unknown {
  let value: unknown;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const fresh = require('./selection') as { journalSelectionAtom: typeof journalSelectionAtom };
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const jotai = require('jotai') as { createStore: typeof createStore };
    value = jotai.createStore().get(fresh.journalSelectionAtom);
  });
  return value;
}

test('a reloaded page reads the stored choices back', () => {
  selectGroup(testTeacher, { id_group: 3, id_subgroup: 12 });
  expect(readAfterReload()).toEqual({
    ...EMPTY_SELECTION,
    uid: testTeacher.uid,
    group: { id_group: 3, id_subgroup: 12 },
  });
});

test('a stored value of the wrong shape is ignored', () => {
  for (const broken of ['{"uid":"x"}', '[1,2]', 'not json', '{"uid":1,"year":25}']) {
    sessionStorage.setItem(KEY, broken);
    expect(readAfterReload()).toEqual(EMPTY_SELECTION);
  }
});
