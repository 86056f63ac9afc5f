import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import type { Reader } from '../content/types';
import styles from './Manual.module.css';

/** Whose help is shown: one radio per role (the reader's own first). Nothing for a single role. */
export function ReaderChoice({
  readers,
  value,
  onChange,
}: {
  readers: readonly Reader[];
  value: Reader;
  onChange: (reader: Reader) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const name = useId();
  if (readers.length < 2) return null;
  return (
    <fieldset className={styles.readers}>
      <legend className={styles.readersLegend}>{t('reader.label')}</legend>
      {readers.map((reader) => (
        <label key={reader} className={styles.reader}>
          <input
            type="radio"
            name={name}
            value={reader}
            checked={reader === value}
            onChange={() => onChange(reader)}
          />
          {t(`reader.${reader}`)}
        </label>
      ))}
    </fieldset>
  );
}
