export { LoginPage } from './components/LoginPage';
export { dropPrerendered, takeOverPrerendered, type PrerenderedLogin } from './prerendered';
