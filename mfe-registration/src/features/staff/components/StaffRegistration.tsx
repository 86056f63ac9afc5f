import { useTranslation } from 'react-i18next';
import { useSession } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { HOLDS_ANCHOR, SLOTS_ANCHOR, STREAMS_ANCHOR } from '../../../lib/anchors';
import { RegistrarAppointments, RegistrarHolds } from '../../holds';
import { TeacherStreams } from '../../streams';
import styles from './StaffRegistration.module.css';

/**
 * A teacher's streams; for the registrar's office every stream, the registration slots of the
 * chosen semester and the holds, with jump links to them (the streams are a long list).
 */
export function StaffRegistration() {
  const { t } = useTranslation(NAMESPACE);
  const registrar = useSession().user?.registrarPerms === true;
  return (
    <>
      {registrar && (
        <nav aria-label={t('registrar.onThisPage')} className={styles.jump}>
          <a href={`#${STREAMS_ANCHOR}`}>{t('teacher.allCaption')}</a>
          <a href={`#${SLOTS_ANCHOR}`}>{t('slots.title')}</a>
          <a href={`#${HOLDS_ANCHOR}`}>{t('holds.registrarTitle')}</a>
        </nav>
      )}
      <TeacherStreams
        forTerm={registrar ? (term) => <RegistrarAppointments term={term} /> : undefined}
        after={registrar ? <RegistrarHolds /> : undefined}
      />
    </>
  );
}
