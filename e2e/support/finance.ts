import { expect, type Page } from '@playwright/test';

/** The finance remote's screen in the portal's content pane. */
export const finance = (page: Page) => page.getByRole('main').locator('[data-remote="finance"]');

/** A date `days` from today as the date field takes it ('YYYY-MM-DD', local time). */
export function inDays(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Chooses the service whose name starts with `service` and asks for its payment code. */
export async function getPaymentCode(page: Page, service: string): Promise<string> {
  const root = finance(page);
  const select = root.getByLabel('Услуга');
  const option = select.locator('option', { hasText: service });
  await expect(option).toBeAttached();
  await select.selectOption((await option.getAttribute('value')) ?? '');
  await expect(root.getByLabel('Группа').locator('option')).not.toHaveCount(0);
  await root.getByRole('button', { name: 'Получить код оплаты' }).click();
  const code = root.getByTestId('payment-code');
  await expect(code).toHaveText(/^\d{11}$/);
  return (await code.textContent()) ?? '';
}

/** Fills the order form with the document named and the needed-by date, and sends it. */
export async function orderDocument(page: Page, document: string, date: string): Promise<void> {
  const root = finance(page);
  const select = (label: string) => root.getByLabel(label, { exact: true });
  await expect(select('Документ').locator('option', { hasText: document })).toBeAttached();
  await select('Документ').selectOption({ label: document });
  await select('Область').selectOption({ label: 'г. Бишкек' });
  await expect(select('Район').locator('option', { hasText: 'Ленинский район' })).toBeAttached();
  await select('Район').selectOption({ label: 'Ленинский район' });
  await select('Назначение').selectOption({ label: 'По месту требования' });
  await select('Дата').fill(date);
  await root.getByRole('button', { name: 'Заказать' }).click();
}
