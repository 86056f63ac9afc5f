export {
  mountStandalone,
  StandaloneApp,
  type StandaloneAppProps,
  type StandaloneArea,
} from './StandaloneApp.js';
