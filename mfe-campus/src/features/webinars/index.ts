export { WebinarsScreen } from './components/WebinarsScreen';
export { WebinarRoom } from './components/WebinarRoom';
