export { ManualScreen } from './components/ManualScreen';
