import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n/resources/index.js';
import { useUiStyles } from './styles.js';

/** The loading text ('Загрузка...' in Russian), announced politely by screen readers. */
export function Loading() {
  useUiStyles();
  const { t } = useTranslation(UI_NAMESPACE);
  return (
    <div role="status" className="lms-ui-loading">
      {t('loading')}
    </div>
  );
}
