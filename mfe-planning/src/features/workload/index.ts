export { WorkloadScreen } from './components/WorkloadScreen';
