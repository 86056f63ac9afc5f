import { expect, test, type Browser } from '@playwright/test';
import { STUDENT, TEACHER, loginAs, remoteRoot, type Account } from '../support/portal';

// Webinars in the campus remote, in the portal's own room (no BigBlueButton configured): a
// teacher schedules an online lesson for the demo student's group and starts it; the student
// joins on a phone and sees the teacher's camera; the teacher sees who joined. Chromium's fake
// camera and microphone stand in for real ones (the flags below), and its permission prompt is
// answered by itself.

test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  },
});

const TEACHER_NAME = 'Асанов Бакыт Маратович';
const STUDENT_NAME = 'Жумабаева Айгерим Талантбековна';

async function open(
  browser: Browser,
  account: Account,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ viewport, locale: 'ru-RU' });
  const page = await context.newPage();
  await loginAs(page, account);
  return page;
}

/** How wide the picture of a video element is (0 until frames arrive). */
const videoWidth = (video: ReturnType<ReturnType<typeof remoteRoot>['locator']>) =>
  video.evaluate((element) => (element as HTMLVideoElement).videoWidth);

test('a teacher starts the embedded webinar; the group’s student joins on a phone, sees the teacher’s camera and is in the attendance', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const teacher = await open(browser, TEACHER, { width: 1280, height: 900 });
  // From the apps pane: the "Вебинары" tile is the webinars module now.
  await teacher.goto('/lms/apps');
  await teacher.getByRole('link', { name: 'Вебинары' }).first().click();
  await expect(teacher).toHaveURL(/\/lms\/webinars$/);
  const root = remoteRoot(teacher, 'campus');
  await expect(root.getByRole('heading', { name: 'Вебинары', level: 1 })).toBeVisible();

  const form = root.getByRole('form', { name: 'Назначить онлайн-занятие' });
  const group = form.getByLabel('Группа и дисциплина');
  const option = group.getByRole('option', { name: /^ПИ-1-25 — / }).first();
  await expect(option).toBeAttached();
  await group.selectOption({ label: (await option.textContent()) ?? '' });
  // The start the form offers: a few minutes from now on the server's clock, so it opens at once.
  await expect(form.getByLabel('Начало')).toHaveValue(/^2026-11-16T\d\d:\d\d$/);
  await form.getByLabel('Длительность').selectOption('45');
  await form.getByRole('button', { name: 'Назначить' }).click();
  await expect(
    teacher.getByText(/^Онлайн-занятие для группы ПИ-1-25 назначено: 16\.11\.2026/),
  ).toBeVisible();

  const mine = root.getByRole('region', { name: 'Мои вебинары' });
  await mine
    .getByRole('link', { name: /^Начать вебинар/ })
    .first()
    .click();
  await expect(teacher).toHaveURL(/\/lms\/webinars\/\d+$/);
  const own = root.getByRole('region', { name: 'Комната' }).getByLabel(`Вы: ${TEACHER_NAME}`);
  await expect.poll(() => videoWidth(own), { timeout: 20_000 }).toBeGreaterThan(0);
  const attendance = root.getByRole('region', { name: 'Кто вошёл' });
  await expect(attendance).toContainText(/Вошли: 0 из \d+/);

  const student = await open(browser, STUDENT, { width: 375, height: 812 });
  await student.goto('/lms/webinars');
  const campus = remoteRoot(student, 'campus');
  await campus
    .getByRole('region', { name: 'Вебинары моей группы' })
    .getByRole('link', { name: /^Войти/ })
    .first()
    .click();
  await expect(student).toHaveURL(/\/lms\/webinars\/\d+$/);
  const room = campus.getByRole('region', { name: 'Комната' });
  const teachersVideo = room.getByLabel(TEACHER_NAME, { exact: true });
  await expect(teachersVideo).toBeVisible();
  // The teacher's (fake) camera reaches the student's phone: its frames have a size.
  await expect.poll(() => videoWidth(teachersVideo), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect(room.getByText(`${TEACHER_NAME} (преподаватель)`)).toBeVisible();

  // The teacher sees the student's camera too, and the join in the attendance.
  const studentsVideo = root.getByRole('region', { name: 'Комната' }).getByLabel(STUDENT_NAME, {
    exact: true,
  });
  await expect.poll(() => videoWidth(studentsVideo), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect(attendance).toContainText(/Вошли: 1 из \d+/, { timeout: 15_000 });
  await expect(attendance).toContainText(
    new RegExp(`${STUDENT_NAME}: вошёл\\(ла\\) в \\d\\d:\\d\\d`),
  );

  await teacher.context().close();
  await student.context().close();
});
