export { StaffAccessScreen } from './components/StaffAccessScreen';
