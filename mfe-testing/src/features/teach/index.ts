export { TeacherTesting } from './components/TeacherTesting';
