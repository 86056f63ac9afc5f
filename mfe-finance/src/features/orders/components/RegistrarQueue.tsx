import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  ChoiceSelect,
  DataTable,
  notify,
  ORDER_COMMENT_MAX_LENGTH,
  ORDER_NEXT_STATUS,
  ORDER_STATUSES,
  SectionHeader,
  SelectField,
  useFormat,
  type OrderStatus as Status,
  type QueueOrder,
  notifyFailure,
} from '@lms/shared';
import { localName } from '../../../lib/localName';
import { NAMESPACE } from '../../../i18n';
import { useMoveOrder, useOrderLists, useQueue } from '../api/orders';
import { waitedParts } from '../waited';
import { OrderStatus } from './OrderStatus';
import { QueueRevoke } from './QueueRevoke';
import styles from './Orders.module.css';

/**
 * The registrar's queue: filter by status and document, move orders one step on with a comment.
 * Cancelled orders are not work: they show only when that status is chosen.
 */
export function RegistrarQueue() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const [status, setStatus] = useState<Status | null>(null);
  const [docId, setDocId] = useState<number | null>(null);
  const [comments, setComments] = useState<Record<number, string>>({});
  const { documents } = useOrderLists();
  const queue = useQueue({ status, id_doc: docId });
  const move = useMoveOrder();
  const headingId = useId();
  const name = (item: { name: string; name_kg: string; name_en: string }) =>
    localName(item, i18n.language);
  const format = useFormat();
  const now = Date.now();

  const waited = (order: QueueOrder) => {
    const { days, hours, minutes } = waitedParts(order.created, now);
    if (days > 0) return t('orders.queue.waitedDays', { days, hours });
    if (hours > 0) return t('orders.queue.waitedHours', { hours, minutes });
    return t('orders.queue.waitedMinutes', { minutes });
  };

  const moveOn = (order: QueueOrder, to: Status) => {
    move.mutate(
      {
        id_order: order.id_order,
        from: order.status,
        to,
        comment: comments[order.id_order] ?? null,
      },
      {
        onSuccess: () => {
          notify(
            t('orders.queue.moved', {
              document: name(order.doc),
              student: order.student,
              status: t(`orders.status.${to}`),
            }),
            'success',
          );
          setComments(({ [order.id_order]: _done, ...rest }) => rest);
        },
        onError: (error) => notifyFailure(error),
      },
    );
  };

  /** An issued document: revoke it, or say it was revoked. */
  const documentAction = (o: QueueOrder) => {
    if (o.id_document === null) return null;
    if (o.documentRevoked !== null) {
      return (
        <span className={styles.muted}>
          {o.documentRevokeReason
            ? t('orders.queue.revokedBecause', { reason: o.documentRevokeReason })
            : t('orders.queue.revoked')}
        </span>
      );
    }
    return <QueueRevoke documentId={o.id_document} document={name(o.doc)} student={o.student} />;
  };

  return (
    <section className={styles.block} aria-labelledby={headingId}>
      <SectionHeader
        id={headingId}
        level={2}
        title={t('orders.queue.title')}
        subtitle={t('orders.queue.subtitle')}
      />
      <div className={styles.fields}>
        <SelectField
          label={t('orders.queue.statusFilter')}
          value={status ?? ''}
          onChange={(event) => setStatus((event.target.value || null) as Status | null)}
        >
          <option value="">{t('orders.queue.all')}</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`orders.status.${s}`)}
            </option>
          ))}
        </SelectField>
        <ChoiceSelect
          label={t('orders.form.document')}
          items={documents.data}
          getId={(d) => d.id_doc}
          getLabel={name}
          placeholder
          value={docId}
          loading={documents.isPending}
          loadError={documents.error}
          onChange={(id) => setDocId(id)}
        />
      </div>
      <DataTable<QueueOrder>
        caption={t('orders.queue.title')}
        captionHidden
        rows={queue.data}
        loading={queue.isFetching}
        error={queue.error}
        onRetry={() => void queue.refetch()}
        rowKey={(o) => o.id_order}
        emptyMessage={t('orders.queue.empty')}
        columns={[
          {
            // The row's name: it stays in place while the table scrolls, and heads a phone card.
            key: 'student',
            header: t('orders.queue.student'),
            rowHeader: true,
            render: (o) => (
              <>
                {o.student}
                <span className={styles.muted}>{o.group}</span>
              </>
            ),
          },
          { key: 'doc', header: t('orders.form.document'), render: (o) => name(o.doc) },
          {
            key: 'purpose',
            header: t('orders.form.purpose'),
            render: (o) => name(o.naznachenie),
            priority: 'low',
          },
          {
            key: 'date',
            header: t('orders.form.date'),
            render: (o) => format.date(o.date),
          },
          {
            key: 'waited',
            header: t('orders.queue.waited'),
            render: (o) => <span className={styles.nowrap}>{waited(o)}</span>,
          },
          {
            key: 'status',
            header: t('orders.list.status'),
            priority: 'key',
            render: (o) => (
              <div className={styles.statusCell}>
                <OrderStatus status={o.status} />
                {o.comment && <span className={styles.comment}>{o.comment}</span>}
              </div>
            ),
          },
          {
            key: 'move',
            header: t('orders.list.actions'),
            priority: 'key',
            render: (o) => {
              const next = ORDER_NEXT_STATUS[o.status];
              if (!next) return documentAction(o) ?? '—';
              return (
                <div className={styles.move}>
                  <input
                    className="lms-ui-input"
                    aria-label={t('orders.queue.comment', { student: o.student })}
                    placeholder={t('orders.queue.commentPlaceholder')}
                    maxLength={ORDER_COMMENT_MAX_LENGTH}
                    value={comments[o.id_order] ?? ''}
                    onChange={(event) =>
                      setComments((all) => ({ ...all, [o.id_order]: event.target.value }))
                    }
                  />
                  <Button
                    variant="primary"
                    disabled={move.isPending}
                    onClick={() => moveOn(o, next)}
                    aria-label={t(`orders.queue.to.${next}`) + ` — ${o.student}`}
                  >
                    {t(`orders.queue.to.${next}`)}
                  </Button>
                </div>
              );
            },
          },
        ]}
      />
    </section>
  );
}
