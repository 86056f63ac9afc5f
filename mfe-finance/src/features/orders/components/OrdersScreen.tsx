import { useTranslation } from 'react-i18next';
import { EmptyState, notify, ROLE, useFormat, useSession, type OrderEvent } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { localName } from '../../../lib/localName';
import { useFindMyOrder } from '../api/orders';
import { useOrderEvents } from '../api/live';
import { OrderForm } from './OrderForm';
import { OrderList } from './OrderList';
import { RegistrarQueue } from './RegistrarQueue';
import styles from './Orders.module.css';

/**
 * /lms/singlewindow: a student orders documents and follows their status live; the registrar's
 * office (users with registrarPerms) works through the queue.
 */
export function OrdersScreen() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const { user } = useSession();
  const format = useFormat();
  const findOrder = useFindMyOrder();
  const registrar = user?.registrarPerms === true;
  const student = user?.role === ROLE.student;

  /** The order as its list shows it (the document and the date it is needed by). */
  const orderName = async (id_order: number) => {
    const order = await findOrder(id_order).catch(() => undefined);
    return order
      ? t('orders.live.order', {
          document: localName(order.doc, i18n.language),
          date: format.date(order.date),
        })
      : t('orders.live.orderNumber', { number: id_order });
  };

  useOrderEvents((event: OrderEvent) => {
    if (!student) return;
    const { status } = event;
    if (event.kind === 'moved' && status) {
      void orderName(event.id_order).then((order) =>
        notify(
          t('orders.live.moved', {
            order,
            status: t(`orders.status.${status}`),
            comment: event.comment ? ` ${event.comment}` : '',
          }),
          'info',
        ),
      );
    }
    if (event.kind === 'revoked') {
      void orderName(event.id_order).then((order) =>
        notify(
          event.comment
            ? t('orders.live.revokedBecause', { order, reason: event.comment })
            : t('orders.live.revoked', { order }),
          'info',
        ),
      );
    }
  });
  if (!registrar && !student) return <EmptyState message={t('orders.notForRole')} />;
  return (
    <div className={styles.screen}>
      {student && (
        <>
          <OrderForm />
          <OrderList />
        </>
      )}
      {registrar && <RegistrarQueue />}
    </div>
  );
}
