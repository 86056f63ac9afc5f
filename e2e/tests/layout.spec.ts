import { expect, test, type Page } from '@playwright/test';
import { REGISTRAR, STUDENT, TEACHER, loginAs, shellGrid } from '../support/portal';

/** The bottom tab a phone user sees selected, or null when none is. */
async function selectedTab(page: Page): Promise<string | null> {
  const selected = page.getByRole('tablist').getByRole('tab', { selected: true });
  return (await selected.count()) === 0 ? null : (await selected.innerText()).trim();
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test("the selected bottom tab says where the user is: an application's screen is under the applications", async ({
    page,
  }) => {
    await loginAs(page, STUDENT);
    const tabs = page.getByRole('tablist');
    await page
      .getByRole('tabpanel', { name: 'Приложения' })
      .getByRole('link', { name: 'Транскрипт' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Транскрипт' })).toBeVisible();
    expect(await selectedTab(page)).toBe('Приложения');

    // The news tab leads home to the news, not to the screen left open.
    await tabs.getByRole('tab', { name: 'Новости' }).click();
    await expect(page).toHaveURL(/\/lms$/);
    await expect(page.getByRole('main').locator('[data-remote="news"]')).toBeVisible();
    expect(await selectedTab(page)).toBe('Новости');

    // A screen of the profile menu stands under no tab.
    await page
      .getByRole('button', { name: /профил/i })
      .first()
      .click();
    // The menu's controls, and the way home, are 40 px high at least: a thumb taps them.
    const controls = [
      page.getByRole('banner').getByRole('link').first(),
      page.getByRole('switch', { name: 'Тёмная тема' }),
      ...(await page.getByRole('group', { name: 'Язык интерфейса' }).getByRole('button').all()),
    ];
    expect(controls).toHaveLength(5);
    for (const control of controls) {
      await expect(control).toBeVisible();
      expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(40);
    }
    await page.getByRole('link', { name: 'Профиль' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Профиль' })).toBeVisible();
    // The password's show button too.
    const reveal = await page
      .getByRole('button', { name: 'Показать пароль' })
      .first()
      .boundingBox();
    expect(Math.min(reveal!.width, reveal!.height)).toBeGreaterThanOrEqual(40);
    expect(await selectedTab(page)).toBeNull();
  });
});

test.describe('on a phone, offline', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the banner takes no extra screen and the top bar stays under it', async ({
    page,
    context,
  }) => {
    await loginAs(page, STUDENT);
    await page.getByRole('tablist').getByRole('tab', { name: 'Сообщения' }).click();
    await expect(page.getByRole('heading', { name: 'Контакты' })).toBeVisible();
    await context.setOffline(true);
    const banner = page.getByRole('alert').filter({ hasText: 'Нет сети !!!' });
    await expect(banner).toBeVisible();
    await page.mouse.wheel(0, 2000);
    const bannerBox = await banner.boundingBox();
    const menuBox = await page.locator('[data-layout] > header').boundingBox();
    expect(menuBox?.y).toBeCloseTo((bannerBox?.y ?? 0) + (bannerBox?.height ?? 0), 0);
    const { scrollHeight, innerHeight } = await page.evaluate(() => ({
      scrollHeight: document.documentElement.scrollHeight,
      innerHeight: window.innerHeight,
    }));
    expect(scrollHeight).toBeLessThanOrEqual(innerHeight);
    await context.setOffline(false);
  });
});

test.describe('at a desk', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the chat's discipline and contact lists start on the first screen, beside the profile card", async ({
    page,
  }) => {
    await loginAs(page, TEACHER);
    for (const heading of ['Дисциплины', 'Контакты']) {
      const shown = page.locator('#lms-pane-disciplines, #lms-pane-contacts').getByRole('heading', {
        name: heading,
      });
      await expect(shown).toBeVisible();
      const box = await shown.boundingBox();
      expect(box?.y ?? Infinity, heading).toBeLessThan(800 - (box?.height ?? 0));
    }
  });

  test("the registrar's office sees its own portal: its role, its tiles, no empty panes", async ({
    page,
  }) => {
    await loginAs(page, REGISTRAR);
    const profile = page.locator('#lms-pane-profile');
    await expect(profile.getByText('Офис регистратора', { exact: true })).toBeVisible();
    await expect(profile.getByText('Преподаватель', { exact: true })).toHaveCount(0);
    const tiles = page.getByRole('list', { name: 'Доступные разделы' }).first();
    await expect(tiles.getByRole('link', { name: 'Заказ справок' })).toBeVisible();
    // Registration: every stream's seats and waiting list, the holds and the slots.
    await expect(tiles.getByRole('link', { name: 'Регистрация на дисциплины' })).toBeVisible();
    for (const teacherOnly of ['Журнал занятий', 'Расписание', 'УМК']) {
      await expect(tiles.getByRole('link', { name: teacherOnly })).toHaveCount(0);
    }
    await expect(page.locator('#lms-pane-disciplines')).toBeHidden();
    await expect(page.locator('#lms-pane-contacts')).toBeHidden();
  });

  test('a work screen takes the width: the side panes fold away and come back with one control', async ({
    page,
  }) => {
    await loginAs(page, STUDENT);
    await page.goto('/lms/transcript');
    await expect(page.getByRole('heading', { level: 1, name: 'Транскрипт' })).toBeVisible();
    await expect(shellGrid(page)).toHaveAttribute('data-width', 'wide');
    await expect(page.locator('#lms-pane-apps')).toBeHidden();
    const main = await page.getByRole('main').boundingBox();
    expect(main?.width ?? 0).toBeGreaterThan(1100);

    await page.getByRole('button', { name: 'Показать боковые панели' }).click();
    await expect(page.locator('#lms-pane-apps')).toBeVisible();
    await expect(page.locator('#lms-pane-profile')).toBeVisible();
    await page.getByRole('button', { name: 'Скрыть боковые панели' }).click();
    await expect(page.locator('#lms-pane-apps')).toBeHidden();

    // Home is no work screen: every pane is back, and no control to fold them.
    await page.getByRole('navigation').getByRole('link', { name: 'Главная' }).click();
    await expect(page.locator('#lms-pane-apps')).toBeVisible();
    await expect(page.getByRole('button', { name: /боковые панели/ })).toHaveCount(0);
  });
});
