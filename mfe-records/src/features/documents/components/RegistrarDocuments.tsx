import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  EmptyState,
  ErrorState,
  Field,
  HOLDER_QUERY_MAX_LENGTH,
  HOLDER_QUERY_MIN_LENGTH,
  Loading,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useHolderSearch } from '../api/documents';
import { DocumentList } from './DocumentList';
import { RevokeForm } from './RevokeForm';
import styles from './Documents.module.css';

/** The registrar's office: a person found by name, their documents, a revocation with a reason. */
export function RegistrarDocuments() {
  const { t } = useTranslation(NAMESPACE);
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const resultsId = useId();
  const found = useHolderSearch(query);

  const search = (event: FormEvent) => {
    event.preventDefault();
    const wanted = typed.trim();
    setTooShort(wanted.length < HOLDER_QUERY_MIN_LENGTH);
    if (wanted.length >= HOLDER_QUERY_MIN_LENGTH) setQuery(wanted);
  };

  return (
    <div className={styles.screen}>
      <form className={styles.search} role="search" onSubmit={search}>
        <Field
          label={t('documents.searchLabel')}
          hint={t('documents.searchHint')}
          error={tooShort ? t('documents.searchTooShort') : undefined}
          value={typed}
          maxLength={HOLDER_QUERY_MAX_LENGTH}
          onChange={(event) => setTyped(event.target.value)}
          aria-controls={resultsId}
        />
        <Button type="submit" variant="primary">
          {t('documents.search')}
        </Button>
      </form>
      <section id={resultsId} aria-live="polite" className={styles.screen}>
        {query === '' ? null : found.isError ? (
          <ErrorState error={found.error} onRetry={() => void found.refetch()} />
        ) : !found.data ? (
          <Loading />
        ) : found.data.length === 0 ? (
          <EmptyState message={t('documents.nobody')} />
        ) : (
          found.data.map((holder) => (
            <article key={holder.id_student} className={styles.holder}>
              <h2 className={styles.holderName}>
                {holder.fio}, {holder.group}
              </h2>
              <DocumentList
                documents={holder.documents}
                actions={(document) =>
                  document.revoked === null ? <RevokeForm document={document} /> : null
                }
              />
            </article>
          ))
        )}
      </section>
    </div>
  );
}
