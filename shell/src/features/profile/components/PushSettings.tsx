import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, Loading, useSession, type PushPreferences } from '@lms/shared';
import {
  currentPush,
  DEFAULT_PREFERENCES,
  pushKindsFor,
  pushSupported,
  removePush,
  savePush,
} from '../api/push';
import styles from './PushSettings.module.css';

type State =
  | { status: 'loading' }
  | { status: 'ready'; subscribed: boolean; preferences: PushPreferences }
  | { status: 'unsupported' };

/**
 * "Notifications on this device" in the profile: opting this browser in to notifications with
 * the page closed (Web Push), the kinds wanted, and whether a message's text may be shown.
 */
export function PushSettings() {
  const { t } = useTranslation();
  const kinds = pushKindsFor(useSession().user?.role);
  const [state, setState] = useState<State>(() =>
    pushSupported() ? { status: 'loading' } : { status: 'unsupported' },
  );
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);

  useEffect(() => {
    if (!pushSupported()) return;
    let live = true;
    currentPush()
      .then((preferences) => {
        if (!live) return;
        setState({
          status: 'ready',
          subscribed: preferences !== null,
          preferences: preferences ?? DEFAULT_PREFERENCES,
        });
      })
      .catch(() => {
        if (live) {
          setState({ status: 'ready', subscribed: false, preferences: DEFAULT_PREFERENCES });
        }
      });
    return () => {
      live = false;
    };
  }, []);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setNotice(null);
    try {
      await work();
    } catch (error) {
      // The browser's own refusals (no push service, a private window) are DOMExceptions.
      const text = error instanceof DOMException ? t('push.failed') : errorMessage(error);
      setNotice({ text, error: true });
    } finally {
      setBusy(false);
    }
  };

  const save = (preferences: PushPreferences) =>
    run(async () => {
      const outcome = await savePush(preferences);
      if (outcome === 'denied') {
        setNotice({ text: t('push.denied'), error: true });
        return;
      }
      setState({ status: 'ready', subscribed: true, preferences });
      setNotice({ text: t('push.saved'), error: false });
    });

  const turnOff = (preferences: PushPreferences) =>
    run(async () => {
      await removePush();
      setState({ status: 'ready', subscribed: false, preferences });
      setNotice({ text: t('push.off'), error: false });
    });

  return (
    <section aria-labelledby="push-title" className={styles.section}>
      <h2 id="push-title" className={styles.title}>
        {t('push.title')}
      </h2>
      {state.status === 'unsupported' && <p className={styles.muted}>{t('push.unsupported')}</p>}
      {state.status === 'loading' && <Loading />}
      {state.status === 'ready' && (
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            void save(state.preferences);
          }}
        >
          <p className={styles.muted}>{state.subscribed ? t('push.on') : t('push.intro')}</p>
          <fieldset className={styles.kinds}>
            <legend>{t('push.kindsLegend')}</legend>
            {kinds.map((kind) => (
              <label key={kind} className={styles.choice}>
                <input
                  type="checkbox"
                  checked={state.preferences[kind] ?? true}
                  onChange={(event) =>
                    setState({
                      ...state,
                      preferences: { ...state.preferences, [kind]: event.target.checked },
                    })
                  }
                />
                {t(`push.kinds.${kind}`)}
              </label>
            ))}
          </fieldset>
          <label className={styles.choice}>
            <input
              type="checkbox"
              checked={state.preferences.allowPreviews}
              onChange={(event) =>
                setState({
                  ...state,
                  preferences: { ...state.preferences, allowPreviews: event.target.checked },
                })
              }
            />
            {t('push.allowPreviews')}
          </label>
          <div className={styles.actions}>
            <button type="submit" className={styles.submit} disabled={busy}>
              {state.subscribed ? t('push.save') : t('push.enable')}
            </button>
            {state.subscribed && (
              <button
                type="button"
                className={styles.secondary}
                disabled={busy}
                onClick={() => void turnOff(state.preferences)}
              >
                {t('push.disable')}
              </button>
            )}
          </div>
          {notice && (
            <p
              role={notice.error ? 'alert' : 'status'}
              className={notice.error ? styles.error : styles.muted}
            >
              {notice.text}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
