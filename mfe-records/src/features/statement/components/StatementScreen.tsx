import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EmptyState, Loading, ROLE, useSession } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { MyLines } from './MyLines';
import { StatementList } from './StatementList';
import { StatementNotices } from './StatementNotices';
import styles from './Statement.module.css';

// One sheet (its lines, the passkey signature, retakes) loads when a statement is opened: the
// lists stay light.
const StatementSheet = lazy(() =>
  import('./StatementSheet').then((m) => ({ default: m.StatementSheet })),
);

/** The statement a link names (`?id=`, as a push notification opens it), or null. */
function linked(params: URLSearchParams): number | null {
  const id = Number(params.get('id'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * /lms/statement: the teacher of record fills in and signs their statements, told above them of
 * a retake sheet assigned or a deadline past; the registrar lists every statement, confirms and
 * locks; a student sees their own line of each. `?id=` opens that statement.
 */
export function StatementScreen() {
  const { t } = useTranslation(NAMESPACE);
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const [chosen, setChosen] = useState<number | null>(() => linked(params));
  if (!user) return <EmptyState message={t('statement.signIn')} />;
  if (user.role === ROLE.student) return <MyLines />;
  const who = user.registrarPerms === true ? 'registrar' : 'teacher';
  const back = () => {
    setChosen(null);
    if (params.has('id')) {
      const rest = new URLSearchParams(params);
      rest.delete('id');
      setParams(rest, { replace: true });
    }
  };
  if (chosen !== null) {
    return (
      <Suspense fallback={<Loading />}>
        <StatementSheet id={chosen} who={who} onBack={back} onOpen={setChosen} />
      </Suspense>
    );
  }
  return (
    <div className={styles.screen}>
      <StatementNotices onOpen={setChosen} />
      <StatementList who={who} onOpen={setChosen} />
    </div>
  );
}
