import { createStore } from 'jotai';

/**
 * The one jotai store of the portal. The shell (and a remote running standalone) wraps its tree
 * in `<Provider store={lmsStore}>`; code outside React (the http client, `notify`, `confirm`,
 * the auth actions) writes to it directly, so both sides always see the same atoms.
 */
export const lmsStore = createStore();
