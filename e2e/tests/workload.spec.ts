import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { TEACHER, loginAs, remoteRoot } from '../support/portal';

// Individual workload: the demo teacher reads their plan for the year, planned against taught,
// on a desk (1280 px) and on a phone (375 px). The seeded plan has one row the registrar adjusted.

const DESK = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };
const SEEDED_NOTE = 'Дополнительные консультации перед экзаменом';

/** The first number of a cell ('1 812' with the group separator of the locale is 1812). */
const hoursIn = (text: string) =>
  Number(/\d+/.exec(text.replace(/[\s\u00a0\u202f]/g, ''))?.[0] ?? NaN);

/** The plan's rows: [planned, taught] of each, read from the table's cells. */
async function rowHours(table: Locator): Promise<[number, number][]> {
  const rows = table.locator('tbody tr');
  const count = await rows.count();
  const hours: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    const cells = rows.nth(i).locator('td');
    // Cells after the discipline (the row header): lesson type, group, semester, planned, taught.
    hours.push([hoursIn(await cells.nth(3).innerText()), hoursIn(await cells.nth(4).innerText())]);
  }
  return hours;
}

async function checkPlan(page: Page, what: string) {
  const root = remoteRoot(page, 'planning');
  await expect(root.getByRole('heading', { name: 'Индивидуальная нагрузка' })).toBeVisible();
  const table = root.getByRole('table', { name: 'План по дисциплинам, видам занятий и группам' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const planned = hoursIn(await root.getByTestId('total-planned').innerText());
  const taught = hoursIn(await root.getByTestId('total-taught').innerText());
  // The numbers a teacher came for: the year's totals are the sums of the rows, lessons were taught.
  const rows = await rowHours(table);
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.reduce((sum, [p]) => sum + p, 0)).toBe(planned);
  expect(rows.reduce((sum, [, t]) => sum + t, 0)).toBe(taught);
  expect(taught).toBeGreaterThan(0);
  expect(planned).toBeGreaterThan(taught);
  await expect(root.getByTestId('total-taught')).toContainText('меньше плана');
  // The registrar's seeded adjustment: four hours more than the curriculum, with its note.
  const history = root.getByRole('region', { name: 'История изменений плана' });
  await expect(history).toContainText(SEEDED_NOTE);
  await expect(history).toContainText(/(\d+) → (\d+) ч/);
  const [, from, to] = /(\d+) → (\d+) ч/.exec(await history.innerText()) ?? [];
  expect(Number(to) - Number(from)).toBe(4);
  await expect(table.getByText(`${to}*`, { exact: true })).toBeVisible();
  const weeks = root.getByRole('table', { name: 'По неделям: проведено против расписания' });
  await expect(weeks.locator('tbody tr').first()).toBeVisible();
  await expectNoAxeViolations(page, what, '[data-remote="planning"]');
  return { planned, taught };
}

test('a teacher reads planned against taught hours on a desk and on a 375 px phone', async ({
  browser,
}) => {
  // Two sign-ins and two accessibility checks on a machine shared with builds.
  test.slow();
  const deskContext = await browser.newContext({ viewport: DESK });
  const desk = await deskContext.newPage();
  await loginAs(desk, TEACHER);
  await desk.goto('/lms/workload');
  const onDesk = await checkPlan(desk, 'the workload table at 1280 px');
  await deskContext.close();

  const phoneContext = await browser.newContext({ viewport: PHONE });
  const phone = await phoneContext.newPage();
  await loginAs(phone, TEACHER);
  await phone.goto('/lms/workload');
  const onPhone = await checkPlan(phone, 'the workload table at 375 px');
  expect(onPhone).toEqual(onDesk);
  // Nothing of the plan is wider than the phone.
  const width = await phone.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
  await phoneContext.close();
});
