import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import {
  REGISTRAR,
  TEACHER,
  loginAs,
  remoteRoot,
  signedInPage,
  type Account,
} from '../support/portal';

// Individual workload: the demo teacher reads their plan for the year, planned against taught,
// on a desk (1280 px) and on a phone (375 px). The seeded plan has one row the registrar adjusted.
// A department head (a colleague of the demo teacher's department, granted the right by the
// registrar's office for the journey) reads the department's teachers side by side with their pace.

const DESK = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };
const SEEDED_NOTE = 'Дополнительные консультации перед экзаменом';

/** The first number of a cell ('1 812' with the group separator of the locale is 1812). */
const hoursIn = (text: string) =>
  Number(/\d+/.exec(text.replace(/[\s\u00a0\u202f]/g, ''))?.[0] ?? NaN);

/** The plan's rows: [planned, taught] of each, read from the table's cells. */
async function rowHours(table: Locator): Promise<[number, number][]> {
  const rows = table.locator('tbody tr');
  await expect(table).not.toHaveAttribute('aria-busy');
  const count = await rows.count();
  const hours: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    const cells = rows.nth(i).locator('td');
    // Cells after the discipline (the row header): lesson type, group, semester, planned, taught.
    // Their text, not their rendered text: a phone renders the cards far below the screen only
    // when they come near it (content-visibility), and those have no rendered text yet.
    const text = async (n: number) => (await cells.nth(n).textContent()) ?? '';
    hours.push([hoursIn(await text(3)), hoursIn(await text(4))]);
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

/** The demo teacher's colleague in the Department of Software Engineering (the seed's t002). */
const HEAD: Account = { login: 't002', password: 'Teacher1' };
const DEMO_TEACHER = 'Асанов Бакыт Маратович';

/** A POST of the portal's API as the page's signed-in user (its session and XSRF token). */
async function callApi<T>(page: Page, path: string, body: object): Promise<T> {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  const response = await page.request.post(`/lms/api/${path}`, {
    data: body,
    headers: { 'X-XSRF-TOKEN': xsrf?.value ?? '' },
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** The head's view in English: the department's teachers side by side, each with a pace. */
async function checkDepartment(page: Page, what: string) {
  const root = remoteRoot(page, 'planning');
  await expect(
    root.getByRole('heading', { name: 'Department workload: Department of Software Engineering' }),
  ).toBeVisible();
  const teachers = root.getByRole('table', { name: 'The department’s teachers' });
  const rows = teachers.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  await expect(teachers).not.toHaveAttribute('aria-busy');
  expect(await rows.count()).toBeGreaterThan(1);
  await expect(teachers.getByRole('columnheader', { name: 'Due by today' })).toBeVisible();
  // Every teacher's pace is said in words, in its own column.
  const paceColumn = await teachers.getByRole('columnheader').allInnerTexts();
  const pace = paceColumn.indexOf('Pace to date');
  expect(pace).toBeGreaterThan(0);
  for (const row of await rows.all()) {
    // The cells after the teacher's name (the row header).
    await expect(row.locator('td').nth(pace - 1)).toHaveText(/^(behind|on pace|ahead)$/);
  }
  await expect(rows.filter({ hasText: DEMO_TEACHER })).toContainText(/\d+ under plan/);
  await expect(root.getByTestId('department-pace')).toContainText(
    /Department pace: (behind|on pace|ahead); \d+ h due by today, \d+ h taught/,
  );
  // Only their own department: no other to pick, the year is.
  await expect(root.getByRole('combobox', { name: 'Department' })).toHaveCount(0);
  await expect(root.getByRole('combobox', { name: 'Academic year' })).toContainText('(current)');
  await expectNoAxeViolations(page, what, '[data-remote="planning"]');
  return root;
}

test("a department head reads the department's teachers side by side with their pace, at 1280 and 375 px", async ({
  browser,
}, testInfo) => {
  // Three sign-ins and two accessibility checks on a machine shared with builds.
  test.slow();
  const office = await signedInPage(browser, REGISTRAR);
  const desk = await signedInPage(browser, HEAD, { viewport: DESK, lang: 'en' });
  const { user } = await callApi<{ user: { uid: number } }>(desk, 'auth/enticate.json', {});
  const grant = (granted: boolean) =>
    callApi(office, 'staff-access/change.json', {
      uid: user.uid,
      permission: 'departmentHead',
      granted,
    });
  await grant(true);
  try {
    await desk.goto('/lms/workload');
    const root = await checkDepartment(desk, "the department head's view at 1280 px");
    await desk.screenshot({ path: testInfo.outputPath('head-1280.png'), fullPage: true });
    // One teacher's plan opens below, each line with its pace, and nothing to adjust.
    await root.getByRole('button', { name: `Open the plan: ${DEMO_TEACHER}` }).click();
    const plan = root.getByRole('table', { name: 'Plan by discipline, lesson type and group' });
    await expect(plan.getByRole('columnheader', { name: 'Pace to date' })).toBeVisible();
    await expect(plan.locator('tbody tr').first()).toContainText(/behind|on pace|ahead/);
    await expect(root.getByRole('button', { name: /^Adjust the plan/ })).toHaveCount(0);

    const phone = await signedInPage(browser, HEAD, { viewport: PHONE, lang: 'en' });
    await phone.goto('/lms/workload');
    await checkDepartment(phone, "the department head's view at 375 px");
    await phone.screenshot({ path: testInfo.outputPath('head-375.png'), fullPage: true });
    // Nothing of the view is wider than the phone.
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await phone.context().close();
  } finally {
    // The right is the journey's own: the staff rights journey expects nobody else to hold one.
    await grant(false);
    await desk.context().close();
    await office.context().close();
  }
});
