import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { bankExportUrl } from '../api/teach';
import styles from './Teach.module.css';

/**
 * The bank of a discipline, or one of its topics, downloaded as a GIFT or Moodle XML file (the
 * server names the file; links, so the browser downloads them itself).
 */
export function BankExport({
  disciplineId,
  topics,
}: {
  disciplineId: number;
  topics: { id: number; title: string }[];
}) {
  const { t } = useTranslation(NAMESPACE);
  const [topicId, setTopicId] = useState<number | undefined>(undefined);
  if (topics.length === 0) return null;
  return (
    <section className={styles.form} aria-labelledby="testing-export">
      <h3 id="testing-export">{t('exportTitle')}</h3>
      <SelectField
        label={t('exportWhat')}
        value={topicId ?? ''}
        onChange={(event) =>
          setTopicId(event.target.value === '' ? undefined : Number(event.target.value))
        }
      >
        <option value="">{t('exportAll')}</option>
        {topics.map((topic) => (
          <option key={topic.id} value={topic.id}>
            {topic.title}
          </option>
        ))}
      </SelectField>
      <p className={styles.links}>
        <a href={bankExportUrl(disciplineId, 'gift', topicId)} download>
          {t('exportGift')}
        </a>{' '}
        <a href={bankExportUrl(disciplineId, 'xml', topicId)} download>
          {t('exportXml')}
        </a>
      </p>
    </section>
  );
}
