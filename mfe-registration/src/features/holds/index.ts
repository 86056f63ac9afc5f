export { RegistrarHolds } from './components/RegistrarHolds';
