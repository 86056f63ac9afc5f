import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { classifyError, Field, Loading, NEW_PASSWORD_MIN_LENGTH, useSession } from '@lms/shared';
import { MessageBox } from '../../../components/MessageBox';
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
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
  const fieldError = (key: keyof PasswordChangeValues) =>
    errors[key] ? t(errors[key], { min: NEW_PASSWORD_MIN_LENGTH }) : undefined;

  const outcomeText =
    outcome?.kind === 'success'
      ? t('password.success')
      : outcome
        ? [t('password.failed'), outcome.detail].filter(Boolean).join(': ')
        : '';

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-busy={busy}
      aria-labelledby={titled ? 'password-change-title' : undefined}
      aria-label={titled ? undefined : t('password.title')}
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
        error={fieldError('password')}
        onChange={set('password')}
      />
      <Field
        label={t('password.new')}
        name="newPassword"
        secret
        autoComplete="new-password"
        required
        minLength={NEW_PASSWORD_MIN_LENGTH}
        hint={t('password.policy', { min: NEW_PASSWORD_MIN_LENGTH })}
        value={values.newPassword}
        error={fieldError('newPassword')}
        onChange={set('newPassword')}
      />
      <Field
        label={t('password.confirm')}
        name="confirmation"
        secret
        autoComplete="new-password"
        required
        value={values.confirmation}
        error={fieldError('confirmation')}
        onChange={set('confirmation')}
      />
      <div className={styles.actions}>
        {busy ? (
          <Loading />
        ) : (
          <button type="submit" className={styles.submit}>
            {t('password.submit')}
          </button>
        )}
      </div>
    </form>
  );
}
