import type { Chain } from './repository.js';

/** The steps of the discipline filter chain, in the order the lists are walked (spec §4). */
export const CHAIN_STEPS = ['discipline', 'semester', 'group', 'people'] as const;
export type ChainStep = (typeof CHAIN_STEPS)[number];

/**
 * The filters a list applies: only the choices made before its step (a stale id_group sent
 * along with a discipline list must not empty it).
 */
export function chainFor(body: Chain, step: ChainStep): Chain {
  const order = CHAIN_STEPS.indexOf(step);
  return {
    year: body.year,
    ws: body.ws,
    ...(order >= 1 && {
      id_discipline: body.id_discipline,
      kredit: body.kredit,
      isSelect: body.isSelect,
    }),
    ...(order >= 2 && { id_semester: body.id_semester }),
    ...(order >= 3 && { id_group: body.id_group }),
  };
}
