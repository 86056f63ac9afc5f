import { useTranslation } from 'react-i18next';
import { SectionInProgress } from '@lms/shared';
import { NAMESPACE } from './i18n';

/** Discipline registration, /lms/registration. */
export default function App() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <SectionInProgress
      remote={NAMESPACE}
      version={__APP_VERSION__}
      title={t('title')}
      description={t('description')}
    />
  );
}
