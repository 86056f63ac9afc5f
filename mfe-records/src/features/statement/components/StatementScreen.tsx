import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ROLE, useSession } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { MyLines } from './MyLines';
import { StatementList } from './StatementList';
import { StatementSheet } from './StatementSheet';

/**
 * /lms/statement: the teacher of record fills in and signs their statements; the registrar
 * lists every statement, confirms and locks; a student sees their own line of each.
 */
export function StatementScreen() {
  const { t } = useTranslation(NAMESPACE);
  const { user } = useSession();
  const [chosen, setChosen] = useState<number | null>(null);
  if (!user) return <EmptyState message={t('statement.signIn')} />;
  if (user.role === ROLE.student) return <MyLines />;
  const who = user.registrarPerms === true ? 'registrar' : 'teacher';
  if (chosen !== null) {
    return (
      <StatementSheet id={chosen} who={who} onBack={() => setChosen(null)} onOpen={setChosen} />
    );
  }
  return <StatementList who={who} onOpen={setChosen} />;
}
