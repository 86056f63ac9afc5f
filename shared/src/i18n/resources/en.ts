import type { UiResources } from './ru.js';

export const en: UiResources = {
  loading: 'Loading...',
  close: 'Close',
  notifications: 'Notifications',
  notificationsAll: 'All notifications ({{count}})',
  notificationsFold: 'Show fewer',
  progress: 'Progress',
  empty: 'Nothing here yet',
  size: { B: 'B', KB: 'KB', MB: 'MB', GB: 'GB' },
  field: {
    showPassword: 'Show password',
    hidePassword: 'Hide password',
  },
  fileInput: {
    chosen: 'Chosen files',
    remove: 'Remove file {{name}}',
    limit: 'At most {{size}} in total',
    tooBig: 'The files are too large: at most {{size}} in total',
    tooMany: 'Too many files: at most {{max}}',
    uploading: 'Uploading files',
  },
  confirm: {
    title: 'Confirmation',
    ok: 'Yes',
    cancel: 'Cancel',
  },
  file: {
    pdf: 'PDF document',
    excel: 'Excel spreadsheet',
    word: 'Word document',
    text: 'Text file',
    powerpoint: 'PowerPoint presentation',
    other: 'File',
  },
  table: {
    more: 'More columns to the right: scroll sideways',
  },
  help: {
    link: 'Help',
    forScreen: ' for this screen',
  },
  section: {
    inProgress: 'This section is being built',
    signedInAs: 'Signed in as {{name}}.',
    version: 'Version {{version}}',
  },
  offline: {
    notKept: 'This page has not been saved for offline use yet.',
    whenBack:
      'It will open by itself when the network is back. Pages you have opened before work offline too.',
  },
  error: {
    render: 'Something went wrong, please reload the page!',
    retry: 'Try again',
    requestId: 'Request id: {{id}}',
    kind: {
      CLIENT_ERROR: 'The server rejected the request.',
      SERVER_ERROR: 'Server error. Please try again later.',
      TIMEOUT_ERROR: 'The server did not answer in time. Please try again.',
      CONNECTION_ERROR: 'Could not connect to the server.',
      NETWORK_ERROR: 'No network. Check your internet connection.',
      UNKNOWN_ERROR: 'Unknown error.',
      CANCEL_ERROR: 'The request was cancelled.',
    },
  },
};
