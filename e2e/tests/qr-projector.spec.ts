import { expect, test, type Browser, type Page } from '@playwright/test';
import { TEACHER, loginAs } from '../support/portal';

// The teacher's QR: offered only inside a lesson's window (the suite's server clock is Monday
// 09:40 in Bishkek: the second pair's window is open, the fifth pair's opens at 14:20), and a
// view for the projector that shows the room the code, the lesson and the count, never the list.

const DESK = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

const journal = (page: Page) => page.getByRole('main').locator('[data-remote="journal"]');

async function teacherAt(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await loginAs(page, TEACHER);
  await page.goto('/lms/schedule');
  return page;
}

/** Today's lesson of the given order (its name) in Monday's column. */
const todays = (page: Page, order: string) =>
  journal(page)
    .getByRole('region', { name: /Понедельник · сегодня/ })
    .getByTestId('schedule-lesson')
    .filter({ hasText: order });

for (const viewport of [DESK, PHONE]) {
  test(`at ${viewport.width} px a lesson's QR is offered only in its window, and says when it opens`, async ({
    browser,
  }) => {
    // Sign-in, the week and a lesson's page in one journey: more than the default on a busy machine.
    test.setTimeout(90_000);
    const page = await teacherAt(browser, viewport);
    // The running lesson: its QR is offered.
    const running = todays(page, 'Вторая пара').filter({ hasText: 'ПИ-1-25' });
    await expect(running.getByRole('link', { name: 'Показать QR-код' })).toBeVisible();
    // The afternoon's: no code yet, but when it opens; the morning's first: it is over.
    const later = todays(page, 'Пятая пара').filter({ hasText: 'ПИ-1-26' });
    await expect(later.getByTestId('qr-when')).toHaveText('QR-код откроется в 14:20');
    await expect(later.getByRole('link', { name: 'Показать QR-код' })).toHaveCount(0);
    const earlier = todays(page, 'Первая пара').filter({ hasText: 'ПИ-1-23' });
    await expect(earlier.getByTestId('qr-when')).toHaveText(
      'Отметка по QR-коду закончилась в 09:30',
    );
    await expect(earlier.getByRole('link', { name: 'Показать QR-код' })).toHaveCount(0);
    // Its address opened anyway (a bookmark) shows no code either: only when it opens.
    const idShed = await later.getAttribute('data-id-shed');
    await page.goto(`/lms/schedule/qr/${idShed}`);
    await expect(journal(page).getByTestId('qr-when')).toHaveText('QR-код откроется в 14:20');
    await expect(journal(page).getByText('Программирование на Python')).toBeVisible();
    await expect(journal(page).getByTestId('lesson-qr')).toHaveCount(0);
    await expect(journal(page).getByTestId('short-code')).toHaveCount(0);
    await page.context().close();
  });
}

test('the projector view shows the code large, the lesson, its group and the count, no names', async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const teacher = await teacherAt(browser, DESK);
  await todays(teacher, 'Вторая пара')
    .filter({ hasText: 'ПИ-1-25' })
    .getByRole('link', { name: 'Показать QR-код' })
    .click();
  // The teacher's own screen: the lesson, the code and the list with each student's status.
  const own = journal(teacher);
  await expect(own.getByTestId('qr-lesson')).toContainText('Тестирование программного обеспечения');
  const list = own.getByTestId('checkin-list');
  await expect(list.getByRole('listitem').first()).toBeVisible();
  const names = (await list.locator('li > span:first-child').allTextContents()).map((n) =>
    n.trim(),
  );
  expect(names.length).toBeGreaterThan(0);

  // The projector's view opens beside it, in a tab of its own.
  const opened = teacher.context().waitForEvent('page');
  await own.getByRole('link', { name: 'Открыть вид для проектора' }).click();
  const projector = await opened;
  for (const viewport of [DESK, PHONE]) {
    await projector.setViewportSize(viewport);
    const view = journal(projector).getByTestId('projector');
    const code = view.getByRole('img', { name: 'QR-код занятия для отметки посещения' });
    await expect(code).toBeVisible();
    const box = (await code.boundingBox())!;
    const shorter = Math.min(viewport.width, viewport.height);
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(0.6 * shorter);
    // Whole on the screen, and nothing of the portal's frame over it.
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 0.5);
    const onTop = await code.evaluate((img) => {
      const { x, y, width, height } = img.getBoundingClientRect();
      return document.elementFromPoint(x + width / 2, y + height / 2) === img;
    });
    expect(onTop, 'the code is not covered').toBe(true);
    await expect(
      view.getByRole('heading', { name: 'Тестирование программного обеспечения' }),
    ).toBeVisible();
    await expect(view.getByTestId('qr-group')).toHaveText('ПИ-1-25');
    await expect(view.getByTestId('qr-group')).toBeInViewport();
    await expect(view.getByTestId('checkin-count')).toHaveText(/^\d+ \/ \d+$/);
    await expect(view.getByTestId('checkin-count')).toBeInViewport();
    // No student's name, and no list, anywhere on the projector's page.
    await expect(journal(projector).getByTestId('checkin-list')).toHaveCount(0);
    const shown = await projector.locator('body').innerText();
    for (const name of names) expect(shown, `${name} is not shown to the room`).not.toContain(name);
    await projector.screenshot({
      path: testInfo.outputPath(`projector-${viewport.width}.png`),
    });
  }
  await teacher.context().close();
});
