import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { areaFromPath, PageFrame, useSession } from '@lms/shared';
import { AREAS } from '../areas';
import '../i18n';
import { NAMESPACE } from '../i18n';
import { SCREENS } from './screens';

/**
 * The quality and planning office's remote: course evaluations (/lms/questionnaire) and the
 * teachers' individual workload (/lms/workload), and the staff rights the registrar's office grants
 * for them (/lms/staffaccess). The page
 * says what it is for to each: the student answers, the teacher reads, the office opens.
 */
export default function App() {
  const { t } = useTranslation(NAMESPACE);
  const { user } = useSession();
  const area = areaFromPath(useLocation().pathname, AREAS);
  const Screen = SCREENS[area];
  const office =
    user?.registrarPerms === true || (area === 'questionnaire' && user?.qualityPerms === true);
  const head = area === 'workload' && user?.role === 1 && user.headPerms === true;
  const who = office ? 'Office' : head ? 'Head' : user?.role === 1 ? 'Teacher' : 'Student';
  return (
    <PageFrame
      remote={NAMESPACE}
      version={__APP_VERSION__}
      title={t(`${area}Title`)}
      description={t(`${area}Description${who}`)}
    >
      <Screen />
    </PageFrame>
  );
}
