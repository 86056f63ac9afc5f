import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageFrame } from '@lms/shared';
import styles from './NotFound.module.css';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <PageFrame
      remote="shell"
      version={__APP_VERSION__}
      title={t('notFound.title')}
      description={t('notFound.message')}
    >
      <Link to="/lms" className={styles.home}>
        {t('notFound.home')}
      </Link>
    </PageFrame>
  );
}
