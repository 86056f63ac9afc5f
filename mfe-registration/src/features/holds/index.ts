export { RegistrarAppointments } from './components/RegistrarAppointments';
export { RegistrarHolds } from './components/RegistrarHolds';
