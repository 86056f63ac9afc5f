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
  type HeldDocument,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useRevokeDocument } from '../api/documents';
import styles from './Documents.module.css';

/** Revoking one document: a reason, then a confirmation, then the server's word. */
export function RevokeForm({ document }: { document: HeldDocument }) {
  const { t } = useTranslation(NAMESPACE);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const revoke = useRevokeDocument();
  const name = `${t(`documents.kinds.${document.kind}`)} ${t('documents.number', { number: document.id })}`;

  if (!open) {
    return (
      <Button
        variant="danger"
        onClick={() => setOpen(true)}
        aria-label={t('documents.revokeOf', { document: name })}
      >
        {t('documents.revoke')}
      </Button>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const given = reason.trim().replace(/\s+/g, ' ');
    if (given.length < REVOKE_REASON_MIN_LENGTH) {
      setProblem(t('documents.reasonTooShort'));
      return;
    }
    setProblem(undefined);
    const yes = await confirm(t('documents.revokeQuestion', { document: name, reason: given }), {
      title: t('documents.revokeTitle'),
      confirmLabel: t('documents.revoke'),
      cancelLabel: t('documents.keep'),
      danger: true,
    });
    if (!yes) return;
    revoke.mutate(
      { id_document: document.id, reason: given },
      {
        onSuccess: () => notify(t('documents.revokedNotice', { document: name }), 'success'),
        onError: (error) => notifyFailure(error),
      },
    );
  };

  return (
    <form className={styles.revokeForm} onSubmit={(event) => void submit(event)}>
      <TextAreaField
        label={t('documents.reasonLabel', { document: name })}
        hint={t('documents.reasonHint')}
        error={problem}
        value={reason}
        maxLength={REVOKE_REASON_MAX_LENGTH}
        onChange={(event) => setReason(event.target.value)}
        aria-required="true"
      />
      <div className={styles.revokeButtons}>
        <Button type="submit" variant="danger" disabled={revoke.isPending}>
          {t('documents.revoke')}
        </Button>
        <Button onClick={() => setOpen(false)}>{t('documents.cancel')}</Button>
      </div>
    </form>
  );
}
