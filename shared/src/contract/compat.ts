// Whether a remote build can run in the portal's shell. Plain functions without TypeBox: the
// shell checks a remote's manifest before mounting it, scripts/remote-release.mjs before deploying.

/**
 * The federation runtime. A remote's production build does not carry its own copy: it takes the
 * shell's (webpack's `experiments.externalRuntime`), and says so in its manifest's `metaData.requires`.
 */
export const FEDERATION_RUNTIME = '@module-federation/runtime-core';

/** The shared singletons (and the runtime) a remote must be able to take from the shell. */
export const CHECKED_SHARED = [
  'react',
  'react-dom',
  'react-router-dom',
  '@lms/shared',
  FEDERATION_RUNTIME,
] as const;

export interface SharedMismatch {
  /** The package, e.g. '@lms/shared'. */
  name: string;
  /** What the remote was built to need (its requiredVersion). */
  required: string;
  /** What the shell provides, or null when the shell does not share it. */
  provided: string | null;
}

type Version = [number, number, number];

const VERSION = /^v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(?:[-+].*)?$/;

function parse(text: string): Version | null {
  const match = VERSION.exec(text.trim());
  if (!match) return null;
  const part = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : 0);
  if (!/^\d+$/.test(match[1] ?? '')) return null;
  return [part(match[1]), part(match[2]), part(match[3])];
}

function compare(a: Version, b: Version): number {
  for (let index = 0; index < 3; index += 1) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * The lowest version one alternative of a range admits ('^19.3.1', '~7.1', '>=0.1.0 <1',
 * '19.x', '19.3.1'); null for "anything" ('*', '', 'x').
 */
function lowest(range: string): Version | null | 'any' {
  const comparators = range.trim().split(/\s+/).filter(Boolean);
  if (comparators.length === 0) return 'any';
  let low: Version | null = null;
  for (const comparator of comparators) {
    if (/^[*xX]$/.test(comparator)) continue;
    if (comparator.startsWith('<')) continue;
    const version = parse(comparator.replace(/^(\^|~|>=|>|=)/, ''));
    if (!version) return null;
    if (!low || compare(version, low) > 0) low = version;
  }
  return low ?? 'any';
}

/**
 * The portal's rule for a shared singleton: the shell's copy is the one every remote runs on,
 * so a requirement is met when the shell's version has the same major as the lowest version
 * the range admits, and is not older than it. Upper bounds are not read: within a major the
 * portal's packages stay compatible, across majors they do not.
 */
export function sharedVersionSatisfies(provided: string, required: string): boolean {
  const have = parse(provided);
  if (!have) return false;
  return required.split('||').some((alternative) => {
    const low = lowest(alternative);
    if (low === 'any') return true;
    if (!low) return false;
    return low[0] === have[0] && compare(have, low) >= 0;
  });
}

/**
 * The requirements of an mf-manifest.json by package name: `shared[].requiredVersion`, and what
 * the build takes from the shell besides its shared modules (`metaData.requires`, e.g. the
 * federation runtime: `{ "@module-federation/runtime-core": "^2.9.2" }`).
 */
export function manifestRequirements(manifest: unknown): Record<string, string> {
  const requirements: Record<string, string> = {};
  if (typeof manifest !== 'object' || manifest === null) return requirements;
  const { shared, metaData } = manifest as { shared?: unknown; metaData?: unknown };
  const requires =
    typeof metaData === 'object' && metaData !== null
      ? (metaData as { requires?: unknown }).requires
      : undefined;
  for (const item of Array.isArray(shared) ? (shared as unknown[]) : []) {
    if (typeof item !== 'object' || item === null) continue;
    const { name, requiredVersion } = item as { name?: unknown; requiredVersion?: unknown };
    if (typeof name === 'string' && typeof requiredVersion === 'string') {
      requirements[name] = requiredVersion;
    }
  }
  if (typeof requires === 'object' && requires !== null && !Array.isArray(requires)) {
    for (const [name, range] of Object.entries(requires as Record<string, unknown>)) {
      if (typeof range === 'string') requirements[name] = range;
    }
  }
  return requirements;
}

/** The checked package a shared name belongs to ('react/jsx-runtime' → 'react'). */
function checkedPackage(name: string): string | undefined {
  return CHECKED_SHARED.find((pkg) => name === pkg || name.startsWith(`${pkg}/`));
}

/**
 * The checked singletons (and their deep imports, such as react/jsx-runtime) the shell cannot
 * give the remote; empty when it can run.
 */
export function sharedMismatches(
  provided: Readonly<Record<string, string>>,
  required: Readonly<Record<string, string>>,
): SharedMismatch[] {
  const mismatches: SharedMismatch[] = [];
  for (const [name, range] of Object.entries(required)) {
    const pkg = checkedPackage(name);
    if (!pkg) continue;
    const version = provided[pkg] ?? null;
    if (version === null || !sharedVersionSatisfies(version, range)) {
      mismatches.push({ name, required: range, provided: version });
    }
  }
  return mismatches;
}
