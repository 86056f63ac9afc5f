/**
 * The shell's own tiles in the apps pane (spec §1). Everything a remote provides (its routes,
 * tile, menu entry and panes) comes from the registry, /lms/remotes.json; here are only the
 * screens of the shell itself and the areas named in the interface that nothing serves yet.
 * `key` is the i18n key under `areas.*`. A planned tile gives way to a registry module with the
 * same key once one is deployed.
 */
const ICON_NAMES = [
  'calendar',
  'statement',
  'documents',
  'card',
  'journal',
  'materials',
  'books',
  'test',
  'workload',
  'rating',
  'survey',
  'registration',
  'payment',
  'certificate',
  'rooms',
  'webinar',
  'manual',
  'transcript',
  'news',
  'chat',
] as const;

export type AreaIconName = (typeof ICON_NAMES)[number];

interface TileBase {
  key: string;
  icon: AreaIconName;
}

/** A screen of the shell itself. */
export interface ShellTile extends TileBase {
  kind: 'shell';
  path: string;
}

/** Named in the interface, but no module serves it yet: shown as unavailable, never linked. */
export interface PlannedTile extends TileBase {
  kind: 'planned';
}

export type ShellAreaTile = ShellTile | PlannedTile;

const planned = (key: string, icon: AreaIconName): PlannedTile => ({ kind: 'planned', key, icon });

export const SHELL_TILES: readonly ShellAreaTile[] = [
  planned('statement', 'statement'),
  planned('documents', 'documents'),
  // The personal card is the shell's own profile screen (spec §2: personal data).
  { kind: 'shell', key: 'personalCard', icon: 'card', path: '/lms/profile' },
  planned('workload', 'workload'),
  planned('rating', 'rating'),
  planned('rooms', 'rooms'),
  planned('webinars', 'webinar'),
  planned('manual', 'manual'),
];

export const isAreaIconName = (name: string): name is AreaIconName =>
  (ICON_NAMES as readonly string[]).includes(name);
