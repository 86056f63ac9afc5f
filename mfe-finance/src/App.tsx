import { useTranslation } from 'react-i18next';
import { SectionInProgress } from '@lms/shared';
import { NAMESPACE } from './i18n';
import { useLocation } from 'react-router-dom';
import { areaFromPath } from './areas';

/** One remote, several shell routes: payment code (/lms/paymentcode), document orders (/lms/singlewindow) and the transcript (/lms/transcript). */
export default function App() {
  const area = areaFromPath(useLocation().pathname);
  const { t } = useTranslation(NAMESPACE);
  return (
    <SectionInProgress
      remote={NAMESPACE}
      version={__APP_VERSION__}
      title={t(`${area}Title`)}
      description={t(`${area}Description`)}
    />
  );
}
