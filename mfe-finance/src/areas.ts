/** The shell routes this remote serves, in the order the standalone page lists them. */
export const AREAS = ['paymentcode', 'singlewindow', 'transcript'] as const;

export type Area = (typeof AREAS)[number];

const isArea = (segment: string): segment is Area => (AREAS as readonly string[]).includes(segment);

/**
 * The area a location belongs to: the first path segment naming an area (/lms/<area>, also with
 * sub-paths); anything else is the first area.
 */
export function areaFromPath(pathname: string): Area {
  return pathname.split('/').find(isArea) ?? AREAS[0];
}
