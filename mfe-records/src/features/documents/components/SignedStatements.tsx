import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Loading, useFormat } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { statementPdfUrl, useSignedStatements } from '../api/documents';
import styles from './Documents.module.css';

/**
 * A teacher's documents: the statements they signed, each with its state (signed, confirmed,
 * locked; superseded, with a link to the newer sheet's page), its verification page and its PDF
 * in the reader's language.
 */
export function SignedStatements() {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const statements = useSignedStatements();
  if (statements.isError) {
    return <ErrorState error={statements.error} onRetry={() => void statements.refetch()} />;
  }
  if (!statements.data) return <Loading />;
  if (statements.data.length === 0) return <EmptyState message={t('documents.noStatements')} />;
  return (
    <section className={styles.screen} aria-labelledby="signed-statements">
      <h2 id="signed-statements" className={styles.title}>
        {t('documents.statementsCaption')}
      </h2>
      <ul className={styles.list}>
        {statements.data.map((s) => {
          const title = t('documents.kinds.statement');
          const number = t('documents.number', { number: s.id });
          const name = `${title} ${number}`;
          return (
            <li key={s.id} className={styles.card} data-testid={`statement-document-${s.id}`}>
              <h3 className={styles.title}>
                {title} <span className={styles.number}>{number}</span>
              </h3>
              <p className={styles.detail}>
                {s.discipline} · {s.group} · {t(`statement.controls.${s.control}`)}
              </p>
              <dl className={styles.facts}>
                <dt>{t('documents.signed')}</dt>
                <dd>{format.dateTime(s.signed_at)}</dd>
                <dt>{t('documents.status')}</dt>
                <dd data-testid="statement-state">
                  {t(`statement.states.${s.state}`)}
                  {s.superseded_by !== null && s.superseded_url !== null && (
                    <>
                      {' · '}
                      <a
                        className={styles.superseded}
                        href={s.superseded_url}
                        target="_blank"
                        rel="noopener noreferrer"
                        data-testid="statement-superseded"
                      >
                        {t('documents.supersededSheet', { number: s.superseded_by })}
                      </a>
                    </>
                  )}
                </dd>
                {s.confirmed_at !== null && (
                  <>
                    <dt>{t('documents.confirmed')}</dt>
                    <dd>{format.dateTime(s.confirmed_at)}</dd>
                  </>
                )}
              </dl>
              <p className={styles.links}>
                <a
                  href={s.verify_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('documents.verifyOf', { document: name })}
                >
                  {t('documents.verify')}
                </a>
                <a
                  href={statementPdfUrl(s.id)}
                  download
                  aria-label={t('documents.downloadOf', { document: name })}
                >
                  {t('documents.download')}
                </a>
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
