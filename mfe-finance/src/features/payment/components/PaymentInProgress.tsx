import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, confirm, errorMessage, FormError, notify, useButtonClass } from '@lms/shared';
import type { Payment } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useCancelPayment } from '../api/payments';
import { useSom } from '../useSom';
import { PaymentStatus } from './PaymentStatus';
import styles from './PaymentScreen.module.css';

/**
 * A payment of the code is already open at the provider (another tab, an earlier attempt): no
 * second one is started. The student continues it (its payment page) or cancels it.
 */
export function PaymentInProgress({
  payment,
  onCancelled,
}: {
  payment: Payment;
  onCancelled: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const som = useSom();
  const linkButton = useButtonClass('primary', styles.action);
  const cancel = useCancelPayment();
  const headingId = useId();
  const errorId = useId();
  const amount = som(payment.amount);

  const askCancel = async () => {
    const yes = await confirm(
      t('payment.card.cancelQuestion', { amount, code: payment.PaymentCode }),
      {
        confirmLabel: t('payment.card.cancelYes'),
        cancelLabel: t('payment.card.cancelNo'),
        danger: true,
      },
    );
    if (!yes) return;
    cancel.mutate(
      { id_payment: payment.id_payment },
      {
        onSuccess: () => {
          notify(t('payment.card.cancelled'), 'success');
          onCancelled();
        },
      },
    );
  };

  return (
    <section
      className={`${styles.card} ${styles.inProgress}`}
      aria-labelledby={headingId}
      data-testid="payment-in-progress"
    >
      <h3 id={headingId} className={styles.subheading}>
        {t('payment.card.inProgressTitle')}
      </h3>
      <p role="status">
        {t('payment.card.inProgress', { amount })} <PaymentStatus status={payment.status} />
      </p>
      <div className={styles.actions}>
        {payment.redirectUrl && (
          <a className={linkButton} href={payment.redirectUrl}>
            {t('payment.card.continue')}
          </a>
        )}
        <Button
          variant="secondary"
          className={styles.action}
          disabled={cancel.isPending}
          onClick={() => void askCancel()}
          aria-describedby={cancel.isError ? errorId : undefined}
        >
          {cancel.isPending ? t('payment.card.cancelling') : t('payment.card.cancel')}
        </Button>
      </div>
      {cancel.isError && <FormError id={errorId}>{errorMessage(cancel.error)}</FormError>}
    </section>
  );
}
