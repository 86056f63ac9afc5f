/** The shell routes this remote serves, in the order the standalone page lists them. */
export const AREAS = ['statement', 'rating', 'documents'] as const;
export type Area = (typeof AREAS)[number];
