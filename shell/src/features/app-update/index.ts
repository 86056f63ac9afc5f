export { UpdatePrompt } from './UpdatePrompt';
export { registerServiceWorker } from './serviceWorker';
