import * as shared from './index.js';

// Names every app codes against: renaming one breaks them.
const AGREED = [
  'lmsStore',
  'userAtom',
  'tokenFlagAtom',
  'sessionStatusAtom',
  'useSession',
  'authenticate',
  'authorize',
  'logout',
  'http',
  'apiGet',
  'apiPost',
  'ApiError',
  'classifyError',
  'i18n',
  'initI18n',
  'changeLanguage',
  'LANGUAGES',
  'registerNamespace',
  'applyTheme',
  'themeAtom',
  'useTheme',
  'installThemeStyles',
  'Loading',
  'notify',
  'Notifications',
  'confirm',
  'ConfirmHost',
  'FileIcon',
  'shortenFileName',
  'ProgressBar',
  'ErrorBoundary',
  'abbreviateName',
  'formatDate',
  'formatTime',
  'academicYearOptions',
  'defaultAcademicYear',
  'splitAuthor',
  'splitFileList',
  'joinFileList',
] as const;

it.each(AGREED)('exports %s', (name) => {
  expect(shared[name]).toBeDefined();
});

// The form, list and upload kit the remotes build their screens from.
const KIT = [
  'Field',
  'SelectField',
  'TextAreaField',
  'FormError',
  'ChoiceSelect',
  'PLACEHOLDER_LABEL',
  'SectionHeader',
  'EmptyState',
  'ErrorState',
  'DataTable',
  'FileInput',
  'fileProblem',
  'addFiles',
  'formatSize',
  'totalSize',
  'isWithinLimit',
] as const;

it.each(KIT)('exports the kit component or helper %s', (name) => {
  expect(shared[name]).toBeDefined();
});

it('configures the http client as agreed', () => {
  expect(shared.http.defaults.baseURL).toBe('/lms');
  expect(shared.http.defaults.timeout).toBe(30000);
  expect(shared.http.defaults.withCredentials).toBe(true);
  expect(shared.http.defaults.xsrfCookieName).toBe('XSRF-TOKEN');
  expect(shared.http.defaults.xsrfHeaderName).toBe('X-XSRF-TOKEN');
  expect(shared.LANGUAGES).toEqual(['kg', 'ru', 'en']);
});
