import { useTranslation } from 'react-i18next';
import type { OrderStatus as Status } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import styles from './Orders.module.css';

/** An order's status as a labelled badge (spec §9: waiting, preparing, prepared). */
export function OrderStatus({ status }: { status: Status }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={`${styles.status} ${styles[status]}`} data-status={status}>
      {t(`orders.status.${status}`)}
    </span>
  );
}
