import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecoveryBody } from '../contract/index.js';
import { AUTH_API } from '../contract/endpoints/index.js';
import { postEndpoint } from '../http/api.js';
import { errorMessage } from '../i18n/errorMessage.js';
import { authorize } from '../session/auth.js';
import { useUiStyles } from '../ui/styles.js';
import { LanguageSwitch } from './LanguageSwitch.js';
import { STANDALONE_NAMESPACE } from './resources.js';
import * as styles from './styles.js';

const checkRecovery = postEndpoint(AUTH_API.recovery);

export interface LoginFormProps {
  remote: string;
  /** A problem to show before the first attempt (server unreachable, logout failed). */
  initialMessage: string | null;
}

/**
 * The standalone page's sign-in: login and password against the same API as the portal. The
 * forced credential change is deliberately left to the portal's login screen, so this form only
 * detects it (the recovery check) and sends the user there.
 */
export function LoginForm({ remote, initialMessage }: LoginFormProps) {
  useUiStyles();
  const { t } = useTranslation(STANDALONE_NAMESPACE);
  const ids = useId();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState(initialMessage);

  async function signIn(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (!login || !password) {
      setMessage(t('required'));
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const body: RecoveryBody = { oldlog: login, oldpas: password };
      const { LOG_PAS } = await checkRecovery(body);
      if (LOG_PAS === 1) {
        setMessage(t('mustChange'));
        setBusy(false);
        return;
      }
      // On success the session atoms switch the page to the signed-in view; this form unmounts.
      await authorize(login, password);
    } catch (err) {
      setMessage(errorMessage(err));
      setBusy(false);
    }
  }

  return (
    <main style={styles.loginPage}>
      <form
        style={styles.loginCard}
        aria-labelledby={`${ids}-title`}
        noValidate
        onSubmit={(event) => void signIn(event)}
      >
        <h1 id={`${ids}-title`} style={styles.loginTitle}>
          {t('signInTitle', { remote })}
        </h1>
        <p style={styles.muted}>{t('standaloneNote')}</p>
        <div style={styles.field}>
          <label htmlFor={`${ids}-login`}>{t('login')}</label>
          <input
            id={`${ids}-login`}
            name="login"
            autoComplete="username"
            required
            style={styles.input}
            value={login}
            onChange={(event) => setLogin(event.target.value)}
          />
        </div>
        <div style={styles.field}>
          <label htmlFor={`${ids}-password`}>{t('password')}</label>
          <input
            id={`${ids}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            style={styles.input}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        {message && (
          <p role="alert" style={styles.alert}>
            {message}
          </p>
        )}
        <button type="submit" className="lms-ui-button lms-ui-button--primary" disabled={busy}>
          {busy ? t('signingIn') : t('submit')}
        </button>
        <LanguageSwitch />
      </form>
    </main>
  );
}
