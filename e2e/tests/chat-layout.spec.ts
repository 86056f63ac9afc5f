import { expect, test, type Locator, type Page } from '@playwright/test';
import { checkEveryWay } from '../support/a11y';
import { chooseDiscipline, contacts, log } from '../support/chat';
import { TEACHER, loginAs } from '../support/portal';

/**
 * The chat as a phone shows it: the conversation is a screen of its own above the bottom tab
 * bar. These tests open the teacher's group chat, which no other test reads: opening a
 * conversation marks its messages read, and the student's unread counts belong to chat.spec.
 */
const GROUP_CHAT = 'Групповой чат';
const PHONE = { width: 375, height: 812 };

const tabBar = (page: Page) => page.getByRole('tablist', { name: 'Разделы' });
const messageField = (page: Page) => page.getByRole('textbox', { name: 'Сообщение', exact: true });
const sendButton = (page: Page) => page.getByRole('button', { name: 'Отправить' });

/** On a phone: the messages tab, the shared discipline, then the group chat. */
async function openGroupChatOnPhone(page: Page): Promise<void> {
  await loginAs(page, TEACHER);
  await tabBar(page)
    .getByRole('tab', { name: /Сообщения/ })
    .click();
  await chooseDiscipline(page);
  await contacts(page).getByRole('button', { name: GROUP_CHAT }).click();
  await expect(page).toHaveURL(/\/lms\/chat#messages$/);
  await expect(page.getByRole('heading', { name: `Переписка: ${GROUP_CHAT}` })).toBeVisible();
  await expect(log(page).locator('article').first()).toBeVisible();
}

/** The element's whole box is inside the viewport and the element itself is what is seen there. */
async function expectOnScreen(page: Page, element: Locator): Promise<void> {
  await expect(element).toBeInViewport({ ratio: 1 });
  const tabs = await tabBar(page).boundingBox();
  const box = await element.boundingBox();
  expect(tabs, 'the tab bar is shown').not.toBeNull();
  expect(box, 'the element is shown').not.toBeNull();
  expect(box!.y + box!.height, 'it ends above the tab bar').toBeLessThanOrEqual(tabs!.y);
  // Nothing (the tab bar, a banner) lies over its middle or its bottom edge.
  const uncovered = await element.evaluate((node) => {
    const rect = node.getBoundingClientRect();
    const x = rect.left + rect.width / 2;
    return [rect.top + rect.height / 2, rect.bottom - 2].every((y) =>
      node.contains(document.elementFromPoint(x, y)),
    );
  });
  expect(uncovered, 'nothing covers it').toBe(true);
}

/** A thumb hits it: at least 40 px each way. */
async function expectTappable(element: Locator): Promise<void> {
  const box = await element.boundingBox();
  expect(box, 'the control is shown').not.toBeNull();
  expect(box!.height, 'its height').toBeGreaterThanOrEqual(40);
  expect(box!.width, 'its width').toBeGreaterThanOrEqual(40);
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('the composer takes the width, and Send stays above the tab bar while offline', async ({
    page,
    context,
  }) => {
    await openGroupChatOnPhone(page);
    const field = await messageField(page).boundingBox();
    expect(field, 'the message field is shown').not.toBeNull();
    expect(field!.width).toBeGreaterThanOrEqual(0.8 * PHONE.width);

    await context.setOffline(true);
    await expect(page.getByRole('alert').filter({ hasText: 'Нет сети !!!' })).toBeVisible();
    await messageField(page).fill('Напишу, когда появится сеть');
    await expect(sendButton(page)).toBeEnabled();
    await expectOnScreen(page, messageField(page));
    await expectOnScreen(page, sendButton(page));

    // Scrolled to the page's end (the banner makes it taller), Send is still there.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expectOnScreen(page, sendButton(page));
    await context.setOffline(false);
  });

  test('the controls of a conversation are big enough to tap; back returns to the contacts', async ({
    page,
  }) => {
    await openGroupChatOnPhone(page);
    const back = page.getByRole('link', { name: 'Назад к контактам' });
    await expectOnScreen(page, back);
    await expectTappable(back);
    await expectTappable(log(page).getByRole('button', { name: 'Удалить' }).last());

    await back.click();
    await expect(page).toHaveURL(/\/lms\/chat$/);
    await expect(contacts(page).getByRole('button', { name: GROUP_CHAT })).toBeVisible();
    // The teacher reaches another group's students through the contacts' filter.
    const pane = page.getByRole('region', { name: 'Контакты' });
    await expectTappable(pane.getByLabel('Семестр'));
    await expectTappable(pane.getByLabel('Группа'));
    await expect(page.getByRole('heading', { name: `Переписка: ${GROUP_CHAT}` })).toBeHidden();
    await expect(tabBar(page).getByRole('tab', { name: /Сообщения/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});

test('an open conversation has no accessibility violations at a desk and on a phone', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize(PHONE);
  await openGroupChatOnPhone(page);
  await checkEveryWay(page, 'conversation', {
    ready: () => expect(log(page).locator('article').first()).toBeVisible(),
  });
});
