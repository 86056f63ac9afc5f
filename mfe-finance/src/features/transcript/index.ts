export { TranscriptScreen } from './components/TranscriptScreen';
