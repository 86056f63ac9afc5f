import type { RemoteName } from '@lms/shared';

export type { RemoteName };

/**
 * The portal areas named in the interface (spec §1), in the order the apps pane shows them.
 * `key` is the i18n key under `areas.*` and, for areas with a screen, the route segment the
 * settings call (`misc/settings.json` → `areas`) uses. An area is either served by a remote
 * (its `./App` renders under the route), by the shell itself, or not built yet.
 */
export interface RemoteRef {
  remote: RemoteName;
  module: string;
}

export type AreaIconName =
  | 'calendar'
  | 'statement'
  | 'documents'
  | 'card'
  | 'journal'
  | 'materials'
  | 'books'
  | 'test'
  | 'workload'
  | 'rating'
  | 'survey'
  | 'registration'
  | 'payment'
  | 'certificate'
  | 'rooms'
  | 'webinar'
  | 'manual'
  | 'transcript'
  | 'news'
  | 'chat';

interface AreaBase {
  key: string;
  icon: AreaIconName;
}

export interface RemoteArea extends AreaBase {
  kind: 'remote';
  path: string;
  target: RemoteRef;
}

export interface ShellArea extends AreaBase {
  kind: 'shell';
  path: string;
}

/** Named in the interface, but no feature serves it yet: shown as unavailable, never linked. */
export interface PlannedArea extends AreaBase {
  kind: 'planned';
}

export type Area = RemoteArea | ShellArea | PlannedArea;

const remote = (key: string, icon: AreaIconName, target: RemoteRef): RemoteArea => ({
  kind: 'remote',
  key,
  icon,
  path: `/lms/${key}`,
  target,
});

const planned = (key: string, icon: AreaIconName): PlannedArea => ({ kind: 'planned', key, icon });

const app = (name: RemoteName): RemoteRef => ({ remote: name, module: './App' });

export const AREAS: readonly Area[] = [
  remote('schedule', 'calendar', app('journal')),
  planned('statement', 'statement'),
  planned('documents', 'documents'),
  // The personal card is the shell's own profile screen (spec §2: personal data).
  { kind: 'shell', key: 'personalCard', icon: 'card', path: '/lms/profile' },
  remote('journal', 'journal', app('journal')),
  remote('umk', 'materials', app('library')),
  remote('library', 'books', app('library')),
  planned('testing', 'test'),
  planned('workload', 'workload'),
  planned('rating', 'rating'),
  planned('questionnaire', 'survey'),
  remote('registration', 'registration', app('registration')),
  remote('paymentcode', 'payment', app('finance')),
  remote('singlewindow', 'certificate', app('finance')),
  planned('rooms', 'rooms'),
  planned('webinars', 'webinar'),
  planned('manual', 'manual'),
  remote('transcript', 'transcript', app('finance')),
  remote('news', 'news', app('news')),
  remote('chat', 'chat', app('chat')),
];

export const REMOTE_AREAS: readonly RemoteArea[] = AREAS.filter(
  (area): area is RemoteArea => area.kind === 'remote',
);

/** The area whose route the path is in (e.g. '/lms/news/12' → news), if any. */
export function areaOfPath(pathname: string): Area | undefined {
  return AREAS.find(
    (area) =>
      area.kind !== 'planned' && (pathname === area.path || pathname.startsWith(`${area.path}/`)),
  );
}
