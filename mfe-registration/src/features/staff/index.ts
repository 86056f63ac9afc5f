export { StaffRegistration } from './components/StaffRegistration';
