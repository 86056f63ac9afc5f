/** The URL prefix the visit log is served under (the spec's legacy prefix). */
export const PREFIXES = { visitlog: '/lms/api/visitlog' } as const;
