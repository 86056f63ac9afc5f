export { StatementScreen } from './components/StatementScreen';
