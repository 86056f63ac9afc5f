export { StandaloneApp, type StandaloneAppProps, type StandaloneArea } from './StandaloneApp.js';
