import type { CurrentWsResponse, CurrentYearResponse, RoleId, Ws } from '@lms/shared/contract';
import type { Scope } from '../../access/teaching.js';
import { ApiError, MESSAGES } from '../../lib/http.js';
import { currentAcademicYear, currentWs, WS_NAMES } from '../../lib/calendar.js';
import type { Language } from '../../lib/catalogue-names.js';
import type { AcademicRepository } from './repository.js';

/**
 * The current academic year and semester kind (current/year.json, current/ws.json): the ws with
 * its name in the reader's language and the kinds with teaching this year. Other areas' first
 * screens (the student's journal) answer them with their own parts.
 */
export async function currentTerm(
  academic: AcademicRepository,
  lang: Language,
  now: Date,
): Promise<{ year: CurrentYearResponse; ws: CurrentWsResponse }> {
  const year = currentAcademicYear(now);
  const ws = currentWs(now);
  const [active, names] = await Promise.all([
    academic.activeWs(year.id_a_year),
    academic.wsNames(lang),
  ]);
  const nameOf = (id: Ws) => names.get(id) ?? WS_NAMES[id][lang];
  return {
    year,
    ws: {
      ws,
      name: nameOf(ws),
      active: active
        .filter((id): id is Ws => id === 1 || id === 2 || id === 3)
        .map((id) => ({ ws: id, name: nameOf(id) })),
    },
  };
}

/**
 * A first screen's start (the chat's chain, the student's journal): the current term and the
 * caller's teaching or study scope, asked together; a caller with no scope is a 404.
 */
export async function termAndScope(
  academic: AcademicRepository,
  access: { scopeOf(person: { role: RoleId; id: number }): Promise<Scope | undefined> },
  lang: Language,
  user: { role: RoleId; id: number },
): Promise<{ term: Awaited<ReturnType<typeof currentTerm>>; scope: Scope }> {
  const [term, scope] = await Promise.all([
    currentTerm(academic, lang, new Date()),
    access.scopeOf(user),
  ]);
  if (!scope) throw new ApiError(404, MESSAGES.notFound);
  return { term, scope };
}
