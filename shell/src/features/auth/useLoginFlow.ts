import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { authorize, classifyError, errorMessage, notify, ROLE } from '@lms/shared';
import { checkRecovery, updateLogin } from './api/credentials';
import type { ChangeValues, LoginValues } from './validation';

/** A message of the login screen: an i18n key (follows the language) or a server's own text. */
export type FlowMessage = { key: string } | { text: string };

export type LoginStep = 'login' | 'change';

/**
 * A successful login/password update says `updated: true`, its message in the user's language;
 * an older server's answer said so by this word of its Russian message (spec §4).
 */
const UPDATED_MARKER = 'изменены';

function loginFailure(err: unknown): FlowMessage {
  const error = classifyError(err);
  if (error.status === 401) return { key: 'login.errors.invalidCredentials' };
  if (error.status === 400) return { key: 'login.errors.enterCredentials' };
  // Throttling (429) and other refusals come with the server's explanation.
  return { text: errorMessage(error) };
}

/**
 * Spec §4 login flow, awaiting each answer instead of the original 500 ms timers:
 * recovery check → LOG_PAS 1: the change form; LOG_PAS 0: authorize → role 1 or 2: /lms.
 * Change form → update → `updated` (or a message containing 'изменены'): notify it and authorize
 * with the new credentials; any other message: show it as the error.
 */
export function useLoginFlow() {
  const navigate = useNavigate();
  const [step, setStep] = useState<LoginStep>('login');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<FlowMessage | null>(null);
  // The credentials the change form replaces (the API wants them as oldlog/oldpas).
  const current = useRef<LoginValues | null>(null);

  const enter = useCallback(
    async (login: string, password: string) => {
      const user = await authorize(login, password);
      // Only teachers and students enter the portal (spec §6).
      if (user.role === ROLE.teacher || user.role === ROLE.student)
        navigate('/lms', { replace: true });
      else setMessage({ key: 'login.errors.invalidCredentials' });
    },
    [navigate],
  );

  const submitLogin = useCallback(
    async ({ login, password }: LoginValues) => {
      setMessage(null);
      setBusy(true);
      current.current = { login, password };
      try {
        const { LOG_PAS } = await checkRecovery({ oldlog: login, oldpas: password });
        if (LOG_PAS === 1) {
          setStep('change');
          return;
        }
        await enter(login, password);
      } catch (err) {
        setMessage(loginFailure(err));
      } finally {
        setBusy(false);
      }
    },
    [enter],
  );

  const submitChange = useCallback(
    async ({ newlog, newpas }: ChangeValues) => {
      const old = current.current;
      if (!old) {
        setStep('login');
        return;
      }
      setMessage(null);
      setBusy(true);
      try {
        let sms = '';
        let updated = false;
        try {
          const result = await updateLogin({
            oldlog: old.login,
            oldpas: old.password,
            newlog,
            newpas,
          });
          sms = result[0]?.sms ?? '';
          updated = result[0]?.updated === true || sms.toLowerCase().includes(UPDATED_MARKER);
        } catch (err) {
          setMessage({ text: errorMessage(err) });
          return;
        }
        if (!updated) {
          setMessage(sms ? { text: sms } : { key: 'login.errors.updateFailed' });
          return;
        }
        notify(sms, 'success');
        // The old credentials are gone now: should the login below fail, the user signs in
        // with the new ones on the login form, not on a change form that can no longer work.
        current.current = { login: newlog, password: newpas };
        setStep('login');
        await enter(newlog, newpas);
      } catch (err) {
        setMessage(loginFailure(err));
      } finally {
        setBusy(false);
      }
    },
    [enter],
  );

  const backToLogin = useCallback(() => {
    setMessage(null);
    setStep('login');
  }, []);

  return {
    step,
    busy,
    message,
    setMessage,
    dismissMessage: useCallback(() => setMessage(null), []),
    submitLogin,
    submitChange,
    backToLogin,
  };
}
