import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { Audience } from '../support/a11y';
import { REGISTRAR, STUDENT, TEACHER, loginAs, type Account } from '../support/portal';
import { BASE_URL, REPO_ROOT } from '../support/server';
import { DOCUMENTED_SCREENS } from './screens';

// `npm run manual:shots`: each documented screen as each of its roles sees it, at 375 and 1280 px,
// in kg, ru and en, from the real portal. The pictures go into the manual's assets and
// shots/index.ts is written again to list them (the manual shows only the pictures it lists).
// MANUAL_SHOTS_ONLY=journal,schedule takes only those sections.

const SHOTS_DIR = path.join(REPO_ROOT, 'mfe-manual', 'src', 'features', 'manual', 'shots');
const LANGUAGES = ['kg', 'ru', 'en'] as const;
const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
] as const;
const ACCOUNTS: Record<Audience, Account> = {
  student: STUDENT,
  teacher: TEACHER,
  registrar: REGISTRAR,
};
const only = process.env.MANUAL_SHOTS_ONLY?.split(',').filter(Boolean);

/** The screen is shown: a heading in the content and nothing on it loading. */
async function shown(page: Page): Promise<void> {
  const content = page.locator('[data-layout] main');
  await expect(content.getByRole('heading').first()).toBeVisible();
  await expect(content.locator('[aria-busy="true"], .lms-ui-loading')).toHaveCount(0);
}

/**
 * shots/index.ts listing every picture in the folder (an import each, so the build hashes and
 * serves them), those of an earlier run of other sections too.
 */
function writeIndex(): string[] {
  const keys = LANGUAGES.flatMap((language) => {
    const folder = path.join(SHOTS_DIR, language);
    mkdirSync(folder, { recursive: true });
    return readdirSync(folder)
      .filter((file) => file.endsWith('.png'))
      .map((file) => `${language}/${file.slice(0, -'.png'.length)}`);
  }).sort();
  const name = (key: string) => `shot_${key.replace(/[^a-z0-9]/gi, '_')}`;
  const lines = [
    '/**',
    " * The manual's screenshots, written by `npm run manual:shots` (e2e/manual-shots): a screen as",
    ' * one role sees it, at 375 and 1280 px, in each language. Each key is',
    " * `<language>/<section>-<reader>-<width>`; the value is the image's address in the build. The",
    ' * images are not committed: without them this map is empty and the manual shows no screenshot.',
    ' */',
    ...keys.map((key) => `import ${name(key)} from './${key}.png';`),
    '',
    'export const SHOTS: Readonly<Record<string, string>> = {',
    ...keys.map((key) => `  '${key}': ${name(key)},`),
    '};',
    '',
  ];
  writeFileSync(path.join(SHOTS_DIR, 'index.ts'), lines.join('\n'));
  return keys;
}

test('the manual’s screenshots', async ({ browser }) => {
  const taken: string[] = [];
  for (const reader of ['student', 'teacher', 'registrar'] as const) {
    const screens = DOCUMENTED_SCREENS.filter(
      (screen) => screen.reader === reader && (!only || only.includes(screen.section)),
    );
    if (screens.length === 0) continue;
    const context = await browser.newContext({ viewport: WIDTHS[1] });
    const page = await context.newPage();
    await loginAs(page, ACCOUNTS[reader]);
    for (const language of LANGUAGES) {
      await context.addCookies([{ name: 'lang', value: language, url: BASE_URL }]);
      for (const screen of screens) {
        for (const viewport of WIDTHS) {
          await page.setViewportSize(viewport);
          await page.goto(screen.path);
          await shown(page);
          const key = `${language}/${screen.section}-${reader}-${viewport.width}`;
          mkdirSync(path.join(SHOTS_DIR, language), { recursive: true });
          await page.screenshot({
            path: path.join(SHOTS_DIR, `${key}.png`),
            animations: 'disabled',
          });
          taken.push(key);
        }
      }
    }
    await context.close();
  }
  expect(taken.length).toBeGreaterThan(0);
  expect(writeIndex()).toEqual(expect.arrayContaining(taken));
});
