import type { HeldDocument, Language } from '@lms/shared/contract';
import { verification } from '../../lib/documents/issue.js';
import { ApiError, MESSAGES } from '../../lib/http.js';
import { DOCUMENTS_MESSAGES } from './messages.js';
import type { DocumentsRepository, IssuedRow } from './repository.js';
import { normalizedReason, revokeRefusal, supersession, type RevokeRefusal } from './rules.js';
import { heldDocumentOf } from './wire.js';

/** The HTTP status of each refusal of the rules. */
const REFUSAL_STATUS: Record<RevokeRefusal, 400 | 409> = { shortReason: 400, alreadyRevoked: 409 };

export interface DocumentsSettings {
  documentSecret: string;
  /** The origin printed in the verification links (options.publicOrigin). */
  publicOrigin: string;
}

/** The documents' reads (the lists with their verification links) and the revocation. */
export function createDocumentsService(
  documents: DocumentsRepository,
  settings: DocumentsSettings,
) {
  const shown = (rows: IssuedRow[], lang: Language): HeldDocument[] => {
    const superseded = supersession(rows);
    return rows.map((row) =>
      heldDocumentOf(
        row,
        lang,
        superseded.get(row.id) ?? null,
        verification(settings.publicOrigin, settings.documentSecret, row.id, row.issuedAt).url,
      ),
    );
  };

  return {
    /** The documents of some students, newest first, each with what supersedes it. */
    async heldBy(lang: Language, studentIds: number[]): Promise<Map<number, HeldDocument[]>> {
      const rows = await documents.heldBy(studentIds);
      const byStudent = new Map<number, IssuedRow[]>();
      for (const row of rows)
        byStudent.set(row.studentId, [...(byStudent.get(row.studentId) ?? []), row]);
      return new Map([...byStudent].map(([id, own]) => [id, shown(own, lang)]));
    },

    /**
     * The registrar revokes a document with a reason, once: the guarded update decides between
     * two registrars at once; the loser (and a second revocation) hears it was revoked already.
     */
    async revoke(
      lang: Language,
      id: number,
      reason: string,
      by: number,
      now: number,
    ): Promise<HeldDocument> {
      const stored = normalizedReason(reason);
      const found = await documents.find(id);
      if (!found) throw new ApiError(404, MESSAGES.notFound);
      const refusal = revokeRefusal(found, stored);
      if (refusal) throw new ApiError(REFUSAL_STATUS[refusal], DOCUMENTS_MESSAGES[refusal]);
      if (!(await documents.revoke(id, stored, by, now))) {
        throw new ApiError(409, DOCUMENTS_MESSAGES.alreadyRevoked);
      }
      const own = await documents.heldBy([found.studentId]);
      const document = shown(own, lang).find((d) => d.id === id);
      if (!document) throw new ApiError(404, MESSAGES.notFound);
      return document;
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
