import type { UiResources } from './ru.js';

export const kg: UiResources = {
  loading: 'Жүктөлүүдө...',
  close: 'Жабуу',
  notifications: 'Билдирмелер',
  notificationsAll: 'Бардык билдирмелер ({{count}})',
  notificationsFold: 'Азыраак көрсөтүү',
  progress: 'Аткарылышы',
  empty: 'Маалымат жок',
  size: { B: 'Б', KB: 'КБ', MB: 'МБ', GB: 'ГБ' },
  field: {
    showPassword: 'Сырсөздү көрсөтүү',
    hidePassword: 'Сырсөздү жашыруу',
  },
  fileInput: {
    chosen: 'Тандалган файлдар',
    remove: '{{name}} файлын алып салуу',
    limit: 'Чогуу {{size}} ашпашы керек',
    tooBig: 'Файлдар өтө чоң: чогуу {{size}} ашпашы керек',
    tooMany: 'Файлдар өтө көп: {{max}} ашпашы керек',
    uploading: 'Файлдар жүктөлүүдө',
  },
  confirm: {
    title: 'Ырастоо',
    ok: 'Ооба',
    cancel: 'Жокко чыгаруу',
  },
  file: {
    pdf: 'PDF документи',
    excel: 'Excel таблицасы',
    word: 'Word документи',
    text: 'Текст файлы',
    powerpoint: 'PowerPoint презентациясы',
    other: 'Файл',
  },
  table: {
    more: 'Оң жакта дагы мамычалар бар: капталга сыдырыңыз',
  },
  help: {
    link: 'Жардам',
    forScreen: ' бул экран боюнча',
  },
  section: {
    inProgress: 'Бөлүм иштелип жатат',
    signedInAs: 'Сиз {{name}} катары кирдиңиз.',
    version: 'Версия {{version}}',
  },
  offline: {
    notKept: 'Бул бет тармаксыз иштөө үчүн азырынча сакталган эмес.',
    whenBack: 'Тармак кайра туташканда ал өзү ачылат. Мурда ачкан беттериңиз тармаксыз да ачылат.',
  },
  error: {
    render: 'Ката кетти, баракты жаңылаңыз!',
    retry: 'Кайталоо',
    requestId: 'Сурамдын номери: {{id}}',
    kind: {
      CLIENT_ERROR: 'Сервер сурамды кабыл алган жок.',
      SERVER_ERROR: 'Серверде ката кетти. Кийинчерээк кайталап көрүңүз.',
      TIMEOUT_ERROR: 'Сервер убагында жооп берген жок. Дагы бир жолу аракет кылыңыз.',
      CONNECTION_ERROR: 'Серверге туташуу мүмкүн болбоду.',
      NETWORK_ERROR: 'Тармак жок. Интернетке туташууну текшериңиз.',
      UNKNOWN_ERROR: 'Белгисиз ката.',
      CANCEL_ERROR: 'Сурам жокко чыгарылды.',
    },
  },
};
