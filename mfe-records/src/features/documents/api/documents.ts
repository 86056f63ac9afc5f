import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiUrl,
  DOCUMENTS_API,
  ORDERS_API,
  PAYMENTS_API,
  postEndpoint,
  STATEMENTS_API,
  useSession,
  type HeldDocument,
} from '@lms/shared';

export const getMyDocuments = postEndpoint(DOCUMENTS_API.mine);
export const searchHolders = postEndpoint(DOCUMENTS_API.search);
export const revokeDocument = postEndpoint(DOCUMENTS_API.revoke);
export const listSignedStatements = postEndpoint(STATEMENTS_API.signed);

export const documentKeys = {
  all: (uid: number) => ['documents', uid] as const,
  mine: (uid: number) => ['documents', uid, 'mine'] as const,
  search: (uid: number, query: string) => ['documents', uid, 'search', query] as const,
  statements: (uid: number) => ['documents', uid, 'statements'] as const,
};

/** The statements the signed-in teacher signed: the documents a teacher holds. */
export function useSignedStatements() {
  const uid = useSession().user?.uid ?? 0;
  return useQuery({
    queryKey: documentKeys.statements(uid),
    queryFn: () => listSignedStatements({}),
  });
}

/** A statement's PDF, printed in the reader's language. */
export const statementPdfUrl = (id: number) => apiUrl(STATEMENTS_API.pdf, { id: String(id) });

/** The signed-in person's issued documents, newest first. */
export function useMyDocuments() {
  const uid = useSession().user?.uid ?? 0;
  return useQuery({ queryKey: documentKeys.mine(uid), queryFn: () => getMyDocuments({}) });
}

/** The registrar's search: the people whose name has the query, with their documents. */
export function useHolderSearch(query: string) {
  const uid = useSession().user?.uid ?? 0;
  return useQuery({
    queryKey: documentKeys.search(uid, query),
    queryFn: () => searchHolders({ query }),
    enabled: query.length >= 2,
  });
}

/** The registrar revokes a document with a reason; every list of documents is read again. */
export function useRevokeDocument() {
  const uid = useSession().user?.uid ?? 0;
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeDocument,
    onSuccess: () => client.invalidateQueries({ queryKey: documentKeys.all(uid) }),
  });
}

/** Where a document's file is: the certificate by its order, the receipt by its payment. */
export function fileUrl(document: HeldDocument): string | null {
  if (document.kind === 'certificate' && document.id_order !== null) {
    return apiUrl(ORDERS_API.documentFile, { id_order: document.id_order });
  }
  if (document.kind === 'receipt' && document.id_payment !== null) {
    return apiUrl(PAYMENTS_API.receipt, { id_payment: document.id_payment });
  }
  return null;
}

/** The transcript is issued anew from the record: its screen prints the current one. */
export const TRANSCRIPT_SCREEN = '/lms/transcript';
