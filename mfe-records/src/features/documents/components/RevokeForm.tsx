import { useTranslation } from 'react-i18next';
import { notify, notifyFailure, ReasonThenConfirm, type HeldDocument } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useRevokeDocument } from '../api/documents';

/** Revoking one document: a reason, then a confirmation, then the server's word. */
export function RevokeForm({ document }: { document: HeldDocument }) {
  const { t } = useTranslation(NAMESPACE);
  const revoke = useRevokeDocument();
  const name = `${t(`documents.kinds.${document.kind}`)} ${t('documents.number', { number: document.id })}`;
  return (
    <ReasonThenConfirm
      pending={revoke.isPending}
      texts={{
        open: t('documents.revoke'),
        openLabel: t('documents.revokeOf', { document: name }),
        reason: t('documents.reasonLabel', { document: name }),
        hint: t('documents.reasonHint'),
        tooShort: t('documents.reasonTooShort'),
        question: (reason) => t('documents.revokeQuestion', { document: name, reason }),
        title: t('documents.revokeTitle'),
        act: t('documents.revoke'),
        keep: t('documents.keep'),
        close: t('documents.cancel'),
      }}
      onConfirmed={(reason) =>
        revoke.mutate(
          { id_document: document.id, reason },
          {
            onSuccess: () => notify(t('documents.revokedNotice', { document: name }), 'success'),
            onError: (error) => notifyFailure(error),
          },
        )
      }
    />
  );
}
