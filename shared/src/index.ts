// The public surface of @lms/shared: what the package holds is described in README.md (Layout);
// every name exported here is recorded with the kit's version in shared/surface.json.
// Apps import only from here.

// Session
export { lmsStore } from './store.js';
export { userAtom, tokenFlagAtom, sessionStatusAtom, type SessionStatus } from './session/atoms.js';
export { useSession, type Session } from './session/useSession.js';
export { authenticate, authorize, logout, revalidateSession } from './session/auth.js';

// HTTP
export {
  http,
  API_BASE_URL,
  REQUEST_TIMEOUT_MS,
  XSRF_COOKIE_NAME,
  XSRF_HEADER_NAME,
} from './http/client.js';
export {
  apiGet,
  apiPost,
  apiUpload,
  apiUrl,
  getEndpoint,
  pathOf,
  pathWithQuery,
  postEndpoint,
  type UploadFields,
} from './http/api.js';
export { ApiError, classifyError, UserError, type ErrorKind } from './http/errors.js';
export { useEventStream, type EventStreamHandlers } from './http/useEventStream.js';

// Server state: one cache for the whole portal (TanStack Query, shared as a singleton)
export { queryClient, clearServerState } from './data/queryClient.js';
export { PortalProviders } from './data/PortalProviders.js';
export {
  clearPersonalCopies,
  keepOfflineCopy,
  offlineSessionAtom,
  PERSONAL_CACHE_PREFIX,
  registerPersonalStore,
  shownAsOf,
  useShownAsOf,
} from './data/offline.js';
export { browserStore, type BrowserStore } from './data/browserStore.js';
export {
  createOutbox,
  isUnreached,
  useOutboxItems,
  type Outbox,
  type OutboxFlush,
  type OutboxItem,
} from './data/outbox.js';
export { usePortalConfig, fetchPortalConfig, portalConfigKey } from './data/usePortalConfig.js';
export {
  useCurrentTerm,
  prefetchCurrentTerm,
  fetchCurrentWs,
  fetchCurrentYear,
  currentTermKeys,
} from './data/useCurrentTerm.js';

// i18n
export {
  i18n,
  initI18n,
  changeLanguage,
  registerNamespace,
  type NamespaceResources,
} from './i18n/i18n.js';
export { LANGUAGES, DEFAULT_LANGUAGE, isLanguage, type Language } from './i18n/languages.js';
export { errorMessage } from './i18n/errorMessage.js';

// Theme
export {
  applyTheme,
  installThemeStyles,
  themeAtom,
  useTheme,
  type ThemeControl,
} from './theme/theme.js';
export { THEME_COLOR, type ThemeMode } from './theme/palette.js';

// UI kit
export { Loading } from './ui/Loading.js';
export { usePlainList, useVisuallyHidden } from './ui/styles.js';
export { SectionInProgress, type SectionInProgressProps } from './ui/SectionInProgress.js';
export {
  notify,
  dismissNotification,
  NOTIFICATION_DURATION_MS,
  type NotificationKind,
} from './ui/notification-store.js';
export { notifyFailure } from './ui/notifyFailure.js';
export { Notifications } from './ui/Notifications.js';
export { confirm, type ConfirmOptions } from './ui/confirm.js';
export { ConfirmHost } from './ui/ConfirmHost.js';
export {
  ReasonThenConfirm,
  type ReasonThenConfirmProps,
  type ReasonThenConfirmTexts,
} from './ui/ReasonThenConfirm.js';
export { FileIcon, type FileIconProps } from './ui/FileIcon.js';
export { ProgressBar, type ProgressBarProps } from './ui/ProgressBar.js';
export {
  Field,
  SelectField,
  TextAreaField,
  FormError,
  type FieldBaseProps,
  type FieldProps,
  type SelectFieldProps,
  type TextAreaFieldProps,
  type FormErrorProps,
} from './ui/Field.js';
export {
  ChoiceSelect,
  PLACEHOLDER_LABEL,
  type ChoiceSelectProps,
  type Choice,
} from './ui/ChoiceSelect.js';
export {
  FileInput,
  fileProblem,
  addFiles,
  type FileInputProps,
  type FileProblem,
} from './ui/FileInput.js';
export { DataTable, type DataTableProps, type DataTableColumn } from './ui/DataTable.js';
export { useSidewaysScroll, type SidewaysScroll } from './ui/useSidewaysScroll.js';
export { SectionHeader, type SectionHeaderProps } from './ui/SectionHeader.js';
export { PageFrame, type PageFrameProps } from './ui/PageFrame.js';
export { HelpLink, type HelpLinkProps } from './ui/HelpLink.js';
export { pageWidthAtom, type PageWidth } from './layout/pageWidth.js';
export { PHONE_MEDIA_QUERY, useIsPhone } from './layout/phone.js';
export { Button, useButtonClass, type ButtonProps, type ButtonVariant } from './ui/Button.js';
export { EmptyState, type EmptyStateProps } from './ui/EmptyState.js';
export { ErrorState, type ErrorStateProps } from './ui/ErrorState.js';
export {
  ErrorBoundary,
  ErrorFallback,
  type ErrorBoundaryProps,
  type ErrorFallbackProps,
} from './ui/ErrorBoundary.js';

// Helpers
export { areaFromPath } from './routing/areaFromPath.js';
export {
  MANUAL_PATH,
  MANUAL_SECTIONS,
  isManualSection,
  manualPath,
  manualSectionOf,
  type ManualSection,
} from './routing/manual.js';
export { abbreviateName } from './format/name.js';
export { formatDate, formatTime, toDate, type DateInput } from './format/date.js';
export {
  DEFAULT_TIME_ZONE,
  formatterFor,
  isTimeZone,
  setUniversityTimeZone,
  universityDate,
  universityTimeZone,
  type Format,
} from './format/locale.js';
export { useFormat } from './format/useFormat.js';
export {
  academicYearOptions,
  defaultAcademicYear,
  type AcademicYearOption,
} from './format/academicYear.js';
export {
  splitAuthor,
  splitFileList,
  joinFileList,
  shortenFileName,
  fileTypeOf,
  FILE_LIST_SEPARATOR,
  type Author,
  type FileType,
} from './format/text.js';
export {
  formatSize,
  totalSize,
  isWithinLimit,
  SIZE_UNITS,
  type SizeUnit,
  type SizeTranslate,
} from './format/size.js';

// Standalone page of a remote run alone for QA (npm run start -w mfe-<name>)
export {
  mountStandalone,
  StandaloneApp,
  type StandaloneAppProps,
  type StandaloneArea,
} from './standalone/index.js';

// API contract: types only (the browser never bundles the TypeBox schemas), plus the constants
// and each area's endpoints (addresses: plain strings, typed by the schemas)
export type * from './contract/index.js';
export * from './contract/endpoints/index.js';
export * from './contract/constants.js';
export * from './contract/compat.js';
export * from './contract/modules.js';
// The canonical encoding of a test attempt's hash chain (the browser hashes it, so does the API).
export {
  canonicalJson,
  chainGenesisText,
  chainLinkText,
  TESTING_CHAIN_TAG,
  type TestingChainFacts,
} from './contract/testing-chain.js';
