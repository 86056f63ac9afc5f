import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { manualPath } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import type { Manual, Reader } from '../content/types';
import { searchManual, type SearchHit } from '../search';
import styles from './Manual.module.css';

/** The address of a hit: its section, the role whose help has it, the task or refusal. */
export const hitPath = (hit: SearchHit): string =>
  `${manualPath(hit.section)}${hit.reader ? `?as=${hit.reader}` : ''}${
    hit.anchor ? `#${hit.anchor}` : ''
  }`;

/**
 * Search across the manual's titles and text in the reader's language. The count is announced
 * as the words change; Enter opens the first result, the arrow keys move from the field through
 * the results and Escape goes back to the field.
 */
export function ManualSearch({ manual, reader }: { manual: Manual; reader: Reader }) {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const hits = useMemo(() => searchManual(manual, query, reader), [manual, query, reader]);
  const field = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const fieldId = useId();
  const hintId = useId();
  const resultsId = useId();
  const searching = query.trim() !== '';

  const links = () => Array.from(list.current?.querySelectorAll('a') ?? []);
  const moveFrom = (event: KeyboardEvent<HTMLElement>) => {
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'ArrowDown') all[Math.min(at + 1, all.length - 1)]?.focus();
    else if (event.key === 'ArrowUp') (at <= 0 ? field.current : all[at - 1])?.focus();
    else if (event.key === 'Escape') field.current?.focus();
    else return;
    event.preventDefault();
  };

  return (
    <div className={styles.search}>
      <form
        role="search"
        aria-label={t('search.label')}
        className={styles.searchForm}
        onSubmit={(event) => {
          event.preventDefault();
          const first = hits[0];
          if (first) {
            setQuery('');
            void navigate(hitPath(first));
          }
        }}
      >
        <label htmlFor={fieldId} className={styles.searchLabel}>
          {t('search.label')}
        </label>
        <div className={styles.searchRow}>
          <input
            ref={field}
            id={fieldId}
            type="search"
            value={query}
            autoComplete="off"
            aria-describedby={hintId}
            aria-controls={resultsId}
            className={styles.searchField}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown') moveFrom(event);
            }}
          />
          <button type="submit" className="lms-ui-button lms-ui-button--primary">
            {t('search.submit')}
          </button>
        </div>
        <p id={hintId} className={styles.hint}>
          {t('search.hint')}
        </p>
        <p role="status" className={styles.found}>
          {searching &&
            (hits.length > 0
              ? t('search.found', { count: hits.length })
              : t('search.none', { query }))}
        </p>
      </form>
      <ul
        ref={list}
        id={resultsId}
        aria-label={t('search.results')}
        className={styles.results}
        hidden={!searching || hits.length === 0}
        onKeyDown={moveFrom}
      >
        {hits.map((hit) => (
          <li key={`${hit.section}-${hit.reader ?? ''}-${hit.anchor ?? ''}`}>
            <Link to={hitPath(hit)} className={styles.result} onClick={() => setQuery('')}>
              <span className={styles.resultTitle}>{hit.title}</span>
              {hit.where !== hit.title && <span className={styles.resultWhere}>{hit.where}</span>}
            </Link>
            <p className={styles.excerpt}>
              {hit.reader && hit.reader !== reader && (
                <span className={styles.resultReader}>
                  {t('search.forReader', { reader: t(`reader.${hit.reader}`) })}:{' '}
                </span>
              )}
              {hit.excerpt}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
