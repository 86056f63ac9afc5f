import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  confirm,
  DataTable,
  notify,
  SectionHeader,
  useFormat,
  type Order,
  notifyFailure,
} from '@lms/shared';
import { localName } from '../../../lib/localName';
import { NAMESPACE } from '../../../i18n';
import { documentUrl, useCancelOrder, useMyOrders } from '../api/orders';
import { OrderStatus } from './OrderStatus';
import styles from './Orders.module.css';

/** The student's orders with their status; cancel while waiting, after a confirmation. */
export function OrderList() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const orders = useMyOrders();
  const cancel = useCancelOrder();
  const headingId = useId();
  const format = useFormat();
  const name = (item: { name: string; name_kg: string; name_en: string }) =>
    localName(item, i18n.language);

  const askCancel = async (order: Order) => {
    const yes = await confirm(t('orders.list.cancelQuestion', { document: name(order.doc) }), {
      confirmLabel: t('orders.list.cancelYes'),
      cancelLabel: t('orders.list.cancelNo'),
      danger: true,
    });
    if (!yes) return;
    cancel.mutate(
      { id_order: order.id_order },
      {
        onSuccess: () => notify(t('orders.list.cancelled'), 'success'),
        onError: (error) => notifyFailure(error),
      },
    );
  };

  return (
    <section className={styles.block} aria-labelledby={headingId}>
      <SectionHeader id={headingId} level={2} title={t('orders.list.title')} />
      <DataTable<Order>
        caption={t('orders.list.title')}
        captionHidden
        rows={orders.data}
        loading={orders.isFetching}
        error={orders.error}
        onRetry={() => void orders.refetch()}
        rowKey={(o) => o.id_order}
        emptyMessage={t('orders.list.empty')}
        columns={[
          {
            key: 'doc',
            header: t('orders.form.document'),
            render: (o) => name(o.doc),
            rowHeader: true,
          },
          {
            key: 'date',
            header: t('orders.form.date'),
            render: (o) => format.date(o.date),
          },
          {
            key: 'place',
            header: t('orders.list.place'),
            render: (o) => `${name(o.region)}, ${name(o.district)}`,
            priority: 'low',
          },
          {
            key: 'purpose',
            header: t('orders.form.purpose'),
            render: (o) => name(o.naznachenie),
            priority: 'low',
          },
          {
            key: 'status',
            header: t('orders.list.status'),
            priority: 'key',
            render: (o) => (
              <div className={styles.statusCell}>
                <OrderStatus status={o.status} />
                {o.comment && <span className={styles.comment}>{o.comment}</span>}
                <span className={styles.muted}>{format.dateTime(o.statusChanged)}</span>
              </div>
            ),
          },
          {
            key: 'actions',
            header: t('orders.list.actions'),
            priority: 'key',
            render: (o) =>
              o.id_document !== null && o.documentRevoked !== null ? (
                <span className={styles.muted}>
                  {o.documentRevokeReason
                    ? t('orders.list.revokedBecause', { reason: o.documentRevokeReason })
                    : t('orders.list.revoked')}
                </span>
              ) : o.id_document !== null ? (
                <a href={documentUrl(o.id_order)} download className={styles.link}>
                  {t('orders.list.download')}
                </a>
              ) : o.status === 'waiting' ? (
                <Button
                  variant="secondary"
                  onClick={() => void askCancel(o)}
                  disabled={cancel.isPending}
                >
                  {t('orders.list.cancel')}
                </Button>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </section>
  );
}
