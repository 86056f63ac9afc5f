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

/** What documents and their verification page call the holder's particulars. */
export const HOLDER_LABELS = {
  fio: { kg: 'Аты-жөнү', ru: 'ФИО', en: 'Full name' },
  birthDate: { kg: 'Туулган күнү', ru: 'Дата рождения', en: 'Date of birth' },
  speciality: { kg: 'Адистик', ru: 'Специальность', en: 'Speciality' },
  faculty: { kg: 'Факультет', ru: 'Факультет', en: 'Faculty' },
  gpa: { kg: 'Орточо балл (GPA)', ru: 'Средний балл (GPA)', en: 'Grade point average' },
} as const satisfies Messages<string>;
