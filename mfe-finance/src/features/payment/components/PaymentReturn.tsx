import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ErrorState, Loading, useButtonClass } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { receiptUrl, usePayment } from '../api/payments';
import { useSom } from '../useSom';
import { PaymentStatus } from './PaymentStatus';
import styles from './PaymentScreen.module.css';

/**
 * Back from the provider's page (`?payment=<id>`): the payment's state as the API knows it.
 * The return itself proves nothing; only the provider's signed notification marks it paid, so
 * a waiting payment is asked again until it settles.
 */
export function PaymentReturn() {
  const { t } = useTranslation(NAMESPACE);
  const som = useSom();
  const linkButton = useButtonClass('primary', styles.action);
  const [params] = useSearchParams();
  const raw = params.get('payment');
  const id = raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
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
        {t(`payment.return.${p.status}`, {
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
    </div>
  );
}
