import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, errorMessage, Field, FormError } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { importGift, useTeacherWrite } from '../api/teach';
import styles from './Teach.module.css';

/** A file's text (FileReader: every browser the portal supports, and jsdom). */
function textOf(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('read'));
    reader.readAsText(file, 'utf-8');
  });
}

/** A GIFT file (Moodle's export) read in the browser and imported into the bank. */
export function GiftImport({ disciplineId }: { disciplineId: number }) {
  const { t } = useTranslation(NAMESPACE);
  const write = useTeacherWrite(importGift);
  const [file, setFile] = useState<File | null>(null);
  const [topic, setTopic] = useState(t('importGift'));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    write.mutate({ disciplineId, topic, text: await textOf(file) });
  };
  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)}>
      <h3>{t('importGift')}</h3>
      <label className={styles.field}>
        <span>{t('giftFile')}</span>
        <input
          type="file"
          accept=".gift,.txt,text/plain"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      </label>
      <Field
        label={t('importTopic')}
        required
        value={topic}
        onChange={(event) => setTopic(event.target.value)}
      />
      {write.isError && <FormError>{errorMessage(write.error)}</FormError>}
      {write.data && (
        <div role="status" data-testid="import-result">
          <p>{t('imported', { count: write.data.imported })}</p>
          {write.data.skipped.length > 0 && (
            <>
              <p>{t('skippedTitle')}</p>
              <ul>
                {write.data.skipped.map((skip, index) => (
                  <li key={index}>
                    {skip.name}: {skip.reason}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      <Button type="submit" variant="secondary" disabled={write.isPending || !file}>
        {t('importButton')}
      </Button>
    </form>
  );
}
