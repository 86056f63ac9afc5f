import { expect, test } from '@playwright/test';
import { STUDENT, loginAs, remoteRoot } from '../support/portal';

test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

test('at 375 px the bottom tabs switch between news, messages and applications', async ({
  page,
}) => {
  await loginAs(page, STUDENT);
  await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'mobile');
  await expect(page.getByRole('navigation', { name: 'Основное меню' })).toHaveCount(0);

  const tabs = page.getByRole('tablist', { name: 'Разделы' });
  const newsTab = tabs.getByRole('tab', { name: 'Новости' });
  const messagesTab = tabs.getByRole('tab', { name: 'Сообщения' });
  const appsTab = tabs.getByRole('tab', { name: 'Приложения' });
  await expect(tabs).toBeVisible();

  // Applications (tab 3) is the default.
  await expect(appsTab).toHaveAttribute('aria-selected', 'true');
  const appsPanel = page.getByRole('tabpanel', { name: 'Приложения' });
  await expect(appsPanel).toBeVisible();
  await expect(page.getByRole('main')).toBeHidden();

  await newsTab.click();
  await expect(newsTab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('main')).toBeVisible();
  await expect(remoteRoot(page, 'news')).toBeVisible();
  await expect(appsPanel).toBeHidden();

  await messagesTab.click();
  await expect(messagesTab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Сообщения' })).toHaveCount(2);
  await expect(remoteRoot(page, 'chat')).toHaveCount(2);
  for (const pane of await remoteRoot(page, 'chat').all()) await expect(pane).toBeVisible();
  await expect(page.getByRole('main')).toBeHidden();

  await appsTab.click();
  await expect(appsPanel).toBeVisible();
  await expect(remoteRoot(page, 'chat').first()).toBeHidden();
});
