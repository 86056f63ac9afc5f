import { expect, test, type Page } from '@playwright/test';
import { STUDENT, loginAs } from '../support/portal';

const main = (page: Page) => page.getByRole('main');

/** The lists of tiles the user can see. */
const visibleTileLists = (page: Page) =>
  page.getByRole('list', { name: 'Доступные разделы' }).locator('visible=true');

test.describe('at a desk', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the applications page shows each tile once: no apps pane beside it', async ({ page }) => {
    await loginAs(page, STUDENT);
    // At home the apps pane stands beside the news.
    await expect(visibleTileLists(page)).toHaveCount(1);

    await page.goto('/lms/apps');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Приложения' })).toBeVisible();
    await expect(visibleTileLists(page)).toHaveCount(1);
    // Every tile on screen is the page's own: none twice.
    const tiles = page.getByRole('list', { name: 'Доступные разделы' }).getByRole('link');
    const ownTiles = await main(page)
      .getByRole('list', { name: 'Доступные разделы' })
      .getByRole('link')
      .allInnerTexts();
    expect(ownTiles.length).toBeGreaterThan(5);
    expect((await tiles.filter({ visible: true }).allInnerTexts()).sort()).toEqual(ownTiles.sort());
    // The tiles take the freed column: the page reaches the right edge of the grid.
    const content = await main(page).boundingBox();
    expect((content?.x ?? 0) + (content?.width ?? 0)).toBeGreaterThan(1280 - 48);
  });
});
