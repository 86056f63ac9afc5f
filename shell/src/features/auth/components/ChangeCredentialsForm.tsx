import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@lms/shared';
import { NewPasswordForm } from '../../../components/NewPasswordForm';
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

  const submit = () => {
    const result = validateChange(values);
    setErrors(result.fields);
    if (result.formError) onInvalid(result.formError);
    if (!hasErrors(result)) onSubmit({ ...values, newlog: values.newlog.trim() });
  };

  const set = (key: keyof ChangeValues) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  return (
    <NewPasswordForm
      className={styles.form}
      busy={busy}
      onSubmit={submit}
      newPassword={{
        label: t('login.newPassword'),
        name: 'newpas',
        value: values.newpas,
        error: errors.newpas,
        onChange: set('newpas'),
      }}
      confirmation={{
        label: t('login.confirmPassword'),
        name: 'newpasconfirm',
        value: values.newpasconfirm,
        error: errors.newpasconfirm,
        onChange: set('newpasconfirm'),
      }}
      submitLabel={t('login.update')}
      moreActions={
        <button type="button" className={styles.secondary} onClick={onBack}>
          {t('login.back')}
        </button>
      }
      classes={{ actions: styles.actions, submit: styles.primary }}
    >
      <p className={styles.lead}>{t('login.changeLead')}</p>
      <Field
        label={t('login.newLogin')}
        name="newlog"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={values.newlog}
        error={errors.newlog ? t(errors.newlog) : undefined}
        onChange={set('newlog')}
      />
    </NewPasswordForm>
  );
}
