import type { Messages, Text } from '../../lib/messages.js';

/** The portal's own name (config.json). */
export const PORTAL_NAME: Text = {
  kg: 'Окуу порталы',
  ru: 'Учебный портал',
  en: 'Learning portal',
};

/** The installed app's name under its icon (web app manifest). */
export const PORTAL_SHORT_NAME: Text = {
  kg: 'Портал',
  ru: 'Портал',
  en: 'Portal',
};

/** The tiles and menu entries of the remotes built from this repository (remote-registry.ts). */
export const MODULE_LABELS = {
  journal: { kg: 'Сабактардын журналы', ru: 'Журнал занятий', en: 'Journal of lessons' },
  markhistory: { kg: 'Белгилердин тарыхы', ru: 'История отметок', en: 'Mark history' },
  schedule: { kg: 'Сабактардын жадыбалы', ru: 'Расписание', en: 'Timetable' },
  umk: { kg: 'ОУК', ru: 'УМК', en: 'UMK' },
  library: { kg: 'Электрондук китепкана', ru: 'Электронная библиотека', en: 'E-library' },
  registration: {
    kg: 'Дисциплиналарга каттоо',
    ru: 'Регистрация на дисциплины',
    en: 'Discipline registration',
  },
  paymentcode: { kg: 'Төлөм коду', ru: 'Код оплаты', en: 'Payment code' },
  singlewindow: { kg: 'Маалымкат буйрутмалоо', ru: 'Заказ справок', en: 'Certificate requests' },
  transcript: { kg: 'Транскрипт', ru: 'Транскрипт', en: 'Transcript' },
  questionnaire: { kg: 'Сурамжылоо', ru: 'Анкетирование', en: 'Questionnaire' },
  workload: { kg: 'Жеке жүктөм', ru: 'Индивидуальная нагрузка', en: 'Individual workload' },
  staffaccess: {
    kg: 'Кызматкерлердин укуктары',
    ru: 'Права сотрудников',
    en: 'Staff rights',
  },
  statement: {
    kg: 'Электрондук ведомость',
    ru: 'Электронная ведомость',
    en: 'Electronic statement',
  },
  rating: { kg: 'Рейтинг', ru: 'Рейтинг', en: 'Rating' },
  documents: { kg: 'Документтер', ru: 'Документы', en: 'Documents' },
  news: { kg: 'Жаңылыктар', ru: 'Новости', en: 'News' },
  chat: { kg: 'Чат', ru: 'Чат', en: 'Chat' },
  testing: { kg: 'Тестирлөө', ru: 'Тестирование', en: 'Testing' },
  chatMenu: { kg: 'Билдирүүлөр', ru: 'Сообщения', en: 'Messages' },
  rooms: { kg: 'Аудиториялар', ru: 'Аудитории', en: 'Rooms' },
  manual: { kg: 'Колдонмо', ru: 'Руководство', en: 'Manual' },
  webinars: { kg: 'Вебинарлар', ru: 'Вебинары', en: 'Webinars' },
} as const satisfies Messages<string>;

/** Plain-text pages a person reads in the browser (deploy-routes.ts, routes.ts). */
export const PORTAL_MESSAGES = {
  previewInvalid: {
    kg: 'Бул алдын ала көрүү шилтемеси жараксыз, мөөнөтү бүткөн же анын релизи мындан ары талапкер эмес.',
    ru: 'Ссылка предпросмотра недействительна, истекла или её релиз больше не кандидат.',
    en: 'This preview link is invalid, has expired, or its release is no longer a candidate.',
  },
  notBuilt: {
    kg: 'Портал азырынча курулган эмес: репозиторийдин тамырында `npm run build` иштетиңиз.',
    ru: 'Портал ещё не собран: выполните `npm run build` в корне репозитория.',
    en: 'The portal is not built yet: run `npm run build` in the repository root.',
  },
  tooManyReports: {
    kg: 'Которулбай калган тексттер тууралуу билдирүүлөр өтө көп: кийинчерээк кайталаңыз',
    ru: 'Слишком много сообщений о непереведённых текстах: повторите позже',
    en: 'Too many reports of missing translations: try again later',
  },
} as const satisfies Messages<string>;
