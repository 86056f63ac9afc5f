import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, Loading, NEW_PASSWORD_MIN_LENGTH } from '@lms/shared';
import { hasErrors, validateChange, type ChangeValidation, type ChangeValues } from '../validation';
import styles from './forms.module.css';

interface Props {
  busy: boolean;
  onSubmit: (values: ChangeValues) => void;
  /** A form-level validation message for the message box (an i18n key). */
  onInvalid: (key: string) => void;
  onBack: () => void;
}

/** Shown when the server requires a credential change (LOG_PAS 1): new login and password. */
export function ChangeCredentialsForm({ busy, onSubmit, onInvalid, onBack }: Props) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ChangeValues>({
    newlog: '',
    newpas: '',
    newpasconfirm: '',
  });
  const [errors, setErrors] = useState<ChangeValidation['fields']>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateChange(values);
    setErrors(result.fields);
    if (result.formError) onInvalid(result.formError);
    if (!hasErrors(result)) onSubmit({ ...values, newlog: values.newlog.trim() });
  };

  const set = (key: keyof ChangeValues) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));
  const fieldError = (key: keyof ChangeValues) =>
    errors[key] ? t(errors[key], { min: NEW_PASSWORD_MIN_LENGTH }) : undefined;

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={busy}>
      <p className={styles.lead}>{t('login.changeLead')}</p>
      <Field
        label={t('login.newLogin')}
        name="newlog"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={values.newlog}
        error={fieldError('newlog')}
        onChange={set('newlog')}
      />
      <Field
        label={t('login.newPassword')}
        name="newpas"
        secret
        autoComplete="new-password"
        required
        hint={t('password.policy', { min: NEW_PASSWORD_MIN_LENGTH })}
        value={values.newpas}
        error={fieldError('newpas')}
        onChange={set('newpas')}
      />
      <Field
        label={t('login.confirmPassword')}
        name="newpasconfirm"
        secret
        autoComplete="new-password"
        required
        value={values.newpasconfirm}
        error={fieldError('newpasconfirm')}
        onChange={set('newpasconfirm')}
      />
      <div className={styles.actions}>
        {busy ? (
          <Loading />
        ) : (
          <>
            <button type="submit" className={styles.primary}>
              {t('login.update')}
            </button>
            <button type="button" className={styles.secondary} onClick={onBack}>
              {t('login.back')}
            </button>
          </>
        )}
      </div>
    </form>
  );
}
