import { useMutation } from '@tanstack/react-query';
import {
  browserSupportsWebAuthn,
  startAuthentication,
  WebAuthnError,
} from '@simplewebauthn/browser';
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  confirm,
  errorMessage,
  Field,
  isLanguage,
  QR_REFUSALS,
  QR_SHORT_CODE_LENGTH,
  useFormat,
  useSession,
  type QrChallengeBody,
  type QrVisitResponse,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { getChallenge, postVisit, usePhone } from '../api/qr';
import { parseFragment, parseScannedText } from '../scan';
import { CameraScanner } from './CameraScanner';
import styles from './Qr.module.css';

type Proof = Pick<QrChallengeBody, 'token' | 'claim' | 'code' | 'idShed' | 'idAud'>;

/** A check-in's outcome: marked, or the lesson waiting (by its claim) for this phone's passkey. */
type Outcome = { kind: 'visit'; visit: QrVisitResponse } | { kind: 'needsPhone'; proof: Proof };

/** Why the phone's position is not known: refused by the user, not found, or no geolocation. */
export type LocationProblem = 'denied' | 'unavailable';

/**
 * The check-in stopped on this device before it reached the server: the reason is kept as a
 * code and put into words when shown (errorMessage knows only the server's and the network's
 * failures, and would say "Unknown error").
 */
export class LocationError extends Error {
  constructor(readonly problem: LocationProblem) {
    super(`location ${problem}`);
    this.name = 'LocationError';
  }
}

/** The phone's position, as the visit wants it (x latitude, y longitude, accuracy in metres). */
function currentPosition(): Promise<{ x: number; y: number; accuracy: number }> {
  return new Promise((resolve, reject) => {
    if (!navigator.geolocation) {
      reject(new LocationError('unavailable'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({
          x: position.coords.latitude,
          y: position.coords.longitude,
          accuracy: position.coords.accuracy,
        }),
      (error) =>
        reject(
          new LocationError(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable'),
        ),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 0 },
    );
  });
}

/** A passkey ceremony the phone did not complete; the lesson's claim is kept for a retry. */
class PhoneError extends Error {
  constructor(readonly proof: Proof) {
    super('passkey not confirmed');
    this.name = 'PhoneError';
  }
}

/** A failed check-in in words, in the current language. */
export function checkInError(error: unknown, t: TFunction): string {
  if (error instanceof LocationError) {
    return t(error.problem === 'denied' ? 'scan.locationDenied' : 'scan.locationFailed');
  }
  if (error instanceof PhoneError) return t('passkey.notConfirmed');
  return errorMessage(error);
}

/**
 * The student's check-in: the camera inside the portal, the address a phone's camera app opened
 * (a claim in the fragment, made before signing in), or the typed code beside the QR.
 */
export function ScanScreen() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const { user } = useSession();
  const codeId = useId();
  const registerId = useId();
  const [camera, setCamera] = useState(false);
  const [code, setCode] = useState('');
  const [fragment] = useState(() => parseFragment(window.location.hash));
  const seen = useRef<string | null>(null);

  const phone = usePhone();
  const webauthn = browserSupportsWebAuthn();

  // The proof becomes a challenge; this phone's passkey signs it; then the visit with the position.
  const visit = useMutation({
    mutationFn: async (proof: Proof): Promise<Outcome> => {
      const lang = isLanguage(i18n.language) ? i18n.language : undefined;
      const idStud = user?.id ?? 0;
      const challenge = await getChallenge({ ...proof, idStud, ...(lang ? { lang } : {}) });
      // The claim keeps the lesson for a few minutes: registering the phone may outlast the QR.
      const kept: Proof = { claim: challenge.claim, idShed: proof.idShed, idAud: proof.idAud };
      if (!challenge.options) return { kind: 'needsPhone', proof: kept };
      let passkey;
      try {
        passkey = await startAuthentication({
          optionsJSON: challenge.options as Parameters<
            typeof startAuthentication
          >[0]['optionsJSON'],
        });
      } catch {
        throw new PhoneError(kept);
      }
      const position = await currentPosition();
      const done = await postVisit({
        idStud,
        idShed: proof.idShed,
        idAud: proof.idAud,
        ...position,
        passkey: passkey as Parameters<typeof postVisit>[0]['passkey'],
        ...(lang ? { lang } : {}),
      });
      return { kind: 'visit', visit: done };
    },
    onSuccess: () => setCamera(false),
  });
  const outcome = visit.data;
  const waiting =
    outcome?.kind === 'needsPhone'
      ? outcome.proof
      : visit.error instanceof PhoneError
        ? visit.error.proof
        : null;
  const registerAndCheckIn = () =>
    phone.register.mutate(undefined, {
      onSuccess: () => {
        if (waiting) visit.mutate(waiting);
      },
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
      <Link to="/lms/schedule" className={styles.back}>
        {t('qr.back')}
      </Link>
      {fragmentError && !outcome && (
        <p role="alert" className={styles.refusal}>
          {fragmentError}
        </p>
      )}
      <div aria-live="polite">
        {visit.isPending && <p>{t('scan.checking')}</p>}
        {visit.isError && (
          <p role="alert" className={styles.refusal} data-testid="scan-refusal">
            {checkInError(visit.error, t)}
          </p>
        )}
        {outcome?.kind === 'visit' && (
          <p className={styles.accepted} data-testid="scan-result">
            {outcome.visit.marked
              ? t('scan.marked', { discipline: outcome.visit.discipline })
              : t('scan.already', { discipline: outcome.visit.discipline })}
          </p>
        )}
        {outcome?.kind === 'needsPhone' && (
          <section className={styles.phoneFirst} aria-labelledby={registerId}>
            <h2 id={registerId}>{t('passkey.firstTitle')}</h2>
            <p>{webauthn ? t('passkey.firstText') : t('passkey.unsupported')}</p>
            {webauthn && <p className={styles.muted}>{t('passkey.byHand')}</p>}
            {webauthn && (
              <button
                type="button"
                className={styles.button}
                disabled={phone.register.isPending}
                onClick={registerAndCheckIn}
              >
                {t('passkey.registerAndCheckIn')}
              </button>
            )}
            {phone.register.isError && (
              <p role="alert" className={styles.refusal}>
                {registrationError(phone.register.error, t)}
              </p>
            )}
          </section>
        )}
        {visit.error instanceof PhoneError && (
          <button type="button" className={styles.button} onClick={() => visit.mutate(waiting!)}>
            {t('passkey.retry')}
          </button>
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
      {/* While a check-in waits for this phone, its panel above is the one offer to register. */}
      {(outcome?.kind !== 'needsPhone' || (phone.list.data?.passkeys.length ?? 0) > 0) && (
        <MyPhone phone={phone} webauthn={webauthn} />
      )}
    </div>
  );
}

/** Why registering failed: the phone's refusal in words, or the server's reason as it is. */
function registrationError(error: unknown, t: TFunction): string {
  return error instanceof WebAuthnError ? t('passkey.notRegistered') : errorMessage(error);
}

/** The student's registered phone: offered when there is none, shown and removable otherwise. */
function MyPhone({ phone, webauthn }: { phone: ReturnType<typeof usePhone>; webauthn: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const headingId = useId();
  const registered = phone.list.data?.passkeys ?? [];
  return (
    <section className={styles.phone} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('passkey.title')}</h2>
      {phone.list.isError ? (
        <p role="alert">{errorMessage(phone.list.error)}</p>
      ) : !phone.list.data ? null : registered.length === 0 ? (
        <>
          <p className={styles.muted}>{webauthn ? t('passkey.none') : t('passkey.unsupported')}</p>
          {webauthn && (
            <button
              type="button"
              className={styles.button}
              disabled={phone.register.isPending}
              onClick={() => phone.register.mutate()}
            >
              {t('passkey.register')}
            </button>
          )}
        </>
      ) : (
        <ul className={styles.phones}>
          {registered.map((passkey) => (
            <li key={passkey.id} data-testid="registered-phone">
              <span>
                {passkey.name} · {t('passkey.since', { date: format.date(passkey.created_at) })}
              </span>
              <button
                type="button"
                className={styles.small}
                disabled={phone.remove.isPending}
                onClick={async () => {
                  if (await confirm(t('passkey.removeConfirm'))) phone.remove.mutate(passkey.id);
                }}
              >
                {t('passkey.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {phone.register.isError && (
        <p role="alert" className={styles.refusal}>
          {registrationError(phone.register.error, t)}
        </p>
      )}
      {phone.remove.isError && <p role="alert">{errorMessage(phone.remove.error)}</p>}
      <p className={styles.muted}>{t('passkey.byHand')}</p>
    </section>
  );
}
