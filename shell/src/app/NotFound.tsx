import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styles from './NotFound.module.css';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <div className={styles.box}>
      <h1 className={styles.title}>{t('notFound.title')}</h1>
      <p>{t('notFound.message')}</p>
      <Link to="/lms">{t('notFound.home')}</Link>
    </div>
  );
}
