import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Loading, ROLE, useSession } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useMyDocuments } from '../api/documents';
import { DocumentList } from './DocumentList';
import { RegistrarDocuments } from './RegistrarDocuments';
import { SignedStatements } from './SignedStatements';

/**
 * /lms/documents: every document the portal issued to the signed-in person; the registrar's
 * office looks a person's up and revokes one with a reason; a teacher finds the statements they
 * signed.
 */
export function DocumentsScreen() {
  const { t } = useTranslation(NAMESPACE);
  const { user } = useSession();
  if (!user) return <EmptyState message={t('documents.signIn')} />;
  if (user.registrarPerms) return <RegistrarDocuments />;
  // A teacher holds the statements they signed.
  if (user.role === ROLE.teacher) return <SignedStatements />;
  return <MyDocuments />;
}

function MyDocuments() {
  const { t } = useTranslation(NAMESPACE);
  const documents = useMyDocuments();
  if (documents.isError) {
    return <ErrorState error={documents.error} onRetry={() => void documents.refetch()} />;
  }
  if (!documents.data) return <Loading />;
  if (documents.data.length === 0) return <EmptyState message={t('documents.none')} />;
  return <DocumentList documents={documents.data} own />;
}
