import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  confirm,
  notify,
  notifyFailure,
  REVOKE_REASON_MAX_LENGTH,
  REVOKE_REASON_MIN_LENGTH,
  TextAreaField,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useRevokeDocument } from '../api/orders';
import styles from './Orders.module.css';

interface QueueRevokeProps {
  documentId: number;
  /** The document's name and its student, as the queue shows them. */
  document: string;
  student: string;
}

/**
 * Withdrawing an order's issued document: the reason its student will read, then a
 * confirmation (it cannot be undone), then the server's word.
 */
export function QueueRevoke({ documentId, document, student }: QueueRevokeProps) {
  const { t } = useTranslation(NAMESPACE);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const revoke = useRevokeDocument();

  if (!open) {
    return (
      <Button
        variant="secondary"
        onClick={() => setOpen(true)}
        aria-label={`${t('orders.queue.revoke')} — ${student}`}
      >
        {t('orders.queue.revoke')}
      </Button>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const given = reason.trim().replace(/\s+/g, ' ');
    if (given.length < REVOKE_REASON_MIN_LENGTH) {
      setProblem(t('orders.queue.reasonTooShort', { count: REVOKE_REASON_MIN_LENGTH }));
      return;
    }
    setProblem(undefined);
    const yes = await confirm(t('orders.queue.revokeQuestion', { document, student }), {
      confirmLabel: t('orders.queue.revokeYes'),
      cancelLabel: t('orders.queue.revokeNo'),
      danger: true,
    });
    if (!yes) return;
    revoke.mutate(
      { id_document: documentId, reason: given },
      {
        onSuccess: () => notify(t('orders.queue.revokedNow', { document, student }), 'success'),
        onError: (error) => notifyFailure(error),
      },
    );
  };

  return (
    <form className={styles.revokeForm} onSubmit={(event) => void submit(event)}>
      <TextAreaField
        label={t('orders.queue.reasonLabel', { document, student })}
        hint={t('orders.queue.reasonHint')}
        error={problem}
        value={reason}
        maxLength={REVOKE_REASON_MAX_LENGTH}
        onChange={(event) => setReason(event.target.value)}
        aria-required="true"
      />
      <div className={styles.revokeButtons}>
        <Button type="submit" variant="danger" disabled={revoke.isPending}>
          {t('orders.queue.revokeYes')}
        </Button>
        <Button onClick={() => setOpen(false)}>{t('orders.queue.revokeNo')}</Button>
      </div>
    </form>
  );
}
