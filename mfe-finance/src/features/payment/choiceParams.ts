/**
 * The payment screen's choice (service, academic year, group) as search parameters of its
 * address, so a reload and the return from the provider's payment page keep it.
 */
export const CHOICE_PARAMS = { service: 'service', year: 'year', group: 'group' } as const;
export type ChoiceParam = keyof typeof CHOICE_PARAMS;

/** The id a parameter holds, or null when it is missing or not an id. */
export function choiceFrom(params: URLSearchParams, name: string): number | null {
  const raw = params.get(name);
  return raw !== null && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}

/** The parameters with the changed choices set (null removes one); the others stay. */
export function withChoice(
  params: URLSearchParams,
  changes: Partial<Record<ChoiceParam, number | null>>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes) as [ChoiceParam, number | null][]) {
    if (value === null) next.delete(CHOICE_PARAMS[key]);
    else next.set(CHOICE_PARAMS[key], String(value));
  }
  return next;
}

/**
 * The parameter the provider's page adds to the return address when it refused to charge a
 * payment no longer open (the contract's PAYMENT_REFUSED_PARAM). Written here, not taken from the
 * kit at run time: a shell with an older kit would answer undefined (choiceParams.test checks it).
 */
export const REFUSED_PARAM = 'refused';
