import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DataTable,
  ErrorState,
  Loading,
  SectionHeader,
  useFormat,
  type Payment,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { receiptUrl, usePaymentHistory } from '../api/payments';
import { localName } from '../../../lib/localName';
import { useSom } from '../useSom';
import { PaymentStatus } from './PaymentStatus';
import styles from './PaymentScreen.module.css';

/** The student's card payments, newest first, with a receipt for each paid one. */
export function PaymentHistory() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const som = useSom();
  const history = usePaymentHistory();
  const headingId = useId();
  const format = useFormat();
  return (
    <section className={styles.block} aria-labelledby={headingId}>
      <SectionHeader id={headingId} level={2} title={t('payment.history.title')} />
      {history.data?.some((p) => p.status === 'refund') && (
        <p className={styles.notice} role="note" data-testid="refund-notice">
          {t('payment.history.refundNotice')}
        </p>
      )}
      {history.isError ? (
        <ErrorState error={history.error} onRetry={() => void history.refetch()} />
      ) : !history.data ? (
        <Loading />
      ) : (
        <DataTable<Payment>
          caption={t('payment.history.title')}
          captionHidden
          rows={history.data}
          rowKey={(p) => p.id_payment}
          emptyMessage={t('payment.history.empty')}
          columns={[
            {
              key: 'service',
              header: t('payment.service'),
              rowHeader: true,
              render: (p) =>
                `${localName({ name: p.service, name_kg: p.service_kg, name_en: p.service_en }, i18n.language)}, ${p.year}`,
            },
            {
              key: 'date',
              header: t('payment.history.date'),
              render: (p) => format.dateTime(p.created),
            },
            {
              key: 'code',
              header: t('payment.codeTitle'),
              render: (p) => p.PaymentCode,
              priority: 'low',
            },
            {
              key: 'amount',
              header: t('payment.amount'),
              render: (p) => som(p.amount),
              align: 'end',
              priority: 'key',
            },
            {
              key: 'status',
              header: t('payment.history.status'),
              priority: 'key',
              render: (p) => (
                <span>
                  <PaymentStatus status={p.status} />
                  {p.testMode && <span className={styles.testBadge}>{t('payment.testMode')}</span>}
                </span>
              ),
            },
            {
              key: 'receipt',
              header: t('payment.history.receipt'),
              priority: 'key',
              render: (p) =>
                p.status === 'paid' && p.receiptNo ? (
                  <a href={receiptUrl(p.id_payment)} download>
                    {t('payment.history.receiptLink', { number: p.receiptNo })}
                  </a>
                ) : p.redirectUrl ? (
                  <a href={p.redirectUrl}>{t('payment.history.continue')}</a>
                ) : (
                  '—'
                ),
            },
          ]}
        />
      )}
    </section>
  );
}
