import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { areaFromPath, PageFrame, useSession } from '@lms/shared';
import { AREAS, type Area } from '../areas';
import '../i18n';
import { NAMESPACE } from '../i18n';
import { SCREENS } from './screens';

/**
 * What the page says it is for: the single window's registrar works through the queue, so their
 * page opens with the registrar's instructions, not the student's.
 */
function descriptionKey(area: Area, registrar: boolean): string {
  return area === 'singlewindow' && registrar
    ? 'singlewindowRegistrarDescription'
    : `${area}Description`;
}

/**
 * One remote, several shell routes: payment code (/lms/paymentcode), document orders
 * (/lms/singlewindow) and the transcript (/lms/transcript). Each is a work screen with a wide
 * table (payments, orders, the queue, the grades), so each asks the shell for the width.
 */
export default function App() {
  const { t } = useTranslation(NAMESPACE);
  const { user } = useSession();
  const area = areaFromPath(useLocation().pathname, AREAS);
  const Screen = SCREENS[area];
  return (
    <PageFrame
      remote={NAMESPACE}
      version={__APP_VERSION__}
      title={t(`${area}Title`)}
      description={t(descriptionKey(area, user?.registrarPerms === true))}
      wide
    >
      <Screen />
    </PageFrame>
  );
}
