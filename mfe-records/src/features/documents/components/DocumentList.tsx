import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useFormat, type HeldDocument } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { fileUrl, TRANSCRIPT_SCREEN } from '../api/documents';
import styles from './Documents.module.css';

export interface DocumentListProps {
  documents: readonly HeldDocument[];
  /** The signed-in person's own list (the transcript's screen is theirs to open). */
  own?: boolean;
  /** What the registrar may do with a document (the revocation). */
  actions?: (document: HeldDocument) => ReactNode;
}

/** Documents as cards, one column on a phone: what, when, in which language, valid or not. */
export function DocumentList({ documents, own = false, actions }: DocumentListProps) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  return (
    <ul className={styles.list}>
      {documents.map((d) => {
        const title = t(`documents.kinds.${d.kind}`);
        const number = t('documents.number', { number: d.id });
        const file = fileUrl(d);
        const current = d.revoked === null && d.superseded_by === null;
        return (
          <li key={d.id} className={styles.card} data-testid={`document-${d.id}`}>
            <h3 className={styles.title}>
              {title} <span className={styles.number}>{number}</span>
            </h3>
            {d.detail && <p className={styles.detail}>{d.detail}</p>}
            <dl className={styles.facts}>
              <dt>{t('documents.issued')}</dt>
              <dd>{format.dateTime(d.issued)}</dd>
              <dt>{t('documents.language')}</dt>
              <dd>{d.lang ? t(`documents.languages.${d.lang}`) : t('documents.anyLanguage')}</dd>
              <dt>{t('documents.status')}</dt>
              <dd data-testid="document-status">
                {d.revoked !== null ? (
                  <strong className={styles.revoked}>
                    {t('documents.revoked', { date: format.dateTime(d.revoked) })}
                  </strong>
                ) : d.superseded_by !== null ? (
                  <span className={styles.superseded}>
                    {t('documents.superseded', { number: d.superseded_by })}
                  </span>
                ) : (
                  <span className={styles.valid}>{t('documents.valid')}</span>
                )}
              </dd>
              {d.revoke_reason !== null && (
                <>
                  <dt>{t('documents.reason')}</dt>
                  <dd data-testid="document-reason">{d.revoke_reason}</dd>
                </>
              )}
            </dl>
            <p className={styles.links}>
              <a
                href={d.verify_url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('documents.verifyOf', { document: `${title} ${number}` })}
              >
                {t('documents.verify')}
              </a>
              {file && (
                <a
                  href={file}
                  download
                  aria-label={t('documents.downloadOf', { document: `${title} ${number}` })}
                >
                  {t('documents.download')}
                </a>
              )}
              {own && d.kind === 'transcript' && current && (
                <Link to={TRANSCRIPT_SCREEN}>{t('documents.openTranscript')}</Link>
              )}
            </p>
            {actions?.(d)}
          </li>
        );
      })}
    </ul>
  );
}
