import type { Messages } from '../../lib/messages.js';
import { MAX_UPLOADS_PER_USER } from '../../lib/stream-cap.js';

/** 429 of a user past their uploads or live streams at once (user-slots.ts). */
export const SLOT_MESSAGES = {
  tooManyUploads: {
    kg: `Жүктөөлөр бүткүчө күтө туруңуз: бир убакта ${MAX_UPLOADS_PER_USER} файлдан ашык жүктөөгө болбойт`,
    ru: `Дождитесь окончания загрузок: одновременно можно загружать не больше ${MAX_UPLOADS_PER_USER} файлов`,
    en: `Wait for your uploads to finish: at most ${MAX_UPLOADS_PER_USER} files can be uploaded at once`,
  },
  tooManyStreams: {
    kg: 'Порталдын ачык өтмөктөрү өтө көп: ашыктарын жабыңыз',
    ru: 'Слишком много открытых вкладок портала: закройте лишние',
    en: 'Too many portal tabs are open: close the ones you do not need',
  },
} as const satisfies Messages<string>;
