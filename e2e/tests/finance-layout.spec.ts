import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { finance, getPaymentCode, inDays, orderDocument } from '../support/finance';
import { STUDENT, loginAs, type Account } from '../support/portal';

// Room to work on the finance screens: at a desk every column is there, on a phone each row's key
// values are, without scrolling sideways; the payment choice survives the card payment's return;
// an English reader gets the portal's English dates and money. Measured in the browser.

// The journeys add payments and orders of the demo students: one at a time.
test.describe.configure({ mode: 'serial' });

const REGISTRAR: Account = { login: 'registrar', password: 'Registrar1' };
const SENIOR: Account = { login: 'senior', password: 'Student1' };
const SENIOR_NAME = 'Мамытова';
const DESK = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

/** A service no other browser test pays for: declined payments here change nothing it owes. */
const SERVICE = 'Летний семестр (за кредит)';

async function signedIn(browser: Browser, account: Account, viewport: typeof DESK) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await loginAs(page, account);
  return { context, page };
}

/** A row's cell under the column of that name (its phone card's label). */
const cell = (row: Locator, column: string) => row.locator(`td[data-label="${column}"]`);

/**
 * Where the element is once brought into view the way a reader scrolls (up and down only): its
 * box, the viewport, and whether anything had to scroll sideways to show it.
 */
async function placeOf(locator: Locator) {
  return locator.evaluate((element) => {
    element.scrollIntoView({ block: 'center', inline: 'nearest' });
    let sideways = 0;
    for (let node = element.parentElement; node; node = node.parentElement) {
      sideways += node.scrollLeft;
    }
    const box = element.getBoundingClientRect();
    return {
      left: box.left,
      right: box.right,
      top: box.top,
      bottom: box.bottom,
      width: window.innerWidth,
      height: window.innerHeight,
      sideways: sideways + window.scrollX,
    };
  });
}

/** Wholly inside the viewport, reached by scrolling up or down only. */
async function expectInView(locator: Locator, what: string): Promise<void> {
  await expect(locator, what).toBeVisible();
  const place = await placeOf(locator);
  const report = `${what}: ${JSON.stringify(place)}`;
  expect(place.sideways, report).toBe(0);
  expect(place.left, report).toBeGreaterThanOrEqual(0);
  expect(place.right, report).toBeLessThanOrEqual(place.width);
  expect(place.top, report).toBeGreaterThanOrEqual(0);
  expect(place.bottom, report).toBeLessThanOrEqual(place.height);
}

/** Nothing on the page is wider than the screen. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

/** The rows of a table (its header row left out). */
const bodyRows = (table: Locator) => table.locator('tbody tr');

/** Pay by card with the sandbox's decline card: a payment in the history, nothing charged. */
async function declinedCardPayment(page: Page): Promise<void> {
  const root = finance(page);
  await root.getByRole('button', { name: 'Оплатить картой' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Оплатить картой' }).click();
  await expect(page).toHaveURL(/\/lms\/pay-sandbox\//);
  await page.getByLabel('Номер карты').fill('4000 0000 0000 0002');
  await page.getByLabel('Срок действия (ММ/ГГ)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  await expect(page).toHaveURL(/\/lms\/paymentcode\?.*payment=\d+/);
  await expect(finance(page).getByTestId('payment-return')).toContainText('Банк отклонил');
}

test('back from the card payment page, the chosen service is still chosen', async ({ browser }) => {
  // A code, a declined card payment on the bank's page, the way back and a reload: five pages.
  test.slow();
  const { context, page } = await signedIn(browser, STUDENT, DESK);
  await page.goto('/lms/paymentcode');
  const code = await getPaymentCode(page, SERVICE);
  await declinedCardPayment(page);
  const root = finance(page);
  const chosen = root.getByLabel('Услуга').locator('option:checked');
  await expect(chosen).toContainText(SERVICE);
  // Its code is shown again at once, with what is still due.
  await expect(root.getByTestId('payment-code')).toHaveText(code);
  await expect(root.getByTestId('payment-due')).toHaveText('1 500,00 сом');
  // A reload keeps the choice too.
  await page.reload();
  await expect(finance(page).getByLabel('Услуга').locator('option:checked')).toContainText(SERVICE);
  await context.close();
});

test('on a phone the payment history shows each payment’s amount and state', async ({
  browser,
}) => {
  const { context, page } = await signedIn(browser, STUDENT, PHONE);
  await page.goto('/lms/paymentcode');
  await getPaymentCode(page, SERVICE);
  await declinedCardPayment(page);
  const history = finance(page).getByRole('table', { name: 'Мои платежи' });
  // The payment just declined, by its amount and state: the finance spec pays (and is declined)
  // as the same student on the other worker, so the newest row may be one of its payments.
  const newest = bodyRows(history)
    .filter({ hasText: '1 500,00 сом' })
    .filter({ hasText: 'Отклонён' })
    .first();
  await expect(cell(newest, 'Сумма')).toHaveText('1 500,00 сом');
  await expectInView(cell(newest, 'Сумма'), 'the amount');
  await expectInView(cell(newest, 'Состояние').getByText('Отклонён'), 'the state');
  await expectNoSidewaysScroll(page);
  await context.close();
});

test('on a phone the transcript shows each grade and its credits', async ({ browser }) => {
  const { context, page } = await signedIn(browser, SENIOR, PHONE);
  await page.goto('/lms/transcript');
  const root = finance(page);
  await expect(root.getByRole('heading', { name: 'Транскрипт', level: 1 })).toBeVisible();
  const firstTable = root.getByRole('table').first();
  const row = bodyRows(firstTable).first();
  await expectInView(row.getByRole('rowheader'), 'the discipline');
  for (const column of ['Кредиты', 'Оценка', 'Оценка ECTS', 'Балл GPA']) {
    await expectInView(cell(row, column), column);
  }
  // The card names its discipline first, then the values it is read for.
  const name = await row.getByRole('rowheader').boundingBox();
  const grade = await cell(row, 'Оценка').boundingBox();
  expect(name?.y ?? 0).toBeLessThan(grade?.y ?? 0);
  await expectNoSidewaysScroll(page);
  await context.close();
});

test('on a phone a student sees each order’s status and what can be done with it', async ({
  browser,
}) => {
  const { context, page } = await signedIn(browser, SENIOR, PHONE);
  await page.goto('/lms/singlewindow');
  const date = inDays(12);
  await orderDocument(page, 'Справка для военкомата', date);
  // The confirmation covers neither the top bar nor the bottom tabs.
  const toast = page.locator('.lms-ui-toast').first();
  await expect(toast).toBeVisible();
  const toastBox = await toast.boundingBox();
  const topBar = await page.locator('[data-layout] > header').boundingBox();
  const tabs = await page.getByRole('tablist').boundingBox();
  expect(toastBox!.y).toBeGreaterThanOrEqual(topBar!.y + topBar!.height);
  expect(toastBox!.y + toastBox!.height).toBeLessThanOrEqual(tabs!.y);
  // Its close button is a thumb's tap: 40 px each way.
  const close = await toast.getByRole('button', { name: 'Закрыть' }).boundingBox();
  expect(Math.min(close!.width, close!.height)).toBeGreaterThanOrEqual(40);
  const shown = date.split('-').reverse().join('.');
  const row = bodyRows(finance(page).getByRole('table', { name: 'Мои заказы' }))
    .filter({ hasText: 'Справка для военкомата' })
    .filter({ hasText: shown });
  await expect(row).toHaveCount(1);
  await expectInView(cell(row, 'Статус').getByText('Ожидает', { exact: true }), 'the status');
  await expectInView(row.getByRole('button', { name: 'Отменить' }), 'the action');
  await expectNoSidewaysScroll(page);
  await context.close();
});

test('on a phone the registrar’s queue is cards: the student first, then status and action', async ({
  browser,
}) => {
  const { context, page } = await signedIn(browser, REGISTRAR, PHONE);
  await page.goto('/lms/singlewindow');
  const queue = finance(page).getByRole('table', { name: 'Очередь заказов' });
  const row = bodyRows(queue)
    .filter({ has: page.getByRole('button', { name: /^(В работу|Готово)/ }) })
    .first();
  const student = row.getByRole('rowheader');
  const status = cell(row, 'Статус');
  const action = cell(row, 'Действия').getByRole('button');
  await expectInView(student, 'the student');
  await expectInView(status, 'the status');
  await expectInView(action, 'the action');
  const [nameBox, statusBox] = [await student.boundingBox(), await status.boundingBox()];
  expect(nameBox?.y ?? 0).toBeLessThan(statusBox?.y ?? 0);
  await expectNoSidewaysScroll(page);
  await context.close();
});

test('at a desk the transcript shows every column', async ({ browser }) => {
  const { context, page } = await signedIn(browser, SENIOR, DESK);
  await page.goto('/lms/transcript');
  const root = finance(page);
  await expect(root).toHaveAttribute('data-width', 'wide');
  const tables = root.getByRole('table');
  // Several years of grades: every semester's table.
  await expect(tables.nth(1)).toBeVisible();
  const headers = tables.first().getByRole('columnheader');
  await expect(headers).toHaveCount(7);
  for (const header of await headers.all()) {
    await expectInView(header, `the column ${await header.innerText()}`);
  }
  await context.close();
});

test('at a desk the registrar sees every column of the queue, and the student after a move', async ({
  browser,
}) => {
  // The senior orders, then the registrar moves that order on: two people, two sign-ins.
  test.slow();
  const senior = await signedIn(browser, SENIOR, DESK);
  await senior.page.goto('/lms/singlewindow');
  const date = inDays(15);
  await orderDocument(senior.page, 'Справка о получении стипендии', date);
  await expect(senior.page.getByText('Заказ принят: статус «Ожидает».')).toBeVisible();
  await senior.context.close();

  const { context, page } = await signedIn(browser, REGISTRAR, DESK);
  await page.goto('/lms/singlewindow');
  const root = finance(page);
  await expect(root).toHaveAttribute('data-width', 'wide');
  await root.getByLabel('Документ', { exact: true }).selectOption({
    label: 'Справка о получении стипендии',
  });
  const queue = root.getByRole('table', { name: 'Очередь заказов' });
  const row = bodyRows(queue)
    .filter({ hasText: SENIOR_NAME })
    .filter({ hasText: date.split('-').reverse().join('.') });
  await expect(row).toHaveCount(1);
  const headers = queue.getByRole('columnheader');
  await expect(headers).toHaveCount(7);
  for (const header of await headers.all()) {
    await expectInView(header, `the column ${await header.innerText()}`);
  }
  await row.getByRole('button', { name: /^В работу/ }).click();
  await expect(cell(row, 'Статус').getByText('Готовится', { exact: true })).toBeVisible();
  // The row still says whose order it is: nothing was left scrolled sideways.
  await expectInView(row.getByRole('rowheader').getByText(SENIOR_NAME), 'the student');
  await expectInView(row.getByRole('button', { name: /^Готово/ }), 'the next action');
  await context.close();
});

test('an English reader sees the portal’s English dates and money', async ({ browser }) => {
  const { context, page } = await signedIn(browser, STUDENT, DESK);
  await page
    .getByRole('group', { name: 'Язык интерфейса' })
    .getByText('Eng', { exact: true })
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto('/lms/paymentcode');
  const root = finance(page);
  await expect(root.getByRole('heading', { name: 'Payment code', level: 1 })).toBeVisible();
  const select = root.getByLabel('Service');
  const option = select.locator('option', { hasText: /Summer semester/ });
  await expect(option).toHaveText(/^Summer semester \(per credit\) — 1,500\.00\ssom$/);
  await select.selectOption((await option.getAttribute('value')) ?? '');
  await expect(root.getByLabel('Group').locator('option')).not.toHaveCount(0);
  await root.getByRole('button', { name: 'Get the payment code' }).click();
  await expect(root.getByTestId('payment-due')).toHaveText('1,500.00 som');

  // The student's orders (the seed's two at least) are dated day first with the month's name.
  await page.goto('/lms/singlewindow');
  const orders = finance(page).getByRole('table', { name: 'My orders' });
  await expect(cell(bodyRows(orders).first(), 'Date')).toHaveText(/^\d{2} [A-Z][a-z]{2} \d{4}$/);
  await context.close();
});
