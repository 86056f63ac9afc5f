export { PasswordChangeForm } from './components/PasswordChangeForm';
export { PasswordPage } from './components/PasswordPage';
