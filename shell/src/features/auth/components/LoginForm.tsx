import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { applyTheme, changeLanguage, Field, Loading } from '@lms/shared';
import { takeOverPrerendered } from '../prerendered';
import { hasErrors, validateLogin, type LoginValidation, type LoginValues } from '../validation';
import styles from './forms.module.css';

interface Props {
  busy: boolean;
  onSubmit: (values: LoginValues) => void;
  /** A form-level validation message for the message box (an i18n key). */
  onInvalid: (key: string) => void;
}

export function LoginForm({ busy, onSubmit, onInvalid }: Props) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<LoginValues>({ login: '', password: '' });
  const [errors, setErrors] = useState<LoginValidation['fields']>({});
  const form = useRef<HTMLFormElement>(null);
  const [heldSubmit, setHeldSubmit] = useState(false);
  const language = useRef(i18n.language);
  language.current = i18n.language;

  // The prerendered login screen of index.html hands over what was typed on it (before paint).
  useLayoutEffect(
    () =>
      takeOverPrerendered((handed) => {
        // A language picked on the screen after the app had read the cookie is taken over too,
        // and so is a theme picked there.
        if (handed.language && handed.language !== language.current) {
          void changeLanguage(handed.language);
        }
        if (handed.theme) applyTheme(handed.theme);
        setValues(handed.values);
        const field =
          handed.focus && form.current?.querySelector('input[name="' + handed.focus.name + '"]');
        if (field instanceof HTMLInputElement && handed.focus) {
          field.focus();
          field.setSelectionRange(handed.focus.start, handed.focus.end);
        }
        if (handed.submitted) setHeldSubmit(true);
      }),
    [],
  );
  // A submit held by the prerendered screen is sent once its values are in the form.
  useEffect(() => {
    if (!heldSubmit) return;
    setHeldSubmit(false);
    form.current?.requestSubmit();
  }, [heldSubmit]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateLogin(values);
    setErrors(result.fields);
    if (result.formError) onInvalid(result.formError);
    if (!hasErrors(result)) onSubmit({ login: values.login.trim(), password: values.password });
  };

  const fieldError = (key: keyof LoginValues) => (errors[key] ? t(errors[key]) : undefined);

  return (
    <form ref={form} className={styles.form} onSubmit={submit} noValidate aria-busy={busy}>
      <Field
        label={t('login.login')}
        name="login"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={values.login}
        error={fieldError('login')}
        onChange={(event) => setValues((v) => ({ ...v, login: event.target.value }))}
      />
      <Field
        label={t('login.password')}
        name="password"
        secret
        autoComplete="current-password"
        required
        minLength={3}
        value={values.password}
        error={fieldError('password')}
        onChange={(event) => setValues((v) => ({ ...v, password: event.target.value }))}
      />
      <div className={styles.actions}>
        {busy ? (
          <Loading />
        ) : (
          <button type="submit" className={styles.primary}>
            {t('login.submit')}
          </button>
        )}
      </div>
    </form>
  );
}
