/** The shell routes this remote serves, in the order the standalone page lists them. */
export const AREAS = ['journal', 'schedule'] as const;
export type Area = (typeof AREAS)[number];

/** Each area's name on the standalone page's links: its page's title, in the remote's namespace. */
export const AREA_LABEL_KEYS: Record<Area, string> = {
  journal: 'title',
  schedule: 'schedule.title',
};
