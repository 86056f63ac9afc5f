import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  errorMessage,
  Field,
  isLanguage,
  QR_REFUSALS,
  QR_SHORT_CODE_LENGTH,
  useSession,
  type QrVisitBody,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { postVisit } from '../api/qr';
import { parseFragment, parseScannedText } from '../scan';
import { CameraScanner } from './CameraScanner';
import styles from './Qr.module.css';

type Proof = Pick<QrVisitBody, 'token' | 'claim' | 'code' | 'idShed' | 'idAud'>;

/** The phone's position, as the visit wants it (x latitude, y longitude, accuracy in metres). */
function currentPosition(): Promise<{ x: number; y: number; accuracy: number }> {
  return new Promise((resolve, reject) => {
    if (!navigator.geolocation) {
      reject(new Error('geolocation'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({
          x: position.coords.latitude,
          y: position.coords.longitude,
          accuracy: position.coords.accuracy,
        }),
      (error) => reject(new Error(error.code === error.PERMISSION_DENIED ? 'denied' : 'position')),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 0 },
    );
  });
}

/**
 * The student's check-in: the camera inside the portal, the address a phone's camera app opened
 * (a claim in the fragment, made before signing in), or the typed code beside the QR.
 */
export function ScanScreen() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const { user } = useSession();
  const codeId = useId();
  const [camera, setCamera] = useState(false);
  const [code, setCode] = useState('');
  const [fragment] = useState(() => parseFragment(window.location.hash));
  const seen = useRef<string | null>(null);

  const visit = useMutation({
    mutationFn: async (proof: Proof) => {
      let position;
      try {
        position = await currentPosition();
      } catch (error) {
        throw new Error(
          t((error as Error).message === 'denied' ? 'scan.locationDenied' : 'scan.locationFailed'),
        );
      }
      const lang = isLanguage(i18n.language) ? i18n.language : undefined;
      return postVisit({ ...proof, idStud: user?.id ?? 0, ...position, ...(lang ? { lang } : {}) });
    },
    onSuccess: () => setCamera(false),
  });

  // Opened from the QR's address: check in with the claim at once (the fragment is then cleared).
  useEffect(() => {
    if (!fragment.claim) return;
    window.history.replaceState(null, '', window.location.pathname);
    visit.mutate({ claim: fragment.claim, idShed: fragment.idShed, idAud: fragment.idAud });
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onScanned = (text: string) => {
    if (visit.isPending || text === seen.current) return;
    const scanned = parseScannedText(text);
    if (!scanned) return;
    seen.current = text;
    visit.mutate({ token: scanned.token, idShed: scanned.idShed, idAud: scanned.idAud });
  };

  const fragmentError =
    fragment.error && (QR_REFUSALS as readonly string[]).includes(fragment.error)
      ? t(`scan.refusals.${fragment.error}`)
      : null;
  const codeValid = new RegExp(`^\\d{${QR_SHORT_CODE_LENGTH}}$`).test(code);

  return (
    <div className={styles.scan}>
      <Link to="/lms/schedule">{t('qr.back')}</Link>
      <p className={styles.muted}>{t('scan.intro')}</p>
      {fragmentError && !visit.data && (
        <p role="alert" className={styles.refusal}>
          {fragmentError}
        </p>
      )}
      <div aria-live="polite">
        {visit.isPending && <p>{t('scan.checking')}</p>}
        {visit.isError && (
          <p role="alert" className={styles.refusal} data-testid="scan-refusal">
            {errorMessage(visit.error)}
          </p>
        )}
        {visit.data && (
          <p className={styles.accepted} data-testid="scan-result">
            {visit.data.marked
              ? t('scan.marked', { discipline: visit.data.discipline })
              : t('scan.already', { discipline: visit.data.discipline })}
          </p>
        )}
      </div>
      <button
        type="button"
        className={styles.button}
        aria-pressed={camera}
        onClick={() => {
          seen.current = null;
          setCamera((on) => !on);
        }}
      >
        {camera ? t('scan.stopCamera') : t('scan.startCamera')}
      </button>
      {camera && <CameraScanner onText={onScanned} />}
      <form
        className={styles.codeForm}
        onSubmit={(event) => {
          event.preventDefault();
          if (codeValid) visit.mutate({ code });
        }}
      >
        <Field
          id={codeId}
          label={t('scan.codeLabel')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={QR_SHORT_CODE_LENGTH}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
        />
        <button type="submit" className={styles.button} disabled={!codeValid || visit.isPending}>
          {t('scan.codeSubmit')}
        </button>
      </form>
    </div>
  );
}
