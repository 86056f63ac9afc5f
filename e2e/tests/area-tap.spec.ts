import { expect, test } from '@playwright/test';
import { STUDENT, loginAs } from '../support/portal';

// A tap on an area's tile on a phone: the area's code is asked for from the tap
// (shell/src/app/prefetchHome.ts useAreaOnTap), and its first requests, asked for while its screen
// renders (shared/src/data/queryClient.ts), go out once each, not again when the screen mounts.
test.use({ viewport: { width: 375, height: 740 } });

test('a student taps the library tile on a phone: its list shows, each first request made once', async ({
  page,
}) => {
  await loginAs(page, STUDENT);
  await page.goto('/lms/apps');
  const tile = page.locator('ul[aria-label] a[href="/lms/library"]').locator('visible=true');
  await expect(tile).toBeVisible();
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.includes('/api/library/')) asked.push(pathname);
  });
  await tile.click();
  const library = page.getByRole('main').locator('[data-remote="library"]');
  await expect(library.getByRole('heading', { name: 'Электронная библиотека' })).toBeVisible();
  // The student sees the books: the table's rows, drawn in full.
  await expect(library.getByRole('table')).not.toHaveAttribute('aria-busy', 'true');
  await expect(library.getByRole('row').nth(1)).toBeVisible();
  const count = (path: string) => asked.filter((item) => item.endsWith(path)).length;
  for (const call of ['basebookcategories.json', 'bookcategories.json', 'getbooklist.json']) {
    expect(count(`/api/library/${call}`), call).toBe(1);
  }
});
