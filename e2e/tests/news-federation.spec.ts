import { expect, test, type Response } from '@playwright/test';
import { STUDENT, loginAs, remoteRoot } from '../support/portal';

/** Strings found only in the react-dom client build and in the @lms/shared build. */
const MARKERS = { 'react-dom': '__reactContainer$', '@lms/shared': 'lms-ui-file-icon' } as const;

test('react-dom and @lms/shared are fetched once across the shell and the news remote', async ({
  page,
}) => {
  const scripts: Promise<{ url: string; body: string }>[] = [];
  page.on('response', (response: Response) => {
    const url = response.url();
    if (/\/lms\/(public|deploy)\/.+\.js$/.test(url) && response.ok()) {
      // A response still arriving when the page closes (the login page prefetches home) has no
      // body to read; the ones counted below have all arrived.
      scripts.push(
        response.text().then(
          (body) => ({ url, body }),
          () => ({ url, body: '' }),
        ),
      );
    }
  });
  await loginAs(page, STUDENT);
  await expect(remoteRoot(page, 'news').getByRole('article').first()).toBeVisible();
  const loaded = await Promise.all(scripts);
  // The news remote did load its own code...
  expect(loaded.some(({ url }) => url.includes('/lms/public/news/'))).toBe(true);
  // ...but took the singletons from the shell: one file each, not one per app (the login page
  // fetches the shell's files ahead and runs them at the first key: the same file twice).
  for (const [name, marker] of Object.entries(MARKERS)) {
    const carriers = loaded.filter(({ body }) => body.includes(marker)).map(({ url }) => url);
    expect(new Set(carriers), name).toHaveProperty('size', 1);
  }
});

test('the news remote’s styles cannot restyle the shell', async ({ page }) => {
  await loginAs(page, STUDENT);
  // Open a page without news first (a full load), so its styles are not in the document yet.
  await page.goto('/lms/chat');
  await expect(page.getByRole('main').locator('[data-remote="chat"]').first()).toBeVisible();
  const newsStyles = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll('style'))
        .filter((style) => (style.textContent ?? '').includes('.news__'))
        .flatMap((style) => Array.from(style.sheet?.cssRules ?? []))
        .filter((rule): rule is CSSStyleRule => rule instanceof CSSStyleRule)
        .map((rule) => rule.selectorText),
    );
  expect(await newsStyles()).toEqual([]);

  // Computed styles of shell elements on every side of the news pane.
  const shellStyles = () =>
    page.evaluate(() => {
      const picked = [
        document.querySelector('header'),
        document.querySelector('nav a'),
        document.querySelector('nav'),
        document.querySelector('h1, h2'),
        document.querySelector('button'),
        document.body,
      ].filter((node): node is Element => node !== null && !node.closest('[data-remote]'));
      return picked.map((node) => {
        const style = getComputedStyle(node);
        return [
          'color',
          'background-color',
          'font-size',
          'font-weight',
          'padding',
          'margin',
          'border',
          'display',
          'gap',
        ].map((property) => style.getPropertyValue(property));
      });
    });
  const before = await shellStyles();
  expect(before.length).toBeGreaterThanOrEqual(4);

  // Client-side navigation to the news page: the news remote loads and injects its CSS.
  await page.getByRole('navigation').getByRole('link', { name: 'Новости' }).first().click();
  await expect(
    page.getByRole('main').locator('[data-remote="news"] article').first(),
  ).toBeVisible();
  const selectors = await newsStyles();
  expect(selectors.length).toBeGreaterThan(10);
  // Every rule of the remote is scoped by its prefixed class names...
  for (const selector of selectors) {
    for (const part of selector.split(',')) expect(part.trim()).toMatch(/^\.news__/);
  }
  // ...so the shell looks exactly as before.
  expect(await shellStyles()).toEqual(before);
});
