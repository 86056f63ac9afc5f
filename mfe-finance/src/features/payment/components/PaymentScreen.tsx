import { useTranslation } from 'react-i18next';
import { EmptyState, ROLE, useSession } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { PaymentCodeForm } from './PaymentCodeForm';
import { PaymentHistory } from './PaymentHistory';
import { PaymentReturn } from './PaymentReturn';
import styles from './PaymentScreen.module.css';

/** /lms/paymentcode: a student's payment code, QR, card payment and payment history. */
export function PaymentScreen() {
  const { t } = useTranslation(NAMESPACE);
  const { user } = useSession();
  if (user?.role !== ROLE.student) return <EmptyState message={t('payment.studentsOnly')} />;
  return (
    <div className={styles.screen}>
      <PaymentReturn />
      <PaymentCodeForm />
      <PaymentHistory />
    </div>
  );
}
