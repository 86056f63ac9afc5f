import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Loading, useFormat, type Webinar, formatTime } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useRecordings } from '../api/webinars';
import styles from '../../campus.module.css';

/** One webinar's published recordings, each with its playbacks (BigBlueButton's links). */
function WebinarRecordings({ webinar }: { webinar: Webinar }) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const recordings = useRecordings(webinar.id);
  const what = `${webinar.discipline}, ${webinar.group}, ${format.date(webinar.date)} ${webinar.start}`;
  return (
    <li className={styles.card}>
      <strong>{what}</strong>
      {recordings.isPending && <Loading />}
      {recordings.isError && (
        <ErrorState error={recordings.error} onRetry={() => void recordings.refetch()} />
      )}
      {recordings.data?.recordings.length === 0 && <p>{t('webinars.noRecordingsYet')}</p>}
      {recordings.data && recordings.data.recordings.length > 0 && (
        <ul className={styles.list}>
          {recordings.data.recordings.map((recording) => (
            <li key={recording.id}>
              {formatTime(recording.start)}–{formatTime(recording.end)}:{' '}
              {recording.playback.map((playback, index) => (
                <span key={playback.url}>
                  {index > 0 && ', '}
                  <a href={playback.url} target="_blank" rel="noreferrer">
                    {t('webinars.playback', { type: playback.type, minutes: playback.length })}
                    <span className="lms-ui-visually-hidden"> {what}</span>
                  </a>
                </span>
              ))}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The recordings of the webinars that are over: BigBlueButton's, for the group; the embedded
 * room records nothing, and says so.
 */
export function Recordings({
  engine,
  webinars,
}: {
  engine: 'bbb' | 'embedded';
  webinars: Webinar[];
}) {
  const { t } = useTranslation(NAMESPACE);
  const over = webinars.filter((w) => w.state === 'over');
  return (
    <section aria-labelledby="webinars-recordings">
      <h2 id="webinars-recordings">{t('webinars.recordings')}</h2>
      {engine === 'embedded' ? (
        <p>{t('webinars.noRecordingsEmbedded')}</p>
      ) : over.length === 0 ? (
        <EmptyState message={t('webinars.noneOver')} />
      ) : (
        <ul className={styles.list}>
          {over.map((webinar) => (
            <WebinarRecordings key={webinar.id} webinar={webinar} />
          ))}
        </ul>
      )}
    </section>
  );
}
