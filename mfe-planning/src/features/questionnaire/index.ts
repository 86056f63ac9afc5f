export { QuestionnaireScreen } from './components/QuestionnaireScreen';
