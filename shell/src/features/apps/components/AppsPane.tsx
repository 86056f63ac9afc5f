import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { PageFrame } from '@lms/shared';
import { SHELL_TILES } from '../../../config/areas';
import { modulePath, useLocalized, usePortalModules } from '../../remotes';
import { AreaIcon } from './AreaIcon';
import styles from './AppsPane.module.css';

interface Props {
  /** Its own h2 (the grid's apps pane); on /lms/apps the page's heading names it. */
  titled?: boolean;
}

interface Tile {
  key: string;
  icon: string;
  label: string;
  /** Where it leads; none for an area nothing serves yet. */
  path?: string;
}

/**
 * A tile for every area of the portal (spec §1): the shell's own screens, and every module of
 * the registry with a tile that the user's role may open. Areas nothing serves yet say plainly
 * that they are not available (no link, no placeholder data).
 */
export function AppsPane({ titled = true }: Props) {
  const { t } = useTranslation();
  const localized = useLocalized();
  const { modules } = usePortalModules();

  const moduleTiles: Tile[] = modules.flatMap((module) =>
    module.tile
      ? [
          {
            key: module.key,
            icon: module.tile.icon,
            label: localized(module.labels),
            path: modulePath(module),
          },
        ]
      : [],
  );
  const served = new Set(modules.flatMap((module) => [module.key, ...module.routes]));
  const shellTiles: Tile[] = SHELL_TILES.filter((tile) => !served.has(tile.key)).map((tile) => ({
    key: tile.key,
    icon: tile.icon,
    label: t(`areas.${tile.key}`),
    ...(tile.kind === 'shell' ? { path: tile.path } : {}),
  }));
  const tiles = [...shellTiles.filter((tile) => tile.path), ...moduleTiles];
  const closed = shellTiles.filter((tile) => !tile.path);

  return (
    <div className={styles.pane}>
      {titled && <h2 className={styles.title}>{t('apps.title')}</h2>}
      <ul className={styles.grid} aria-label={t('apps.available')}>
        {tiles.map((tile) => (
          <li key={tile.key}>
            <NavLink
              to={tile.path ?? ''}
              className={({ isActive }) =>
                isActive ? `${styles.tile} ${styles.current}` : styles.tile
              }
            >
              <span className={styles.icon}>
                <AreaIcon name={tile.icon} />
              </span>
              <span className={styles.label}>{tile.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
      {closed.length > 0 && (
        <>
          <h3 className={styles.subtitle}>{t('apps.unavailable')}</h3>
          <ul className={styles.grid}>
            {closed.map((tile) => (
              <li key={tile.key}>
                <span role="link" aria-disabled="true" className={`${styles.tile} ${styles.off}`}>
                  <span className={styles.icon}>
                    <AreaIcon name={tile.icon} />
                  </span>
                  <span className={styles.label}>{tile.label}</span>
                  <span className={styles.note}>{t('apps.notYet')}</span>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** /lms/apps: every area as a page of its own, framed like every other screen. */
export function AppsPage() {
  const { t } = useTranslation();
  return (
    <PageFrame
      remote="shell"
      version={__APP_VERSION__}
      title={t('apps.title')}
      description={t('apps.description')}
    >
      <AppsPane titled={false} />
    </PageFrame>
  );
}
