import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { loginAs, type Account } from './portal';

/** The discipline the demo teacher and student share this semester (seeded conversation). */
export const DISCIPLINE = /Тестирование программного обеспечения/;
export const TEACHER_NAME = 'Асанов Бакыт Маратович';
export const STUDENT_NAME = 'Жумабаева Айгерим Талантбековна';

/** A browser context of its own, signed in through the UI. */
export async function signedIn(
  browser: Browser,
  account: Account,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await loginAs(page, account);
  return page;
}

export const contacts = (page: Page) => page.getByRole('list', { name: 'Контакты' });
export const log = (page: Page) => page.getByRole('log');
export const totalBadge = (page: Page) =>
  page.getByRole('navigation', { name: 'Основное меню' }).getByTestId('chat-unread-total');

export async function chooseDiscipline(page: Page): Promise<void> {
  await page.getByRole('button', { name: DISCIPLINE }).click();
  await expect(page.getByRole('button', { name: DISCIPLINE })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
}

export async function openConversation(page: Page, name: string): Promise<void> {
  await chooseDiscipline(page);
  await contacts(page)
    .getByRole('button', { name: new RegExp(name) })
    .click();
  await expect(page).toHaveURL(/\/lms\/chat/);
  await expect(page.getByRole('heading', { name: `Переписка: ${name}` })).toBeVisible();
  await expect(log(page).locator('article').first()).toBeVisible();
}

export async function send(page: Page, text: string): Promise<void> {
  await page.getByLabel('Сообщение', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Отправить' }).click();
  await expect(log(page).getByText(text)).toBeVisible();
}
