export { RatingScreen } from './components/RatingScreen';
