import { useTranslation } from 'react-i18next';
import styles from './RemoteUnavailable.module.css';

interface Props {
  onRetry: () => void;
  /** The remote's release needs shared packages this portal does not have: retrying won't help. */
  incompatible?: boolean;
}

/** The fallback of a remote pane: says the section cannot be shown and offers a retry. */
export function RemoteUnavailable({ onRetry, incompatible = false }: Props) {
  const { t } = useTranslation();
  return (
    <div role="alert" className={styles.box}>
      <p className={styles.title}>{t('remotes.unavailable')}</p>
      <p className={styles.hint}>
        {incompatible ? t('remotes.incompatibleHint') : t('remotes.unavailableHint')}
      </p>
      {!incompatible && (
        <button type="button" className={styles.retry} onClick={onRetry}>
          {t('remotes.retry')}
        </button>
      )}
    </div>
  );
}
