export { DocumentsScreen } from './components/DocumentsScreen';
