import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button, ErrorState, Loading, useButtonClass } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { receiptUrl, usePayment } from '../api/payments';
import { REFUSED_PARAM } from '../choiceParams';
import { useSom } from '../useSom';
import { focusCardPayment } from './navigation';
import { PaymentStatus } from './PaymentStatus';
import styles from './PaymentScreen.module.css';

/** A payment that ended without a charge: the student may start another. */
const NEW_ATTEMPT = new Set(['declined', 'expired', 'cancelled']);

/**
 * Back from the provider's page (`?payment=<id>`): the payment's state as the API knows it.
 * The return itself proves nothing; only the provider's signed notification marks it paid, so
 * a waiting payment is asked again until it settles. When the provider's page refused to charge
 * a payment no longer open there (`&refused=`: paid in another tab, cancelled, expired), it says
 * what became of it and whether the card was charged, from the payment's own state, with its
 * receipt or a new attempt.
 */
export function PaymentReturn() {
  const { t } = useTranslation(NAMESPACE);
  const som = useSom();
  const linkButton = useButtonClass('primary', styles.action);
  const [params] = useSearchParams();
  const raw = params.get('payment');
  const id = raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const refused = params.has(REFUSED_PARAM);
  const payment = usePayment(id);
  if (id === null) return null;
  if (payment.isError)
    return <ErrorState error={payment.error} onRetry={() => void payment.refetch()} />;
  if (!payment.data) return <Loading />;
  const p = payment.data;
  return (
    <div
      className={`${styles.returned} ${styles[p.status]}`}
      role="status"
      aria-live="polite"
      data-testid="payment-return"
    >
      <p>
        {t(refused ? `payment.refused.${p.status}` : `payment.return.${p.status}`, {
          amount: som(p.amount),
          code: p.PaymentCode,
        })}{' '}
        <PaymentStatus status={p.status} />
      </p>
      {p.status === 'paid' && p.receiptNo && (
        <a className={linkButton} href={receiptUrl(p.id_payment)} download>
          {t('payment.history.receiptLink', { number: p.receiptNo })}
        </a>
      )}
      {p.redirectUrl && (
        <a className={linkButton} href={p.redirectUrl}>
          {t('payment.history.continue')}
        </a>
      )}
      {NEW_ATTEMPT.has(p.status) && (
        <Button variant="primary" className={styles.action} onClick={focusCardPayment}>
          {t('payment.return.newPayment')}
        </Button>
      )}
    </div>
  );
}
