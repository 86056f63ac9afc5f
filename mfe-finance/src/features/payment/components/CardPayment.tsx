import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, confirm, errorMessage, Field, FormError, type Payment } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { usePayByCard } from '../api/payments';
import { newAttemptKey, parseSom, somInputText } from '../money';
import { useSom } from '../useSom';
import { CARD_FORM_ID, leaveFor } from './navigation';
import { PaymentInProgress } from './PaymentInProgress';
import styles from './PaymentScreen.module.css';

/**
 * Pay by bank card: the amount (prefilled with what is due), the confirmation question, then
 * the provider's page. One attempt keeps one key, so a double click or a retry after a timeout
 * answers the same payment instead of charging twice. While a payment of the code is open at the
 * provider (`pending`, or the one the API answers instead of starting another), the student
 * continues or cancels it instead.
 */
export function CardPayment({
  code,
  due,
  testMode,
  pending,
}: {
  code: string;
  due: number;
  testMode: boolean;
  pending: Payment | null;
}) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const som = useSom();
  const [text, setText] = useState(() => somInputText(due, i18n.language));
  const [invalid, setInvalid] = useState<string | null>(null);
  const [met, setMet] = useState<Payment | null>(null);
  const [cancelledId, setCancelledId] = useState<number | null>(null);
  const attempt = useRef<{ key: string; amount: number } | null>(null);
  const pay = usePayByCard();
  const errorId = useId();
  const open = [met, pending].find((p) => p && p.id_payment !== cancelledId) ?? null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pay.isPending) return;
    const amount = parseSom(text);
    if (amount === null || amount < 1) return setInvalid(t('payment.card.invalidAmount'));
    if (amount > due) return setInvalid(t('payment.card.tooMuch', { due: som(due) }));
    setInvalid(null);
    const question = t('payment.card.confirm', { amount: som(amount), code });
    if (
      !(await confirm(question, {
        title: t('payment.card.confirmTitle'),
        confirmLabel: t('payment.card.pay'),
      }))
    ) {
      return;
    }
    // A new amount is a new attempt; the same amount again (a retry) keeps its key.
    if (attempt.current?.amount !== amount) attempt.current = { key: newAttemptKey(), amount };
    pay.mutate(
      { PaymentCode: code, amount, idempotencyKey: attempt.current.key },
      {
        onSuccess: (payment) => {
          if (payment.inProgress) {
            attempt.current = null;
            setMet(payment);
          } else if (payment.redirectUrl) leaveFor(payment.redirectUrl);
          else attempt.current = null;
        },
      },
    );
  };

  if (open) {
    return (
      <PaymentInProgress
        payment={open}
        onCancelled={() => {
          setCancelledId(open.id_payment);
          setMet(null);
        }}
      />
    );
  }

  return (
    <form
      id={CARD_FORM_ID}
      className={styles.card}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h3 className={styles.subheading}>{t('payment.card.title')}</h3>
      {testMode && (
        <p className={styles.testNotice} data-testid="card-test-mode">
          {t('payment.card.testMode')}
        </p>
      )}
      <Field
        label={t('payment.card.amount')}
        hint={t('payment.card.amountHint', { due: som(due) })}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={invalid ?? undefined}
      />
      <Button
        variant="primary"
        className={styles.action}
        type="submit"
        disabled={pay.isPending}
        aria-describedby={pay.isError ? errorId : undefined}
      >
        {pay.isPending ? t('payment.card.starting') : t('payment.card.pay')}
      </Button>
      {pay.isError && <FormError id={errorId}>{errorMessage(pay.error)}</FormError>}
    </form>
  );
}
