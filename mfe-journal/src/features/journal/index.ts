// The teacher's journal (spec §3 "Journal and visits", §7 "Visit log"): what the app renders.
export { TeacherJournal } from './components/TeacherJournal';
