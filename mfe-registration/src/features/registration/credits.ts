import type { RegListResponse } from '@lms/shared';

/** How many registrations of a kind, and their credits. */
export interface RegisteredPart {
  count: number;
  credits: number;
}

export interface CreditSummary {
  /** The semester's credits as the server counts them against the limit. */
  taken: number;
  limit: number;
  /** Of them, the credits of the disciplines the student's group studies without a registration. */
  group: number;
  /** Of them, the electives the student registered for. */
  electives: RegisteredPart;
  /** Of them, the plan's required disciplines the student registered for (a stream chosen). */
  required: RegisteredPart;
}

/**
 * The semester's credits and where they come from. The server counts every discipline the
 * student studies that semester (as the journal and the chat list them) and every registration,
 * each once; what the registrations do not account for is the group's own.
 */
export function creditSummary(
  data: Pick<RegListResponse, 'items' | 'kredits' | 'kreditLimit'>,
): CreditSummary {
  const part = (byPlan: 0 | 1): RegisteredPart => {
    const items = data.items.filter((item) => item.isByPlan === byPlan);
    return { count: items.length, credits: items.reduce((sum, item) => sum + item.kredits, 0) };
  };
  const electives = part(0);
  const required = part(1);
  return {
    taken: data.kredits,
    limit: data.kreditLimit,
    // Never below zero (a server counting the registrations only).
    group: Math.max(0, data.kredits - electives.credits - required.credits),
    electives,
    required,
  };
}
