import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { classifyError, Field, NEW_PASSWORD_MIN_LENGTH, useSession } from '@lms/shared';
import { MessageBox } from '../../../components/MessageBox';
import { NewPasswordForm } from '../../../components/NewPasswordForm';
import { resetPassword } from '../api/reset-password';
import {
  validatePasswordChange,
  type PasswordChangeErrors,
  type PasswordChangeValues,
} from '../validation';
import styles from './PasswordChangeForm.module.css';

const EMPTY: PasswordChangeValues = { password: '', newPassword: '', confirmation: '' };

type Outcome = { kind: 'success' } | { kind: 'error'; detail?: string };

/**
 * Spec §5 password change for the signed-in user (POST /api/passwd/reset.json). `titled` gives
 * the form its own heading (on the profile screen); on its own page the page's heading names it.
 */
export function PasswordChangeForm({ titled = true }: { titled?: boolean }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [values, setValues] = useState<PasswordChangeValues>(EMPTY);
  const [errors, setErrors] = useState<PasswordChangeErrors>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const submit = async () => {
    if (!user) return;
    const found = validatePasswordChange(values);
    setErrors(found);
    setOutcome(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await resetPassword({
        password: values.password,
        newPassword: values.newPassword,
        uid: user.uid,
        role: user.role,
      });
      setValues(EMPTY);
      setOutcome({ kind: 'success' });
    } catch (err) {
      const { serverMessage } = classifyError(err);
      setOutcome(serverMessage ? { kind: 'error', detail: serverMessage } : { kind: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const set = (key: keyof PasswordChangeValues) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  const outcomeText =
    outcome?.kind === 'success'
      ? t('password.success')
      : outcome
        ? [t('password.failed'), outcome.detail].filter(Boolean).join(': ')
        : '';

  return (
    <NewPasswordForm
      className={styles.form}
      aria-labelledby={titled ? 'password-change-title' : undefined}
      aria-label={titled ? undefined : t('password.title')}
      busy={busy}
      onSubmit={() => void submit()}
      newPassword={{
        label: t('password.new'),
        name: 'newPassword',
        minLength: NEW_PASSWORD_MIN_LENGTH,
        value: values.newPassword,
        error: errors.newPassword,
        onChange: set('newPassword'),
      }}
      confirmation={{
        label: t('password.confirm'),
        name: 'confirmation',
        value: values.confirmation,
        error: errors.confirmation,
        onChange: set('confirmation'),
      }}
      submitLabel={t('password.submit')}
      classes={{ actions: styles.actions, submit: styles.submit }}
    >
      {titled && (
        <h2 id="password-change-title" className={styles.title}>
          {t('password.title')}
        </h2>
      )}
      {outcome && (
        <MessageBox message={outcomeText} kind={outcome.kind} onClose={() => setOutcome(null)} />
      )}
      <Field
        label={t('password.old')}
        name="password"
        secret
        autoComplete="current-password"
        required
        value={values.password}
        error={errors.password ? t(errors.password) : undefined}
        onChange={set('password')}
      />
    </NewPasswordForm>
  );
}
