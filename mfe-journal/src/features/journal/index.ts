// The teacher's journal (spec §3 "Journal and visits", §7 "Visit log"): what the app renders.
export { TeacherJournal } from './components/TeacherJournal';
// A cell's value in words (the mark history of a student says its values the same way).
export { useCellWords } from './components/useCellWords';
export type { CellSource } from './types';
