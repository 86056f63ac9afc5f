import { expect, test, type Locator, type Page } from '@playwright/test';
import { STUDENT, TEACHER, loginAs, type Account } from '../support/portal';

/**
 * The e-library and the teaching materials (UMK) give each row's title and file room: on a phone
 * every book or material is a card whose title and file link are inside the screen, with nothing
 * to scroll sideways; at a desk every column of the list is in view.
 */

const SCREENS = [
  {
    path: '/lms/library',
    heading: 'Электронная библиотека',
    table: 'Книги',
    columns: [
      'Название',
      'Файл',
      'Подкатегория',
      'Аннотация',
      'Страниц',
      'Добавлено',
      'Скачиваний',
    ],
  },
  {
    path: '/lms/umk',
    heading: 'Учебно-методические материалы',
    table: 'Материалы',
    columns: [
      'Название',
      'Тип',
      'Файл',
      'Сведения',
      'Описание',
      'Страниц',
      'Добавлено',
      'Скачиваний',
    ],
  },
] as const;

const ROLES: ReadonlyArray<readonly [string, Account]> = [
  ['student', STUDENT],
  ['teacher', TEACHER],
];

/** Opens the screen and waits for its list, as a user waits for the rows to appear. */
async function openList(page: Page, screen: (typeof SCREENS)[number]): Promise<Locator> {
  await page.goto(screen.path);
  const root = page.getByRole('main').locator('[data-remote="library"]');
  await expect(root.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
  await expect(root).toHaveAttribute('data-width', 'wide');
  const table = root.getByRole('table', { name: screen.table });
  await expect(table.getByRole('rowheader').first()).toBeVisible();
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  return table;
}

/** The horizontal extent of each row's title and file link, and whether the page scrolls sideways. */
async function measureRows(page: Page, table: Locator) {
  return table.evaluate((element) => {
    const extent = (node: Element | null) => {
      if (!node) return null;
      const box = node.getBoundingClientRect();
      return { left: Math.round(box.left), right: Math.round(box.right), width: box.width };
    };
    const rows = [...element.querySelectorAll('tbody tr')].map((row) => ({
      title: row.querySelector('th')?.textContent?.trim() ?? '',
      titleBox: extent(row.querySelector('th')),
      link: extent(row.querySelector('a[href*="download.file"]')),
    }));
    const html = document.documentElement;
    return { rows, overflow: html.scrollWidth - html.clientWidth, viewport: html.clientWidth };
  });
}

test.describe('on a phone (375×812)', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  for (const [role, account] of ROLES) {
    for (const screen of SCREENS) {
      test(`the ${role} sees each row's title and file inside the screen at ${screen.path}`, async ({
        page,
      }) => {
        await loginAs(page, account);
        const table = await openList(page, screen);
        const { rows, overflow, viewport } = await measureRows(page, table);
        expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
        expect(rows.length).toBeGreaterThan(0);
        for (const row of rows) {
          expect(row.titleBox, `${row.title}: the title`).not.toBeNull();
          expect(row.link, `${row.title}: the file link`).not.toBeNull();
          for (const [what, box] of [
            ['title', row.titleBox],
            ['file link', row.link],
          ] as const) {
            expect(box!.width, `${row.title}: ${what} shown`).toBeGreaterThan(0);
            expect(box!.left, `${row.title}: ${what} starts on screen`).toBeGreaterThanOrEqual(0);
            expect(box!.right, `${row.title}: ${what} ends on screen`).toBeLessThanOrEqual(
              viewport,
            );
          }
        }
        // The first file link is usable where it stands: a tap target, named by what it shows.
        const link = table.locator('a[href*="download.file"]').first();
        await expect(link).toBeVisible();
        const box = await link.boundingBox();
        expect(box!.height).toBeGreaterThanOrEqual(24);
        const shown = (await link.locator('span').nth(1).textContent()) ?? '';
        await expect(link).toHaveAccessibleName(new RegExp(`^${escapeRegExp(shown)}`));
      });
    }
  }
});

test.describe('at a desk (1280×800)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const [role, account] of ROLES) {
    for (const screen of SCREENS) {
      test(`the ${role} sees every column of ${screen.path}`, async ({ page }) => {
        await loginAs(page, account);
        const table = await openList(page, screen);
        // The teacher's rows have their own edit and delete.
        const columns = [...screen.columns, ...(role === 'teacher' ? ['Действия'] : [])];
        await expect(table.getByRole('columnheader')).toHaveText(columns);
        for (const name of columns) {
          await expect(
            table.getByRole('columnheader', { name, exact: true }),
            `${name} in view`,
          ).toBeInViewport({
            ratio: 1,
          });
        }
        // Nothing hides to the right: the table fits its box and no hint says there is more.
        const region = page.getByRole('region', { name: screen.table, exact: true });
        const hidden = await region.evaluate((box) => box.scrollWidth - box.clientWidth);
        expect(hidden).toBeLessThanOrEqual(0);
        await expect(page.getByText('Справа есть ещё столбцы')).toHaveCount(0);
      });
    }
  }
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
