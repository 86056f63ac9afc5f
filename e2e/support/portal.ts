import {
  expect,
  type Browser,
  type ConsoleMessage,
  type Page,
  type Request,
  type Response,
} from '@playwright/test';

export interface Account {
  login: string;
  password: string;
}

/** Demo accounts of the seed (README). newstudent is only used by the forced-change test. */
export const STUDENT: Account = { login: 'student', password: 'Student1' };
export const TEACHER: Account = { login: 'teacher', password: 'Teacher1' };
/** Staff of the registrar's office (registrarPerms): the single window's queue. */
export const REGISTRAR: Account = { login: 'registrar', password: 'Registrar1' };
export const NEW_STUDENT: Account = { login: 'newstudent', password: '12345' };

/** The authenticated shell's grid (desktop or mobile), present once the session is known. */
export const shellGrid = (page: Page) => page.locator('[data-layout]');

/** The root element of a remote's exposed module (each carries data-remote="<name>"). */
export const remoteRoot = (page: Page, remote: string) => page.locator(`[data-remote="${remote}"]`);

/** Fills and submits the portal's login form (Russian interface). */
export async function submitLogin(page: Page, { login, password }: Account): Promise<void> {
  await page.goto('/lms/login');
  await page.getByLabel('Логин', { exact: true }).fill(login);
  // exact: the show/hide toggle's label ('Показать пароль') contains the word too.
  await page.getByLabel('Пароль', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
}

/**
 * What the page went through, for the message of a sign-in that did not arrive: the answers of
 * the API, the requests that failed, the console's errors. Stops listening when called.
 */
function watchPage(page: Page): () => string[] {
  const seen: string[] = [];
  const onResponse = (response: Response) => {
    if (response.url().includes('/api/')) seen.push(`${response.status()} ${response.url()}`);
  };
  const onFailed = (request: Request) =>
    seen.push(`failed ${request.url()}: ${request.failure()?.errorText ?? ''}`);
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error') seen.push(`console: ${message.text()}`);
  };
  page.on('response', onResponse);
  page.on('requestfailed', onFailed);
  page.on('console', onConsole);
  return () => {
    page.off('response', onResponse);
    page.off('requestfailed', onFailed);
    page.off('console', onConsole);
    return seen;
  };
}

/** The login screen as it stands: which copy (static or the app's), its message, its state. */
async function loginScreenState(page: Page): Promise<string> {
  return page
    .evaluate(() => {
      const html = document.documentElement;
      const form = document.querySelector('form');
      return JSON.stringify({
        url: location.href,
        prerendered: html.getAttribute('data-prerendered'),
        staticScreen: Boolean(document.getElementById('lms-login-static')),
        formBusy: form?.getAttribute('aria-busy') ?? null,
        heldSubmit: form?.hasAttribute('data-submitted') ?? null,
        alerts: [...document.querySelectorAll('[role="alert"]')].map((a) => a.textContent),
        root: document.getElementById('root')?.innerText.slice(0, 300) ?? null,
      });
    })
    .catch((error: unknown) => `(page state unavailable: ${String(error)})`);
}

/** Logs in through the UI and waits for the shell at /lms. */
export async function loginAs(page: Page, account: Account): Promise<void> {
  const stopWatching = watchPage(page);
  try {
    await submitLogin(page, account);
    await expect(page).toHaveURL(/\/lms\/?$/);
    stopWatching();
  } catch (error) {
    // Said in CI's log: a sign-in that stays on the login page has several possible causes.
    const state = await loginScreenState(page);
    const seen = stopWatching();
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}\n` +
        `sign-in as ${account.login} did not reach /lms\nscreen: ${state}\n${seen.join('\n')}`,
    );
  }
  await expect(shellGrid(page)).toBeVisible();
}

/**
 * A browser of its own (a viewport, the portal's language as the language switch writes it),
 * signed in through the UI: one person's journey.
 */
export async function signedInPage(
  browser: Browser,
  account: Account,
  {
    viewport,
    lang,
  }: { viewport?: { width: number; height: number }; lang?: 'kg' | 'ru' | 'en' } = {},
): Promise<Page> {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  await loginAs(page, account);
  if (lang)
    await context.addCookies([{ name: 'lang', value: lang, url: new URL(page.url()).origin }]);
  return page;
}

/** A promise and the function that settles it. */
function signal(): { promise: Promise<void>; settle: () => void } {
  let settle: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

/**
 * Holds the page's first request to `url` until `release` is called, then answers it as `answer`
 * says: with the server's real answer, fetched when the request was sent (so it is the answer
 * of that moment: the language, the session), or cut off as a lost network would. `sent`
 * resolves once the request has gone out, `answered` once the page has its answer. For the
 * slow phone whose answer comes back after the user has moved on.
 */
export async function holdFirstRequest(
  page: Page,
  url: string,
  answer: 'server' | 'network lost',
): Promise<{ sent: Promise<void>; release: () => void; answered: Promise<void> }> {
  const sent = signal();
  const held = signal();
  const answered = signal();
  await page.route(
    url,
    async (route) => {
      const response = answer === 'server' ? await route.fetch() : null;
      sent.settle();
      await held.promise;
      if (response) await route.fulfill({ response });
      else await route.abort('internetdisconnected');
      answered.settle();
    },
    { times: 1 },
  );
  return { sent: sent.promise, release: held.settle, answered: answered.promise };
}

/** The shell's files; the boot script among them shows the prerendered login screen. */
const SHELL_FILES = '**/lms/public/shell/**';
const isBootScript = (url: string) => /\/boot\.[0-9a-f]+\.js$/.test(url);

/**
 * Keeps the app's scripts away, so the login screen prerendered in the page (and its boot script)
 * is all there is, as on a slow phone: 'held' until `letIn` (they then arrive), or 'cut off'
 * (`letIn` lets the next page load have them). Held scripts delay the load event: navigate with
 * `waitUntil: 'commit'`.
 */
export async function keepTheAppAway(
  page: Page,
  how: 'held' | 'cut off',
): Promise<{ letIn: () => Promise<void> }> {
  const held = signal();
  await page.route(SHELL_FILES, async (route) => {
    if (isBootScript(route.request().url())) return route.continue();
    if (how === 'cut off') return route.abort();
    await held.promise;
    return route.continue();
  });
  return {
    letIn: async () => {
      // Held ones go on through the route (unrouting would race their handlers).
      if (how === 'held') held.settle();
      else await page.unroute(SHELL_FILES);
    },
  };
}

/** The session check the app sends as it loads (before anyone signed in), held. */
export const holdFirstSessionCheck = (page: Page, answer: 'server' | 'network lost') =>
  holdFirstRequest(page, '**/api/auth/enticate.json', answer);
