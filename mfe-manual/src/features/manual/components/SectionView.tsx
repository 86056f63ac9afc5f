import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { DEFAULT_LANGUAGE, isLanguage, MANUAL_PATH } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { SHOTS } from '../shots';
import { READERS, type ManualPage, type Reader } from '../content/types';
import { screenPath } from '../screens';
import { anchorOf } from '../search';
import styles from './Manual.module.css';
import { ReaderChoice } from './ReaderChoice';
import { Shot, type ShotMap } from './Shot';

const isReader = (value: string | null, page: ManualPage): value is Reader =>
  (READERS as readonly (string | null)[]).includes(value) &&
  page.roles[value as Reader] !== undefined;

/**
 * One screen's help: for the reader's role, or the one the address names (`?as=teacher`), with
 * a choice of the other roles that use the screen; its tasks, its messages and its screenshot.
 * An address with a task's or message's id (`#student-task-2`) scrolls there and focuses it.
 */
export function SectionView({
  page,
  reader,
  shots = SHOTS,
}: {
  page: ManualPage;
  reader: Reader;
  shots?: ShotMap;
}) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const { hash } = useLocation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('as');
  const readers = (Object.keys(page.roles) as Reader[]).sort(
    (a, b) => Number(b === reader) - Number(a === reader),
  );
  const shown: Reader | undefined = isReader(asked, page) ? asked : readers[0];
  const help = shown ? page.roles[shown] : undefined;
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;

  useLayoutEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (!target) return;
    target.scrollIntoView?.({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [hash, page.section, shown]);

  if (!shown || !help) {
    return <p>{t('section.noneForReader', { reader: t(`reader.${reader}`) })}</p>;
  }
  return (
    <article className={styles.section} data-section={page.section} data-reader={shown}>
      <ReaderChoice
        readers={readers}
        value={shown}
        onChange={(next) => setParams(next === reader ? {} : { as: next }, { replace: true })}
      />
      <h2 className={styles.heading}>{t('section.tasks')}</h2>
      {help.tasks.map((task, index) => (
        <section
          key={task.title}
          id={anchorOf(shown, 'task', index)}
          tabIndex={-1}
          aria-labelledby={`${anchorOf(shown, 'task', index)}-title`}
          className={styles.task}
        >
          <h3 id={`${anchorOf(shown, 'task', index)}-title`} className={styles.taskTitle}>
            {task.title}
          </h3>
          <ol className={styles.steps}>
            {task.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
      ))}
      {help.refusals && help.refusals.length > 0 && (
        <>
          <h2 className={styles.heading}>{t('section.refusals')}</h2>
          <dl className={styles.refusals}>
            {help.refusals.map((refusal, index) => (
              <div
                key={refusal.says}
                id={anchorOf(shown, 'refusal', index)}
                tabIndex={-1}
                className={styles.refusal}
              >
                <dt>
                  <span className="lms-ui-visually-hidden">{t('section.says')}: </span>
                  {refusal.says}
                </dt>
                <dd>
                  <span className="lms-ui-visually-hidden">{t('section.means')}: </span>
                  {refusal.means}
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
      <Shot
        shots={shots}
        language={language}
        section={page.section}
        reader={shown}
        alt={t('section.shotAlt', { screen: page.title, reader: t(`reader.${shown}`) })}
        caption={t('section.shot')}
      />
      <p className={styles.links}>
        {shown === reader && (
          <Link to={screenPath(page.section, shown)} className="lms-ui-button">
            {t('section.open')}
          </Link>
        )}
        <Link to={MANUAL_PATH} className="lms-ui-button">
          {t('section.all')}
        </Link>
      </p>
    </article>
  );
}
