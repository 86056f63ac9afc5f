import { useTranslation } from 'react-i18next';
import { EmptyState, notify, ROLE, useSession, type OrderEvent } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
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
  const { t } = useTranslation(NAMESPACE);
  const { user } = useSession();
  const registrar = user?.registrarPerms === true;
  const student = user?.role === ROLE.student;
  useOrderEvents((event: OrderEvent) => {
    if (student && event.kind === 'moved' && event.status) {
      notify(
        t('orders.live.moved', {
          status: t(`orders.status.${event.status}`),
          comment: event.comment ? ` ${event.comment}` : '',
        }),
        'info',
      );
    }
    if (student && event.kind === 'revoked') notify(t('orders.live.revoked'), 'info');
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
