import { Loading } from '@lms/shared';
import styles from './PageLoading.module.css';

/** 'Загрузка...' in the middle of an otherwise empty page (session check, lazy screens). */
export function PageLoading() {
  return (
    <div className={styles.page}>
      <Loading />
    </div>
  );
}
