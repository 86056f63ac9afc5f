import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, Loading, SectionHeader, usePlainList } from '@lms/shared';
import styles from '../../../components/Panes.module.css';
import { NAMESPACE } from '../../../i18n';
import { selectDiscipline } from '../selection';
import { useChain } from '../api/useChain';

/**
 * The discipline list of the current semester (spec §4, first step of the filter chain), with
 * each discipline's unread count when `unreadOf` tells it.
 */
export function DisciplineList({ unreadOf }: { unreadOf?: (id_discipline: number) => number }) {
  const { t } = useTranslation(NAMESPACE);
  const plainList = usePlainList();
  const chain = useChain();
  const { user } = chain;
  const headingId = useId();

  return (
    <section
      className={styles.pane}
      aria-labelledby={headingId}
      data-remote={NAMESPACE}
      data-remote-version={__APP_VERSION__}
    >
      <SectionHeader
        id={headingId}
        title={t('disciplinesTitle')}
        subtitle={
          // The server names the semester in the interface language.
          chain.ws && t('currentWs', { name: chain.ws.name })
        }
      />
      {chain.status === 'loading' && <Loading />}
      {chain.status === 'failed' && user && (
        <>
          <p className={styles.error} role="alert">
            {t('loadError', { message: errorMessage(chain.error) })}
          </p>
          <button type="button" className={styles.button} onClick={() => void chain.retry()}>
            {t('retry')}
          </button>
        </>
      )}
      {chain.status === 'ready' && chain.disciplines.length === 0 && (
        <p className={styles.muted}>{t('noDisciplines')}</p>
      )}
      {chain.disciplines.length > 0 && (
        <ul className={`${plainList} ${styles.list}`}>
          {chain.disciplines.map((discipline) => {
            const selected =
              chain.discipline?.id_discipline === discipline.id_discipline &&
              chain.discipline.isSelect === discipline.isSelect;
            const unread = unreadOf?.(discipline.id_discipline) ?? 0;
            return (
              <li key={`${discipline.id_discipline}:${discipline.isSelect}`}>
                <button
                  type="button"
                  className={selected ? `${styles.item} ${styles.selected}` : styles.item}
                  aria-pressed={selected}
                  onClick={() => user && void selectDiscipline(user, discipline)}
                >
                  <span className={styles.name}>{discipline.name}</span>
                  <span className={styles.credits}>
                    {t('credits', { count: discipline.kredit })}
                  </span>
                  {unread > 0 && (
                    <span className={styles.count} aria-label={t('unreadCount', { count: unread })}>
                      {unread > 99 ? '99+' : unread}
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
