import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { lmsStore, type Settings } from '@lms/shared';
import { AREAS, type Area } from '../../../config/areas';
import { settingsAtom } from '../settings';
import { AreaIcon } from './AreaIcon';
import styles from './AppsPane.module.css';

type Availability = 'open' | 'planned' | 'notForRole';

function availabilityOf(area: Area, settings: Settings | null): Availability {
  if (area.kind === 'planned') return 'planned';
  // The role's settings name the remote areas it may open; the shell's own screens are for all.
  if (area.kind === 'remote' && settings && !settings.areas.includes(area.key)) return 'notForRole';
  return 'open';
}

interface Props {
  /** The heading level: h2 in the grid's apps pane, h1 on /lms/apps. */
  headingLevel?: 1 | 2;
}

/**
 * A tile for every area of the portal (spec §1). Areas with a screen link to it; the others
 * say plainly that they are not available yet (no link, no placeholder data).
 */
export function AppsPane({ headingLevel = 2 }: Props) {
  const { t } = useTranslation();
  const settings = useAtomValue(settingsAtom, { store: lmsStore });
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  const tiles = AREAS.map((area) => ({ area, availability: availabilityOf(area, settings) }));
  const open = tiles.filter((tile) => tile.availability === 'open');
  const closed = tiles.filter((tile) => tile.availability !== 'open');

  return (
    <div className={styles.pane}>
      <Heading className={styles.title}>{t('apps.title')}</Heading>
      <ul className={styles.grid} aria-label={t('apps.available')}>
        {open.map(({ area }) =>
          area.kind === 'planned' ? null : (
            <li key={area.key}>
              <NavLink
                to={area.path}
                className={({ isActive }) =>
                  isActive ? `${styles.tile} ${styles.current}` : styles.tile
                }
              >
                <span className={styles.icon}>
                  <AreaIcon name={area.icon} />
                </span>
                <span className={styles.label}>{t(`areas.${area.key}`)}</span>
              </NavLink>
            </li>
          ),
        )}
      </ul>
      {closed.length > 0 && (
        <>
          <h3 className={styles.subtitle}>{t('apps.unavailable')}</h3>
          <ul className={styles.grid}>
            {closed.map(({ area, availability }) => (
              <li key={area.key}>
                <span role="link" aria-disabled="true" className={`${styles.tile} ${styles.off}`}>
                  <span className={styles.icon}>
                    <AreaIcon name={area.icon} />
                  </span>
                  <span className={styles.label}>{t(`areas.${area.key}`)}</span>
                  <span className={styles.note}>
                    {availability === 'notForRole' ? t('apps.notForRole') : t('apps.notYet')}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
