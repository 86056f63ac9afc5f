import type { Language } from '../i18n/languages.js';

/** Namespace of the standalone page's own strings (a remote run alone for QA, outside the shell). */
export const STANDALONE_NAMESPACE = 'standalone';

const ru = {
  signInTitle: 'Вход в модуль «{{remote}}»',
  standaloneNote: 'Автономный режим для проверки: модуль работает без оболочки портала.',
  header: 'Модуль «{{remote}}», автономный режим',
  login: 'Логин',
  password: 'Пароль',
  submit: 'Войти',
  signingIn: 'Вход...',
  required: 'Введите имя пользователя и пароль',
  mustChange:
    'Для этой учётной записи нужно сменить логин и пароль. Сначала войдите через портал, затем вернитесь сюда с новыми данными.',
  areas: 'Разделы модуля',
  language: 'Язык',
  darkMode: 'Тёмная тема',
  logout: 'Выйти',
};

type Strings = { [K in keyof typeof ru]: string };

const kg: Strings = {
  signInTitle: '«{{remote}}» модулуна кирүү',
  standaloneNote: 'Текшерүү үчүн өз алдынча режим: модуль порталдын кабыгысыз иштейт.',
  header: '«{{remote}}» модулу, өз алдынча режим',
  login: 'Логин',
  password: 'Сырсөз',
  submit: 'Кирүү',
  signingIn: 'Кирүүдө...',
  required: 'Колдонуучунун атын жана сырсөздү киргизиңиз',
  mustChange:
    'Бул эсептик жазуунун логинин жана сырсөзүн алмаштыруу керек. Адегенде портал аркылуу кириңиз, андан кийин жаңы маалыматтар менен бул жерге кайтыңыз.',
  areas: 'Модулдун бөлүмдөрү',
  language: 'Тил',
  darkMode: 'Караңгы режим',
  logout: 'Чыгуу',
};

const en: Strings = {
  signInTitle: 'Sign in to the “{{remote}}” module',
  standaloneNote: 'Standalone mode for QA: the module runs without the portal shell.',
  header: '“{{remote}}” module, standalone',
  login: 'Login',
  password: 'Password',
  submit: 'Sign in',
  signingIn: 'Signing in...',
  required: 'Enter the user name and password',
  mustChange:
    'This account must change its login and password. Sign in through the portal first, then come back here with the new credentials.',
  areas: 'Module sections',
  language: 'Language',
  darkMode: 'Dark mode',
  logout: 'Log out',
};

export const standaloneResources: Record<Language, Strings> = { kg, ru, en };

/** The switch shows each language in its own short form, as the portal's profile menu does. */
export const LANGUAGE_LABELS: Record<Language, string> = { kg: 'Кыр', ru: 'Рус', en: 'Eng' };
