import { useTranslation } from 'react-i18next';
import { notify, notifyFailure, REVOKE_REASON_MIN_LENGTH, ReasonThenConfirm } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useRevokeDocument } from '../api/orders';

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
  const revoke = useRevokeDocument();
  return (
    <ReasonThenConfirm
      openVariant="secondary"
      pending={revoke.isPending}
      texts={{
        open: t('orders.queue.revoke'),
        openLabel: `${t('orders.queue.revoke')} — ${student}`,
        reason: t('orders.queue.reasonLabel', { document, student }),
        hint: t('orders.queue.reasonHint'),
        tooShort: t('orders.queue.reasonTooShort', { count: REVOKE_REASON_MIN_LENGTH }),
        question: () => t('orders.queue.revokeQuestion', { document, student }),
        act: t('orders.queue.revokeYes'),
        keep: t('orders.queue.revokeNo'),
        close: t('orders.queue.revokeNo'),
      }}
      onConfirmed={(reason) =>
        revoke.mutate(
          { id_document: documentId, reason },
          {
            onSuccess: () => notify(t('orders.queue.revokedNow', { document, student }), 'success'),
            onError: (error) => notifyFailure(error),
          },
        )
      }
    />
  );
}
