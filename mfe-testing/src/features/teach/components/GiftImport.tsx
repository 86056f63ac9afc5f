import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, errorMessage, Field, FormError } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { importGift, importMoodle, useTeacherWrite } from '../api/teach';
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

/** What each format's form reads: its title, its file field's label, the files it offers. */
const FORMATS = {
  gift: { title: 'importGift', file: 'giftFile', accept: '.gift,.txt,text/plain' },
  xml: { title: 'importXml', file: 'xmlFile', accept: '.xml,text/xml,application/xml' },
} as const;

/**
 * A GIFT or Moodle XML file (Moodle's exports) read in the browser and imported into the bank;
 * the questions it could not take are listed with the reason.
 */
export function GiftImport({
  disciplineId,
  format = 'gift',
}: {
  disciplineId: number;
  format?: keyof typeof FORMATS;
}) {
  const { t } = useTranslation(NAMESPACE);
  const texts = FORMATS[format];
  const write = useTeacherWrite(format === 'gift' ? importGift : importMoodle);
  const [file, setFile] = useState<File | null>(null);
  const [topic, setTopic] = useState<string>(t(texts.title));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    write.mutate({ disciplineId, topic, text: await textOf(file) });
  };
  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)}>
      <h3>{t(texts.title)}</h3>
      <label className={styles.field}>
        <span>{t(texts.file)}</span>
        <input
          type="file"
          accept={texts.accept}
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
        <div role="status" data-testid={format === 'gift' ? 'import-result' : 'import-result-xml'}>
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
