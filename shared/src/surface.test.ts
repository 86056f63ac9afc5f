// The kit's public surface (shared/surface.json) and its version: every name the kit exports from
// '@lms/shared', '@lms/shared/contract' and '@lms/shared/format', and a hash of each schema of
// the contract, recorded beside the version that has them. A removal or change needs a major
// bump, an addition a minor one. After bumping shared/package.json, record the surface with
// `KIT_SURFACE=write npx jest shared/src/surface.test.ts`.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as contract from './contract/index.js';
import * as format from './format/locale.js';
import * as kit from './index.js';

interface Surface {
  version: string;
  exports: string[];
  schemas: Record<string, string>;
}

type Bump = 'none' | 'patch' | 'minor' | 'major';

const KIND = Symbol.for('TypeBox.Kind');

/** JSON with sorted keys, so a hash depends on the schema only. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stable((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

function surfaceNow(version: string): Surface {
  const names = (prefix: string, module: object) =>
    Object.keys(module).map((name) => `${prefix}${name}`);
  const schemas: Record<string, string> = {};
  for (const [name, value] of Object.entries(contract)) {
    if (value && typeof value === 'object' && KIND in value) {
      schemas[name] = createHash('sha256').update(stable(value)).digest('hex').slice(0, 16);
    }
  }
  return {
    version,
    exports: [
      ...names('', kit),
      ...names('contract:', contract),
      ...names('format:', format),
    ].sort(),
    schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))),
  };
}

/** The bump a change of surface needs: removed or changed names are major, new ones minor. */
export function bumpNeeded(before: Surface, after: Surface): Bump {
  const exportsNow = new Set(after.exports);
  const removed = before.exports.some((name) => !exportsNow.has(name));
  const changed = Object.entries(before.schemas).some(
    ([name, hash]) => after.schemas[name] !== hash,
  );
  if (removed || changed) return 'major';
  const exportsBefore = new Set(before.exports);
  const added =
    after.exports.some((name) => !exportsBefore.has(name)) ||
    Object.keys(after.schemas).some((name) => !(name in before.schemas));
  return added ? 'minor' : 'none';
}

/** The bump from one version to the next ('0.1.0' → '0.2.0' is minor). */
export function bumpBetween(from: string, to: string): Bump | 'backwards' {
  const [a, b] = [from, to].map((text) => text.split('.').map(Number));
  for (const [index, bump] of (['major', 'minor', 'patch'] as const).entries()) {
    if (b![index]! > a![index]!) return bump;
    if (b![index]! < a![index]!) return 'backwards';
  }
  return 'none';
}

const ORDER: Bump[] = ['none', 'patch', 'minor', 'major'];

const recordFile = join(__dirname, '..', 'surface.json');
const packageVersion = (
  JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as { version: string }
).version;

describe('the kit’s version follows its surface', () => {
  const now = surfaceNow(packageVersion);
  // The first record of a kit is its surface as it stands.
  if (!existsSync(recordFile) && process.env.KIT_SURFACE === 'write') {
    writeFileSync(recordFile, `${JSON.stringify(now, null, 2)}\n`);
  }
  const recorded = JSON.parse(readFileSync(recordFile, 'utf8')) as Surface;

  test('a change of surface comes with a version bump of the right size', () => {
    const needed = bumpNeeded(recorded, now);
    const made = bumpBetween(recorded.version, packageVersion);
    if (needed === 'none') {
      // Nothing changed: the record is of this version.
      expect(`${recorded.version} (recorded)`).toBe(`${packageVersion} (recorded)`);
      return;
    }
    if (made === 'backwards' || ORDER.indexOf(made) < ORDER.indexOf(needed)) {
      throw new Error(
        `@lms/shared's surface changed (a ${needed} change) but its version went ` +
          `${recorded.version} → ${packageVersion}: bump shared/package.json (and the ` +
          'workspaces that depend on it), then record the surface (KIT_SURFACE=write).',
      );
    }
    if (process.env.KIT_SURFACE === 'write') {
      writeFileSync(recordFile, `${JSON.stringify(now, null, 2)}\n`);
      return;
    }
    throw new Error(
      `@lms/shared ${packageVersion}: record its surface (KIT_SURFACE=write npx jest shared/src/surface.test.ts)`,
    );
  });

  test('the size of a bump: removals and changes are major, additions minor', () => {
    const base: Surface = { version: '1.2.0', exports: ['a', 'b'], schemas: { S: '1' } };
    expect(bumpNeeded(base, { ...base })).toBe('none');
    expect(bumpNeeded(base, { ...base, exports: ['a', 'b', 'c'] })).toBe('minor');
    expect(bumpNeeded(base, { ...base, schemas: { S: '1', T: '2' } })).toBe('minor');
    expect(bumpNeeded(base, { ...base, exports: ['a'] })).toBe('major');
    expect(bumpNeeded(base, { ...base, schemas: { S: '2' } })).toBe('major');
    expect(bumpBetween('1.2.0', '1.3.0')).toBe('minor');
    expect(bumpBetween('1.2.0', '2.0.0')).toBe('major');
    expect(bumpBetween('1.2.0', '1.2.1')).toBe('patch');
    expect(bumpBetween('1.2.0', '1.1.9')).toBe('backwards');
  });
});
