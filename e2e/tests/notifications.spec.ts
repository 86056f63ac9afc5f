import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { finance, inDays, orderDocument } from '../support/finance';
import { REGISTRAR, STUDENT, TEACHER, loginAs, type Account } from '../support/portal';

// Notifications stay off the work: a saved journal cell shows it in place, stacked notifications
// collapse to a strip, and each names what it is about.

const notifications = (page: Page) => page.getByRole('region', { name: 'Уведомления' });
const toasts = (page: Page) => notifications(page).locator('.lms-ui-toast');

async function signedIn(browser: Browser, account: Account, width: number, height: number) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  await loginAs(page, account);
  return { context, page };
}

/** True when the two boxes share some area. */
function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
type Box = { x: number; y: number; width: number; height: number };

/** Every notification on screen stands clear of the element that has the focus. */
async function expectFocusUncovered(page: Page, focused: Locator): Promise<void> {
  const target = await focused.boundingBox();
  expect(target).not.toBeNull();
  for (const toast of await toasts(page).all()) {
    const box = await toast.boundingBox();
    if (box && target) expect(overlap(box, target), 'a notification covers the focus').toBe(false);
  }
}

test('at a desk, a saved journal cell says so itself: no notification over the cell typed in next', async ({
  browser,
}) => {
  // The journal's whole grid for one group: a heavy screen on a slow machine.
  test.slow();
  const { context, page } = await signedIn(browser, TEACHER, 1280, 800);
  await page.goto('/lms/journal');
  const root = page.getByRole('main').locator('[data-remote="journal"]');
  await expect(root.getByRole('heading', { name: 'Журнал занятий' })).toBeVisible();
  const choose = async (label: string, option: string) => {
    await expect(root.getByLabel(label).getByRole('option', { name: option })).toBeAttached();
    await root.getByLabel(label).selectOption({ label: option });
  };
  await choose('Дисциплина', 'Тестирование программного обеспечения');
  await choose('Группа или подгруппа', 'ПИ-1-25 (вся группа)');
  await choose('Вид занятия', 'Лекция');
  // The last student's row (the demo student's marks are another journey's), its last cell the
  // keyboard can put back, and the cell after it: the bottom right of the grid, where
  // notifications stood.
  const row = root
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') })
    .filter({ hasNot: page.getByRole('rowheader', { name: /^Жумабаева / }) })
    .last();
  const cells = row.getByRole('button', { name: /\d\d\.\d\d\.\d{4}, .*: / });
  await expect(cells.last()).toBeVisible();
  const texts = await cells.allTextContents();
  // A cell the keyboard can put back as it was: present by hand (blank), absent, or a grade; not a
  // QR check-in or a student not marked yet ("—").
  const restorable = (text: string | undefined) =>
    text === '' || text === 'н/б' || /^\d+$/.test(text ?? '');
  let index = texts.length - 1;
  while (index > 0 && !restorable(texts[index - 1])) index -= 1;
  expect(index).toBeGreaterThan(0);
  const typed = cells.nth(index - 1);
  const next = cells.nth(index);
  const before = (await typed.textContent()) ?? '';

  await typed.focus();
  await page.keyboard.press(before === '4' ? '5' : '4');
  await page.keyboard.press('ArrowRight');
  await expect(next).toBeFocused();
  await expect(typed.locator('xpath=ancestor::td').getByText('Сохранено')).toBeAttached();
  // Read at once: a notification would stand there from the moment the cell is saved.
  expect(await toasts(page).count()).toBe(0);
  await expectFocusUncovered(page, next);

  // The mark typed is taken back: the grid is as it was.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press(before === '' ? 'Delete' : before === 'н/б' ? 'n' : before);
  await expect(typed).toHaveText(before);
  await expect(typed.locator('xpath=ancestor::td').getByText('Сохранено')).toBeAttached();
  await context.close();
});

/** A call of the single window's API as the signed-in user of `page`; answers its data. */
async function singleWindow<T>(page: Page, path: string, body: object): Promise<T> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  const response = await page.request.post(`/lms/api/singlewindow/${path}.json`, {
    data: body,
    headers: { 'X-XSRF-TOKEN': cookie?.value ?? '' },
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

test('on a phone, stacked order notifications keep to a strip and name the order', async ({
  browser,
}) => {
  // The student follows two orders on a phone while the registrar moves them: two sign-ins.
  test.slow();
  const student = await signedIn(browser, STUDENT, 375, 740);
  const page = student.page;
  await page.goto('/lms/singlewindow');
  const wanted = [
    { document: 'Транскрипт с печатью', date: inDays(61) },
    { document: 'Справка для Социального фонда', date: inDays(62) },
  ];
  for (const order of wanted) {
    await orderDocument(page, order.document, order.date);
    await expect(
      finance(page)
        .getByRole('row')
        .filter({ hasText: order.document })
        .filter({ hasText: order.date.split('-').reverse().join('.') }),
    ).toHaveCount(1);
  }
  const mine = await singleWindow<Array<{ id_order: number; date: string; doc: { name: string } }>>(
    page,
    'order/list',
    {},
  );
  const [first, second] = wanted.map((order) => {
    const found = mine.find((o) => o.doc.name === order.document && o.date === order.date);
    expect(found, order.document).toBeDefined();
    return found?.id_order ?? 0;
  });
  // The confirmations of the orders have closed: what comes next is the registrar's.
  await expect(toasts(page)).toHaveCount(0);

  const registrar = await signedIn(browser, REGISTRAR, 1280, 800);
  // Three moves in a row: three notifications reach the student's phone within a second.
  await singleWindow(registrar.page, 'queue/move', {
    id_order: first,
    from: 'waiting',
    to: 'preparing',
  });
  await singleWindow(registrar.page, 'queue/move', {
    id_order: second,
    from: 'waiting',
    to: 'preparing',
  });
  await singleWindow(registrar.page, 'queue/move', {
    id_order: first,
    from: 'preparing',
    to: 'prepared',
    comment: 'Готово, кабинет 105',
  });

  // The newest names its order (the document and the date it is needed by).
  const shown = wanted[0]?.date.split('-').reverse().join('.');
  await expect(notifications(page)).toContainText(
    `Ваш заказ «Транскрипт с печатью» на ${shown}: «Готов». Готово, кабинет 105`,
  );
  // Held under the pointer while read, the ones that came take one notification's place, a
  // strip of at most a quarter of the screen.
  await notifications(page).hover();
  const region = await notifications(page).boundingBox();
  expect(region?.height ?? 0).toBeLessThanOrEqual(740 * 0.25);
  await expect(toasts(page)).toHaveCount(1);
  const all = notifications(page).getByRole('button', { name: /^Все уведомления \(\d\)$/ });
  const count = Number(/\((\d)\)/.exec(await all.innerText())?.[1]);
  expect(count).toBeGreaterThanOrEqual(2);
  await all.click();
  await expect(toasts(page)).toHaveCount(count);
  await student.context.close();
  await registrar.context.close();
});
