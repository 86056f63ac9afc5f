import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, confirm, errorMessage, FormError, type StatementDetail } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { signStatement, useStatementStep } from '../api/statements';
import { passkeySignature, useMyPasskeys } from '../api/passkey';
import styles from './Statement.module.css';

/**
 * The teacher's signature of a draft with their passkey (fingerprint, face or screen lock): the
 * passkey signs a challenge naming the statement and the digest of the content shown. Without
 * a registered passkey, the step says so and registers one on this device first.
 */
export function SignStep({ detail, disabled }: { detail: StatementDetail; disabled: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const headingId = useId();
  const passkeys = useMyPasskeys();
  const sign = useStatementStep(async (body: { id: number; digest: string }) =>
    signStatement(await passkeySignature(body.id, body.digest)),
  );
  const supported = typeof window.PublicKeyCredential === 'function';
  const failure = (error: Error | null) =>
    error === null
      ? null
      : // The device refused or the person cancelled (the DOM's names, kept by the library).
        ['NotAllowedError', 'AbortError', 'InvalidStateError'].includes(error.name)
        ? t('passkey.cancelled')
        : errorMessage(error);

  const onSign = async () => {
    if (await confirm(t('statement.signConfirm'), { confirmLabel: t('statement.sign') })) {
      sign.mutate({ id: detail.id, digest: detail.digest });
    }
  };

  const registered = passkeys.list.data?.passkeys.length ?? 0;
  if (passkeys.list.isPending) return null;
  if (registered === 0 && !passkeys.list.isError) {
    const error = failure(passkeys.register.error);
    return (
      <section className={styles.passkey} aria-labelledby={headingId}>
        <h3 id={headingId}>{t('passkey.title')}</h3>
        <p>{supported ? t('passkey.none') : t('passkey.unsupported')}</p>
        {error && <FormError>{error}</FormError>}
        {supported && (
          <Button
            onClick={() => passkeys.register.mutate()}
            disabled={passkeys.register.isPending}
            aria-busy={passkeys.register.isPending}
          >
            {t('passkey.register')}
          </Button>
        )}
      </section>
    );
  }
  const error = failure(sign.error);
  return (
    <>
      <Button
        variant="primary"
        onClick={() => void onSign()}
        disabled={disabled || sign.isPending}
        aria-busy={sign.isPending}
      >
        {t('statement.sign')}
      </Button>
      <span className={styles.hint}>{t('passkey.signHint')}</span>
      {error && <FormError>{error}</FormError>}
    </>
  );
}
