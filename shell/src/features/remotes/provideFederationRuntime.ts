// The shell's federation runtime, given to the remotes. A remote's production build does not
// carry its own copy: webpack's `experiments.externalRuntime` (tools/webpack/create-config.cjs)
// makes it take the runtime from the global this plugin sets, and its manifest says so, so a
// shell without it refuses the remote (the kit's FEDERATION_RUNTIME). The same module the
// shell's own federation runs on (an ES import: no second copy in the shell's bundle).
import * as runtimeCore from '@module-federation/runtime-core';
import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime-core';

/** The global a remote built with `externalRuntime` reads its runtime from. */
export const RUNTIME_GLOBAL = '_FEDERATION_RUNTIME_CORE';

export default function provideFederationRuntime(): ModuleFederationRuntimePlugin {
  return {
    name: 'lms-provide-federation-runtime',
    beforeInit(args) {
      (runtimeCore.Global as unknown as Record<string, unknown>)[RUNTIME_GLOBAL] = runtimeCore;
      return args;
    },
  };
}
