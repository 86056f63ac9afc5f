/**
 * lms/boundaries: the import rules of docs/remote-layout.md, so a layout rule never depends on
 * memory.
 *
 * 1. Another workspace package is imported by its name and public entry points (`@lms/shared`,
 *    `@lms/shared/contract`, `@lms/shared/testing`), never by a path into its folder, and never
 *    `@lms/shared/src/...` or `@lms/shared/dist/...`.
 * 2. A feature (`<app>/src/features/<name>/`) uses another feature only through that feature's
 *    `index.ts`, never its internals.
 * 3. Imports flow one way: `src/components` and `src/lib` (shared by the app's features) import
 *    no feature.
 * 4. The test kit (`@lms/shared/testing`) is for tests only.
 * 5. The API is laid out the same way by area (docs/server-conventions.md): code outside an area
 *    (`api/src/areas/<name>/`) uses it only through its `index.ts`, and `api/src/lib` imports no
 *    area. The API's own tests (`api/test`) may test an area's parts directly.
 * 6. The API's imports flow one way (docs/server-conventions.md "Directions"): `lib/`,
 *    `access/` and `plugins/` import no area; an area imports `access/`, `lib/`, `db/` and other
 *    areas' `index.ts`, never `plugins/`, the areas' composition (`areas/index.ts`) or the app's
 *    (`app.ts`, `options.ts`, `server.ts`). `tools/api-layout/graph.mjs` holds the rest: no circle.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const PUBLIC_ENTRIES = new Set([
  '@lms/shared',
  '@lms/shared/contract',
  '@lms/shared/format',
  '@lms/shared/testing',
]);
const INDEX = /^index(\.(ts|tsx|js))?$/;
/** api/src folders below the areas: they import no area. */
const LAYERS_BELOW_AREAS = new Set(['lib', 'access', 'plugins']);
/** api/src files that compose the app: nothing inside an area imports them. */
const APP_COMPOSITION = new Set(['app', 'options', 'server']);

/** `{ pkg, rest }` of a path inside the repository: 'mfe-chat', ['src', 'features', ...]. */
function locate(file) {
  const relative = path.relative(ROOT, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [pkg, ...rest] = relative.split(path.sep);
  return { pkg, rest };
}

/** The feature (or, in the API, the area) a path belongs to and the path inside it, or null. */
function featureOf(place) {
  const [src, features, name, ...inside] = place.rest;
  const folder = place.pkg === 'api' ? 'areas' : 'features';
  if (src !== 'src' || features !== folder || !name) return null;
  if (place.pkg === 'api' && inside.length === 0) return null;
  return { name, inside };
}

function isTestFile(place) {
  const file = place.rest.at(-1) ?? '';
  return (
    /\.test\.(ts|tsx|js|mjs)$/.test(file) ||
    place.rest.includes('testing') ||
    place.rest.includes('test')
  );
}

export const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Package and feature boundaries of docs/remote-layout.md' },
    schema: [],
    messages: {
      otherPackage:
        "'{{source}}' reaches into the {{pkg}} package by path: import it by its name ({{hint}}).",
      privateEntry: "'{{source}}' is not a public entry of @lms/shared: use '@lms/shared'.",
      featureInternals:
        "'{{source}}' reaches into the {{feature}} feature's internals: import it from '{{index}}' (its index.ts).",
      sharedImportsFeature:
        "'{{source}}': code shared by the features ({{folder}}) must not import a feature.",
      testKitInProduct: "'@lms/shared/testing' is the test kit: only tests import it.",
      layerImportsArea:
        "'{{source}}': api/src/{{folder}} must not import an area: areas use it, never the other way.",
      areaImportsApp:
        "'{{source}}': an area imports access/, lib/, db/ and other areas' index.ts only, never {{what}}.",
    },
  },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    const here = locate(path.resolve(filename));
    if (!here) return {};
    const hereFeature = featureOf(here);

    /** Rule 6: reports (and returns true) when an import in api/src runs against the layers. */
    function apiDirection(node, source, target) {
      if (here.pkg !== 'api' || here.rest[0] !== 'src' || target.rest[0] !== 'src') return false;
      const [, hereTop] = here.rest;
      const [, targetTop] = target.rest;
      if (LAYERS_BELOW_AREAS.has(hereTop) && targetTop === 'areas') {
        context.report({ node, messageId: 'layerImportsArea', data: { source, folder: hereTop } });
        return true;
      }
      const insideArea = hereTop === 'areas' && here.rest.length > 3;
      if (!insideArea) return false;
      const what =
        targetTop === 'plugins'
          ? 'plugins/'
          : APP_COMPOSITION.has(targetTop.replace(/\.(ts|js)$/, ''))
            ? `the app's composition (${targetTop.replace(/\.js$/, '.ts')})`
            : targetTop === 'areas' && target.rest.length === 3
              ? "the areas' composition (areas/index.ts)"
              : null;
      if (!what) return false;
      context.report({ node, messageId: 'areaImportsApp', data: { source, what } });
      return true;
    }

    function check(node, source) {
      if (typeof source !== 'string') return;
      if (source.startsWith('@lms/shared')) {
        if (!PUBLIC_ENTRIES.has(source)) {
          context.report({ node, messageId: 'privateEntry', data: { source } });
        } else if (source === '@lms/shared/testing' && !isTestFile(here)) {
          context.report({ node, messageId: 'testKitInProduct' });
        }
        return;
      }
      if (!source.startsWith('.')) return;
      const target = locate(path.resolve(path.dirname(filename), source));
      if (!target) return;
      if (target.pkg !== here.pkg) {
        const hint = target.pkg === 'shared' ? '@lms/shared' : 'its package name';
        context.report({
          node,
          messageId: 'otherPackage',
          data: { source, pkg: target.pkg, hint },
        });
        return;
      }
      if (apiDirection(node, source, target)) return;
      const targetFeature = featureOf(target);
      if (!targetFeature) return;
      const [folder] = here.rest.slice(1);
      if (!hereFeature && (folder === 'components' || folder === 'lib')) {
        context.report({
          node,
          messageId: 'sharedImportsFeature',
          data: { source, folder: `src/${folder}` },
        });
        return;
      }
      if (hereFeature && hereFeature.name === targetFeature.name) return;
      if (here.pkg === 'api' && here.rest[0] === 'test') return;
      const { inside } = targetFeature;
      const viaIndex = inside.length === 0 || (inside.length === 1 && INDEX.test(inside[0]));
      if (!viaIndex) {
        context.report({
          node,
          messageId: 'featureInternals',
          data: {
            source,
            feature: targetFeature.name,
            index: `src/${target.pkg === 'api' ? 'areas' : 'features'}/${targetFeature.name}`,
          },
        });
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { boundaries } };
