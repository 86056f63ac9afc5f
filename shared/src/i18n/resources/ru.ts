/** Russian strings of shared's own namespace `ui`; kg and en must have the same keys. */
export const ru = {
  loading: 'Загрузка...',
  close: 'Закрыть',
  notifications: 'Уведомления',
  notificationsAll: 'Все уведомления ({{count}})',
  notificationsFold: 'Свернуть',
  progress: 'Ход выполнения',
  empty: 'Нет данных',
  size: { B: 'Б', KB: 'КБ', MB: 'МБ', GB: 'ГБ' },
  field: {
    showPassword: 'Показать пароль',
    hidePassword: 'Скрыть пароль',
  },
  fileInput: {
    chosen: 'Выбранные файлы',
    remove: 'Убрать файл {{name}}',
    limit: 'Вместе не больше {{size}}',
    tooBig: 'Файлы слишком большие: вместе не больше {{size}}',
    tooMany: 'Слишком много файлов: не больше {{max}}',
    uploading: 'Загрузка файлов',
  },
  confirm: {
    title: 'Подтверждение',
    ok: 'Да',
    cancel: 'Отмена',
  },
  file: {
    pdf: 'Документ PDF',
    excel: 'Таблица Excel',
    word: 'Документ Word',
    text: 'Текстовый файл',
    powerpoint: 'Презентация PowerPoint',
    other: 'Файл',
  },
  table: {
    more: 'Справа есть ещё столбцы: прокрутите вбок',
  },
  help: {
    link: 'Справка',
    forScreen: ' по этому экрану',
  },
  section: {
    inProgress: 'Раздел в разработке',
    signedInAs: 'Вы вошли как {{name}}.',
    version: 'Версия {{version}}',
  },
  offline: {
    notKept: 'Эта страница ещё не сохранена для работы без сети.',
    whenBack:
      'Она откроется сама, когда сеть вернётся. Страницы, которые вы уже открывали, доступны и без сети.',
  },
  error: {
    render: 'Ошибка, обновите страницу!',
    retry: 'Повторить',
    requestId: 'Номер запроса: {{id}}',
    kind: {
      CLIENT_ERROR: 'Сервер отклонил запрос.',
      SERVER_ERROR: 'Ошибка на сервере. Попробуйте позже.',
      TIMEOUT_ERROR: 'Сервер не ответил вовремя. Попробуйте ещё раз.',
      CONNECTION_ERROR: 'Не удалось подключиться к серверу.',
      NETWORK_ERROR: 'Нет сети. Проверьте подключение к интернету.',
      UNKNOWN_ERROR: 'Неизвестная ошибка.',
      CANCEL_ERROR: 'Запрос отменён.',
    },
  },
};

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type UiResources = Shape<typeof ru>;
