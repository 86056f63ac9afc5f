export { StudentTests } from './components/StudentTests';
