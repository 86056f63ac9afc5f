import { useSession, ROLE } from '@lms/shared';
import { OfficeQuestionnaires } from './OfficeQuestionnaires';
import { StudentEvaluations } from './StudentEvaluations';
import { TeacherResults } from './TeacherResults';

/**
 * /lms/questionnaire: the student answers what waits for them, the teacher reads their own
 * results, the quality office (the registrar) opens questionnaires and reads the rates.
 */
export function QuestionnaireScreen() {
  const { user } = useSession();
  if (user?.registrarPerms || user?.qualityPerms) return <OfficeQuestionnaires />;
  if (user?.role === ROLE.teacher) return <TeacherResults />;
  return <StudentEvaluations />;
}
