// A student's own journal (spec §6: students see their journal, nothing editable).
export { StudentJournal } from './components/StudentJournal';
