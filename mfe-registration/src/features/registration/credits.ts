import type { RegListResponse } from '@lms/shared';

export interface CreditSummary {
  /** The semester's credits as the server counts them against the limit. */
  taken: number;
  limit: number;
  /** Of them, the disciplines the student's group studies without a registration. */
  group: number;
  /** Of them, the student's registrations. */
  registered: number;
}

/**
 * The semester's credits and where they come from. The server counts every discipline the
 * student studies that semester (as the journal and the chat list them) and every registration,
 * each once; what the registrations do not account for is the group's own.
 */
export function creditSummary(
  data: Pick<RegListResponse, 'items' | 'kredits' | 'kreditLimit'>,
): CreditSummary {
  const registered = data.items.reduce((sum, item) => sum + item.kredits, 0);
  return {
    taken: data.kredits,
    limit: data.kreditLimit,
    group: Math.max(0, data.kredits - registered),
    registered,
  };
}
