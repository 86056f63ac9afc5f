import { useTranslation } from 'react-i18next';
import type { PaymentStatus as Status } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import styles from './PaymentScreen.module.css';

/** A payment's state as a labelled badge (text, not colour alone). */
export function PaymentStatus({ status }: { status: Status }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={`${styles.status} ${styles[status]}`} data-status={status}>
      {t(`payment.status.${status}`)}
    </span>
  );
}
