/** The shell routes this remote serves, in the order the standalone page lists them. */
export const AREAS = ['umk', 'library'] as const;
