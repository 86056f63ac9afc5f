import { expect, test } from '@playwright/test';
import { TEACHER, loginAs } from '../support/portal';

// A signed-in page names the registry and its area's remote files in its head
// (api/src/areas/portal/route-preload.ts): the browser fetches each once, the shell's own requests
// take the preloaded copies, and nothing in the console says a preload went unused.
test("a teacher's deep link to the journal fetches the registry and the journal's code once each", async ({
  page,
}) => {
  await loginAs(page, TEACHER);
  const requests: string[] = [];
  const warnings: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  await page.goto('/lms/journal');
  const journal = page.getByRole('main').locator('[data-remote="journal"]');
  await expect(journal.getByRole('heading', { name: 'Журнал занятий' })).toBeVisible();

  const hinted = await page
    .locator('head link[rel="preload"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  expect(hinted).toContain('/lms/remotes.json');
  expect(hinted).toContain('/lms/public/journal/remoteEntry.js');
  // Every hinted script was fetched exactly once (the preload, taken by the runtime's script tag).
  for (const path of hinted.filter((hint) => hint.endsWith('.js'))) {
    expect(
      requests.filter((request) => request === path),
      path,
    ).toHaveLength(1);
  }
  expect(requests.filter((request) => request === '/lms/remotes.json')).toHaveLength(1);
  expect(warnings.filter((text) => /preload/i.test(text))).toEqual([]);
});
