/**
 * Who may call a route: anyone, anyone signed in, one role, the registrar, or a holder of the
 * news right. The first three are read from the guards the route runs (`markGuard`); the last two
 * are decided by the handler and stated by the route (`config.access`).
 */
export type Access = 'anyone' | 'signedIn' | 'teacher' | 'student' | 'registrar' | 'news';

const guards = new WeakMap<object, Access>();

/** Records what a guard hook lets through, so the catalogue can say who may call a route. */
export function markGuard<Hook extends object>(hook: Hook, access: Access): Hook {
  guards.set(hook, access);
  return hook;
}

/** What a guard hook lets through, if it is a marked guard. */
export function guardAccess(hook: object): Access | undefined {
  return guards.get(hook);
}
