import { PasswordChangeForm } from './PasswordChangeForm';

/** /lms/change-password */
export function PasswordPage() {
  return <PasswordChangeForm />;
}
