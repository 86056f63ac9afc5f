import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_MODULES } from 'api/portal-modules';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { BASE_URL, PORT } from './server';
import { REGISTRAR, STUDENT, TEACHER, loginAs, type Account } from './portal';

/**
 * Every main screen of the portal, for each role, in light and dark, at a desk (1280×800) and on
 * a phone (375×812), in one of the three languages, has no WCAG 2.1 A/AA violation that axe-core
 * can find. The screens come from
 * the portal's own module descriptions (the registry the server writes on first start), so a new
 * module's screens are checked without anyone adding them here.
 */

export type Audience = 'student' | 'teacher' | 'registrar';

const ROLES: Record<
  Audience,
  { account: Account; audiences: readonly string[]; firstLanguage: number }
> = {
  student: { account: STUDENT, audiences: ['student'], firstLanguage: 0 },
  teacher: { account: TEACHER, audiences: ['teacher'], firstLanguage: 1 },
  // Staff with the registrar permission get the registrar's modules (the queue, the news).
  registrar: { account: REGISTRAR, audiences: ['registrar'], firstLanguage: 2 },
};

/**
 * The screens take the portal's three languages in turn (each role starting with another), so
 * every language is checked for every role and across the screens, at no more page loads.
 */
const LANGUAGES = ['ru', 'kg', 'en'] as const;

/** The shell's own screens, then each module's routes the role may open. */
function screensOf(audiences: readonly string[]): string[] {
  const modules = Object.values(DEFAULT_MODULES).flat();
  const routes = modules
    .filter((module) => module.roles.some((role) => audiences.includes(role)))
    .flatMap((module) => module.routes);
  return ['', 'apps', 'profile', ...routes].map((route) => `/lms/${route}`.replace(/\/$/, ''));
}

const SESSIONS = path.join(os.tmpdir(), `lms-e2e-a11y-${PORT}`);
const sessionFile = (role: Audience) => path.join(SESSIONS, `${role}.json`);

async function signIn(browser: Browser, role: Audience, account: Account): Promise<void> {
  mkdirSync(SESSIONS, { recursive: true });
  const context = await browser.newContext({ storageState: undefined });
  const page = await context.newPage();
  await loginAs(page, account);
  await context.storageState({ path: sessionFile(role) });
  await context.close();
}

/**
 * The screen is shown: a heading is there in the panes on show (on a phone home and /lms/apps
 * show the apps pane, not the content) and nothing on show says it is loading.
 */
async function screenShown(page: Page): Promise<void> {
  const shown = page.locator('[data-layout] > :is(main, section):not([hidden])');
  await expect(shown.getByRole('heading').first()).toBeVisible();
  await expect(shown.locator('[aria-busy="true"], .lms-ui-loading')).toHaveCount(0);
}

/**
 * axe on the page as it stands, at a desk and on a phone, light and dark. `ready` waits for what
 * the user waits for after each change (by default: a heading shown and nothing loading);
 * `include` limits the check to one part of the page (a CSS selector).
 */
export async function checkEveryWay(
  page: Page,
  label: string,
  {
    ready = () => screenShown(page),
    include,
  }: { ready?: () => Promise<void>; include?: string } = {},
): Promise<void> {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ]) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
      await ready();
      await expectNoAxeViolations(
        page,
        `${label} at ${viewport.width} px, ${colorScheme}`,
        include,
      );
    }
  }
}

/**
 * One test per screen the role can open (its own page load), each checked in light and dark at
 * both widths. The role signs in once, before its screens.
 */
export function checkScreensOf(role: Audience): void {
  const { account, audiences, firstLanguage } = ROLES[role];
  test.describe.configure({ timeout: 90_000 });
  test.describe(`as a ${role}`, () => {
    test.beforeAll(async ({ browser }) => signIn(browser, role, account));
    test.use({ storageState: sessionFile(role) });

    screensOf(audiences).forEach((screen, index) => {
      const lang = LANGUAGES[(index + firstLanguage) % LANGUAGES.length]!;
      test(`${screen} in ${lang} has no accessibility violations`, async ({ page }) => {
        // The language the switch would write: the portal reads the cookie on load.
        await page.context().addCookies([{ name: 'lang', value: lang, url: BASE_URL }]);
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.goto(screen);
        await expect(page.locator('html')).toHaveAttribute('lang', lang === 'kg' ? 'ky' : lang);
        await checkEveryWay(page, `${screen} (${lang})`);
      });
    });
  });
}
