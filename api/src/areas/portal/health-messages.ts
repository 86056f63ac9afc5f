import type { Messages } from '../../lib/messages.js';

/** What a browser's health report may be told (health-routes.ts). */
export const HEALTH_MESSAGES = {
  tooManyHealthReports: {
    kg: 'Бөлүмдөрдүн жүктөлүшү тууралуу билдирүүлөр өтө көп: кийинчерээк кайталаңыз',
    ru: 'Слишком много сообщений о загрузке разделов: повторите позже',
    en: 'Too many reports of module loads: try again later',
  },
  unknownRemote: {
    kg: 'Мындай бөлүм порталда жок',
    ru: 'Такого раздела в портале нет',
    en: 'The portal has no such module',
  },
} as const satisfies Messages<string>;
