export { TeacherStreams } from './components/TeacherStreams';
