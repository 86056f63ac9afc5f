import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { areaFromPath, PageFrame } from '@lms/shared';
import { AREAS } from '../areas';
import '../i18n';
import { NAMESPACE } from '../i18n';
import { SCREENS } from './screens';

/**
 * The academic record: the electronic statement (/lms/statement), the rating (/lms/rating) and
 * the documents the portal issued (/lms/documents). The statement is a work screen with a wide
 * table of students, so it asks the shell for the width.
 */
export default function App() {
  const { t } = useTranslation(NAMESPACE);
  const area = areaFromPath(useLocation().pathname, AREAS);
  const Screen = SCREENS[area];
  return (
    <PageFrame
      remote={NAMESPACE}
      version={__APP_VERSION__}
      title={t(`${area}Title`)}
      description={t(`${area}Description`)}
      wide
    >
      <Screen />
    </PageFrame>
  );
}
