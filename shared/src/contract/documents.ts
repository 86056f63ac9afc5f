import { Type, type Static } from '@sinclair/typebox';
import {
  HOLDER_QUERY_MAX_LENGTH,
  HOLDER_QUERY_MIN_LENGTH,
  REVOKE_REASON_MAX_LENGTH,
  REVOKE_REASON_MIN_LENGTH,
} from './constants.js';
import { EmptyBody, Id } from './envelope.js';
import { withSchemas } from './endpoint.js';
import { DOCUMENTS_ADDRESSES } from './endpoints/documents.js';

// Documents (api/src/areas/documents): every document the portal issued to a person, from its
// record of issued documents (the transcript, the certificate of study of a single-window order,
// a payment's receipt), each with its verification link and whether it was revoked or
// superseded; the registrar looks a person's up and revokes one with a reason. Routes under
// /lms/api/documents.

/** The kinds of document the portal issues. */
export const ISSUED_DOCUMENT_KINDS = ['transcript', 'certificate', 'receipt'] as const;
export const IssuedDocumentKind = Type.Union(ISSUED_DOCUMENT_KINDS.map((k) => Type.Literal(k)));
export type IssuedDocumentKind = Static<typeof IssuedDocumentKind>;

/**
 * One issued document. Instants are epoch ms (shown in the university's zone). `lang`: the
 * language it was printed in, null when it prints in the reader's language (a certificate).
 * `superseded_by`: a later document of the same kind that replaces it (a newer transcript).
 * Its file: the certificate by its order (`id_order`), the receipt by its payment
 * (`id_payment`), the transcript as the holder's current one (only while not superseded).
 */
export const HeldDocument = Type.Object({
  id: Id,
  kind: IssuedDocumentKind,
  /** What it is about: the certificate's purpose, the receipt's number, the transcript's GPA. */
  detail: Type.String(),
  issued: Type.Integer(),
  lang: Type.Union([Type.Literal('kg'), Type.Literal('ru'), Type.Literal('en'), Type.Null()]),
  verify_url: Type.String(),
  revoked: Type.Union([Type.Integer(), Type.Null()]),
  revoke_reason: Type.Union([Type.String(), Type.Null()]),
  superseded_by: Type.Union([Id, Type.Null()]),
  id_order: Type.Union([Id, Type.Null()]),
  id_payment: Type.Union([Id, Type.Null()]),
});
export type HeldDocument = Static<typeof HeldDocument>;

/** POST documents/mine.json (body {}): the caller's documents, newest first. */
export const HeldDocumentsResponse = Type.Array(HeldDocument);
export type HeldDocumentsResponse = Static<typeof HeldDocumentsResponse>;

/** POST documents/registrar/search.json: the people whose name has the query, with their documents. */
export const HolderSearchBody = Type.Object({
  query: Type.String({
    minLength: HOLDER_QUERY_MIN_LENGTH,
    maxLength: HOLDER_QUERY_MAX_LENGTH,
    examples: ['Асанов'],
  }),
});
export type HolderSearchBody = Static<typeof HolderSearchBody>;

export const DocumentHolder = Type.Object({
  id_student: Id,
  fio: Type.String(),
  group: Type.String(),
  documents: Type.Array(HeldDocument),
});
export type DocumentHolder = Static<typeof DocumentHolder>;

export const HolderSearchResponse = Type.Array(DocumentHolder);
export type HolderSearchResponse = Static<typeof HolderSearchResponse>;

/**
 * POST documents/registrar/revoke.json: the registrar withdraws an issued document with a
 * reason; its verification page then says so. Answers the document as revoked.
 */
export const DocumentRevokeWithReasonBody = Type.Object({
  id_document: Id,
  reason: Type.String({
    minLength: REVOKE_REASON_MIN_LENGTH,
    maxLength: REVOKE_REASON_MAX_LENGTH,
    examples: ['Issued with a wrong birth date'],
  }),
});
export type DocumentRevokeWithReasonBody = Static<typeof DocumentRevokeWithReasonBody>;

/** The documents endpoints for the API: each address with the schemas it validates. */
export const DOCUMENTS_ENDPOINTS = withSchemas(DOCUMENTS_ADDRESSES, {
  mine: { body: EmptyBody, response: HeldDocumentsResponse },
  search: { body: HolderSearchBody, response: HolderSearchResponse },
  revoke: { body: DocumentRevokeWithReasonBody, response: HeldDocument },
});
