import type { DocumentHolder, HeldDocument } from '@lms/shared';

/** An issued document as the API answers it (a certificate of study, valid). */
export function heldDocument(overrides: Partial<HeldDocument> = {}): HeldDocument {
  return {
    id: 12,
    kind: 'certificate',
    detail: 'По месту требования',
    issued: Date.UTC(2026, 10, 20, 6, 30),
    lang: null,
    verify_url: 'https://portal.example/lms/verify/12-AAAAAAAAAAAAAAAAAAAAAA',
    revoked: null,
    revoke_reason: null,
    superseded_by: null,
    id_order: 5,
    id_payment: null,
    ...overrides,
  };
}

export function holder(overrides: Partial<DocumentHolder> = {}): DocumentHolder {
  return {
    id_student: 3,
    fio: 'Жумабаева Айгерим Талантбековна',
    group: 'ПИ-1-23',
    documents: [heldDocument()],
    ...overrides,
  };
}
