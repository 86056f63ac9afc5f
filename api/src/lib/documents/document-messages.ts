import type { Messages } from '../messages.js';

/** The words every document the portal issues prints (its number, date and verification QR). */
export const DOCUMENT_TEXTS = {
  documentNo: { kg: 'Документ №', ru: 'Документ №', en: 'Document No.' },
  issued: { kg: 'Берилген күнү', ru: 'Выдан', en: 'Issued' },
  verify: {
    kg: 'Документтин чыныгы экендиги QR-код аркылуу текшерилет',
    ru: 'Подлинность документа проверяется по QR-коду',
    en: 'Scan the QR code to verify this document',
  },
} as const satisfies Messages<string>;
