export { StudentRegistration } from './components/StudentRegistration';
