/** The shell routes this remote serves (the quality and planning office's), in the order the standalone page lists them. */
export const AREAS = ['questionnaire', 'workload', 'staffaccess'] as const;
export type Area = (typeof AREAS)[number];
