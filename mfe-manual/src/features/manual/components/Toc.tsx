import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { manualPath } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { READERS, type Manual, type Reader } from '../content/types';
import { tocFor } from '../toc';
import styles from './Manual.module.css';
import { ReaderChoice } from './ReaderChoice';

/** The contents: the screens a role uses, the reader's own role first. */
export function Toc({ manual, reader }: { manual: Manual; reader: Reader }) {
  const { t } = useTranslation(NAMESPACE);
  const [shown, setShown] = useState<Reader>(reader);
  const readers = [reader, ...READERS.filter((other) => other !== reader)];
  const entries = tocFor(manual, shown);
  return (
    <nav aria-label={t('toc.label')} className={styles.toc}>
      <h2 className={styles.heading}>{t('toc.label')}</h2>
      <ReaderChoice readers={readers} value={shown} onChange={setShown} />
      <h3 className={styles.tocFor}>{t('toc.screensFor', { reader: t(`reader.${shown}`) })}</h3>
      <ul className={styles.tocList}>
        {entries.map((entry) => (
          <li key={entry.section}>
            <Link
              to={`${manualPath(entry.section)}${shown === reader ? '' : `?as=${shown}`}`}
              className={styles.tocLink}
            >
              {entry.title}
            </Link>
            <p className={styles.excerpt}>{entry.purpose}</p>
          </li>
        ))}
      </ul>
    </nav>
  );
}
