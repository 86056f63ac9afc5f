/** The URL prefix the schedule is served under (the spec's legacy prefix). */
export const PREFIXES = { schedule: '/lms/api/schedule' } as const;
