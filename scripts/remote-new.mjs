#!/usr/bin/env node
// Scaffolds a new remote from the kit, ready to build, test and deploy as generated:
//   node scripts/remote-new.mjs <name> [--dir <folder>] [--roles teacher,student]
//        [--icon <apps pane icon>] [--kg <label>] [--ru <label>] [--en <label>]
// It writes webpack.config.js (through tools/webpack/create-config.cjs), module.json (the
// module the registry gets), the locales kg/ru/en, a feature folder as docs/remote-layout.md
// lays out, a jest test, and a standalone page (npm start in the folder). The folder is not a
// workspace: it builds against the portal's installed kit and shared packages.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const REMOTE_NAME = /^[a-z][a-z0-9-]{0,39}$/;
const ROLES = ['teacher', 'student', 'registrar'];
/** Singletons every remote shares with the shell (tools/webpack/create-config.cjs SINGLETONS). */
const SHARED = [
  '@tanstack/react-query',
  'axios',
  'i18next',
  'jotai',
  'react',
  'react-dom',
  'react-i18next',
  'react-router-dom',
];

function fail(message) {
  console.error(`error: ${message}`);
  process.exit(1);
}

function option(args, name) {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
}

const json = (value) => `${JSON.stringify(value, null, 2)}\n`;
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

const [name, ...args] = process.argv.slice(2);
if (!REMOTE_NAME.test(name ?? '')) {
  fail(
    'usage: remote:new -- <name> [--dir folder] [--roles teacher,student] [--icon name] ' +
      '[--kg label] [--ru label] [--en label]   (name: lowercase letters, digits and -)',
  );
}
const dir = resolve(option(args, '--dir') ?? join(root, 'remotes', name));
if (existsSync(join(dir, 'package.json'))) fail(`${dir} already holds a remote`);
const roles = (option(args, '--roles') ?? 'teacher,student').split(',').filter(Boolean);
if (roles.length === 0 || roles.some((role) => !ROLES.includes(role))) {
  fail(`--roles: a comma-separated list of ${ROLES.join(', ')}`);
}
const capitalized = name.charAt(0).toUpperCase() + name.slice(1);
const labels = Object.fromEntries(
  ['kg', 'ru', 'en'].map((lng) => [lng, option(args, `--${lng}`) ?? capitalized]),
);
const icon = option(args, '--icon') ?? name;

/** A path from the new folder to the repository (for the kit's tools and configs). */
const toRoot = relative(dir, root).split('\\').join('/') || '.';
const kit = readJson(join(root, 'shared', 'package.json'));
const shell = readJson(join(root, 'shell', 'package.json'));
const dependencies = {
  '@lms/shared': `^${kit.version}`,
  ...Object.fromEntries(SHARED.map((pkg) => [pkg, shell.dependencies[pkg]])),
};
const missing = SHARED.filter((pkg) => !dependencies[pkg]);
if (missing.length > 0) fail(`the shell does not depend on ${missing.join(', ')}`);

const greeting = {
  kg: 'Саламатсызбы, {{name}}!',
  ru: 'Здравствуйте, {{name}}!',
  en: 'Hello, {{name}}!',
};
const version = { kg: 'Версиясы {{version}}', ru: 'Версия {{version}}', en: 'Version {{version}}' };

const files = {
  'package.json': json({
    name: `${name}-remote`,
    version: '1.0.0',
    private: true,
    description: `The ${name} module of the portal: a remote built with the kit (npm run remote:new).`,
    scripts: {
      build: 'webpack --mode production',
      start: 'webpack serve --mode development',
      test: 'jest -c jest.config.cjs',
      typecheck: 'tsc -p tsconfig.json --noEmit',
    },
    dependencies,
  }),
  'module.json': json({
    modules: [{ key: name, module: './App', routes: [name], labels, roles, tile: { icon } }],
  }),
  'webpack.config.js': `const { createConfig } = require('${toRoot}/tools/webpack/create-config.cjs');

// The portal's one federation factory: shared singletons, the kit version this build needs,
// module.json and the locales copied into the build.
module.exports = createConfig({
  dir: __dirname,
  name: '${name}',
  exposes: { './App': './src/exposed/App.tsx' },
  port: 3099,
  title: '${capitalized} | portal (standalone)',
  // Built, it runs inside the portal on the shell's react, kit, ...; the standalone page
  // (npm start) has its own copies.
  sharedFallbacks: 'development',
  // Its first screen's JavaScript (entry and exposed module, gzip): a build over it fails.
  sizeBudgetKb: 20,
});
`,
  'tsconfig.json': json({
    extends: `${toRoot}/tsconfig.base.json`,
    compilerOptions: { types: ['jest', 'node', '@testing-library/jest-dom'], noEmit: true },
    include: ['src', `${toRoot}/tools/types`],
  }),
  'jest.config.cjs': `const path = require('node:path');

// The portal's browser test setup (jest.config.cjs of the repository), for this folder.
const root = path.resolve(__dirname, '${toRoot}');
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
  setupFiles: [path.join(root, 'tools/jest/setup-globals.cjs')],
  setupFilesAfterEnv: [path.join(root, 'tools/jest/setup-dom.cjs')],
  transform: {
    '^.+\\\\.tsx?$': ['ts-jest', { tsconfig: path.join(root, 'tsconfig.test.json') }],
  },
  moduleNameMapper: {
    '^@lms/shared$': path.join(root, 'shared/src/index.ts'),
    '^@lms/shared/contract$': path.join(root, 'shared/src/contract/index.ts'),
    '^@lms/shared/testing$': path.join(root, 'shared/src/testing/index.ts'),
    '\\\\.css$': path.join(root, 'tools/jest/css-module.cjs'),
    '\\\\.(png|svg|jpg)$': path.join(root, 'tools/jest/file-stub.cjs'),
    '^(\\\\.{1,2}/.*)\\\\.js$': '$1',
  },
};
`,
  'src/index.ts': `// Async boundary: the shared singletons (react, @lms/shared, ...) are negotiated before any of them runs.
import('./bootstrap');
`,
  'src/bootstrap.tsx': `import { mountStandalone } from '@lms/shared';
import App from './exposed/App';

// Standalone QA page (npm start): the module alone, signed in against the portal's API.
mountStandalone({
  remote: '${name}',
  areas: [{ path: '/lms/${name}', labelKey: 'title' }],
  children: <App />,
});
`,
  'src/i18n.ts': `import { registerNamespace } from '@lms/shared';
import en from './locales/en/${name}.json';
import kg from './locales/kg/${name}.json';
import ru from './locales/ru/${name}.json';

/** The remote's one i18n namespace, named after the remote: nothing goes into the shell's files. */
export const NAMESPACE = '${name}';

registerNamespace(NAMESPACE, { kg, ru, en });
`,
  'src/i18n.test.ts': `import { describeNamespace } from '@lms/shared/testing';
import { NAMESPACE } from './i18n';

describeNamespace(NAMESPACE);
`,
  ...Object.fromEntries(
    ['kg', 'ru', 'en'].map((lng) => [
      `src/locales/${lng}/${name}.json`,
      json({ title: labels[lng], greeting: greeting[lng], version: version[lng] }),
    ]),
  ),
  'src/exposed/App.tsx': `import '../i18n';
import { Overview } from '../features/overview';

/** The ${name} area, /lms/${name}: what the shell loads. */
export default function App() {
  return <Overview />;
}
`,
  'src/features/overview/index.ts': `export { Overview } from './components/Overview';
`,
  'src/features/overview/components/Overview.tsx': `import { useTranslation } from 'react-i18next';
import { PageFrame, useSession } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';

/** The module's first page: its title, the signed-in user and the release it runs. */
export function Overview() {
  const { t } = useTranslation(NAMESPACE);
  const { user } = useSession();
  return (
    <PageFrame remote="${name}" version={__APP_VERSION__} title={t('title')}>
      <p>{t('greeting', { name: user?.fullName ?? '' })}</p>
      <p>{t('version', { version: __APP_VERSION__ })}</p>
    </PageFrame>
  );
}
`,
  'src/features/overview/components/Overview.test.tsx': `import { screen } from '@testing-library/react';
import { renderInPortal, signInForEachTest, testTeacher } from '@lms/shared/testing';
import App from '../../../exposed/App';

signInForEachTest(testTeacher);

describe('${name}', () => {
  it('shows its title and greets the signed-in user', async () => {
    renderInPortal(<App />, '/lms/${name}');
    expect(await screen.findByRole('heading', { name: ${JSON.stringify(labels.ru)} })).toBeVisible();
    expect(screen.getByText(new RegExp(testTeacher.fullName))).toBeVisible();
  });
});
`,
};

// Written in the repository's code style (its prettier config), as any file of it.
const prettier = await import('prettier').catch(() => null);
for (const [file, content] of Object.entries(files)) {
  const path = join(dir, file);
  mkdirSync(dirname(path), { recursive: true });
  const config = prettier ? await prettier.resolveConfig(path) : null;
  writeFileSync(
    path,
    prettier ? await prettier.format(content, { ...config, filepath: path }) : content,
  );
}
const shown = relative(process.cwd(), dir) || '.';
console.log(`${name}: a new remote in ${shown}. Next:`);
console.log(`  cd ${shown} && npm test && APP_VERSION=1.0.0 npm run build`);
console.log(
  `  LMS_DATA_DIR=<the API's data folder> npm run remote:deploy -- ${name} --version 1.0.0 --from ${shown}/dist --canary 10`,
);
