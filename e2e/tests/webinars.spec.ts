import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { STUDENT, TEACHER, loginAs, remoteRoot, type Account } from '../support/portal';
import { BASE_URL } from '../support/server';

// Webinars in the campus remote, in the portal's own room (no BigBlueButton configured): a
// teacher schedules an online lesson for the demo student's group and starts it; the student
// joins on a phone and sees the teacher's camera; the teacher sees who joined. Chromium's fake
// camera and microphone stand in for real ones (the flags below), and its permission prompt is
// answered by itself. Each test cancels its webinar at the end, so the next one's start (a few
// minutes from now) is free for the teacher and the group.

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

/** Two classmates of the demo student (ПИ-1-25) no other spec signs in as. */
const CLASSMATES: Account[] = [
  { login: 's0017', password: 'Student1' },
  { login: 's0018', password: 'Student1' },
];

async function open(
  browser: Browser,
  account: Account,
  viewport: { width: number; height: number },
  lang?: 'kg' | 'en',
) {
  const context = await browser.newContext({ viewport, locale: 'ru-RU' });
  const page = await context.newPage();
  await loginAs(page, account);
  // The language chosen after signing in (the sign-in form is the Russian one).
  if (lang) await context.addCookies([{ name: 'lang', value: lang, url: BASE_URL }]);
  return page;
}

/** The words of the screens in the language of a test. */
const WORDS = {
  kg: {
    title: 'Вебинарлар',
    /** A discipline the demo teacher lectures to ПИ-1-25 (the journal's lecture). */
    discipline: 'Программалык камсыздоону тестирлөө',
    group_: 'ПИ-1-25',
    form: 'Онлайн сабак пландоо',
    group: 'Топ жана сабак',
    duration: 'Узактыгы',
    schedule: 'Пландоо',
    mine: 'Менин вебинарларым',
    start: /^Вебинарды баштоо/,
    groups: 'Менин тобумдун вебинарлары',
    join: /^Кирүү/,
    room: 'Бөлмө',
    attendance: 'Ким кирди',
    hands: 'Көтөрүлгөн колдор',
    raise: 'Кол көтөрүү',
    lower: 'Колду түшүрүү',
    chat: 'Чат',
    message: 'Бөлмөгө билдирүү',
    send: 'Жөнөтүү',
    markJournal: 'Кирген студенттерди журналга белгилөө',
    markYes: 'Ооба, белгилөө',
    cancel: /^Вебинарды жокко чыгаруу/,
  },
  en: {
    title: 'Webinars',
    discipline: 'Software Testing',
    /** ПИ-1-25 in English. */
    group_: 'SE-1-25',
    form: 'Schedule an online lesson',
    group: 'Group and discipline',
    duration: 'Duration',
    schedule: 'Schedule',
    mine: 'My webinars',
    start: /^Start the webinar/,
    groups: "My group's webinars",
    join: /^Join/,
    room: 'Room',
    attendance: 'Who joined',
    hands: 'Raised hands',
    raise: 'Raise hand',
    lower: 'Lower hand',
    chat: 'Chat',
    message: 'Message to the room',
    send: 'Send',
    markJournal: 'Mark joined students in the journal',
    markYes: 'Yes, mark them',
    cancel: /^Cancel the webinar/,
  },
} as const;
type Words = {
  [K in keyof (typeof WORDS)['en']]: (typeof WORDS)['en'][K] extends RegExp ? RegExp : string;
};

/** The teacher schedules a webinar of the words' discipline for ПИ-1-25 that opens at once, and starts it. */
async function startWebinar(teacher: Page, words: Words) {
  await teacher.goto('/lms/webinars');
  const root = remoteRoot(teacher, 'campus');
  await expect(root.getByRole('heading', { name: words.title, level: 1 })).toBeVisible();
  const form = root.getByRole('form', { name: words.form });
  const label = `${words.group_} — ${words.discipline}`;
  await expect(form.getByRole('option', { name: label })).toBeAttached();
  await form.getByLabel(words.group).selectOption({ label });
  await form.getByLabel(words.duration).selectOption('30');
  await form.getByRole('button', { name: words.schedule, exact: true }).click();
  const mine = root.getByRole('region', { name: words.mine });
  await mine.getByRole('link', { name: words.start }).first().click();
  await expect(teacher).toHaveURL(/\/lms\/webinars\/\d+$/);
  return root;
}

/** A student opens the group's open webinar; the room, once the teacher's camera shows in it. */
async function joinWebinar(student: Page, words: Words) {
  await student.goto('/lms/webinars');
  const campus = remoteRoot(student, 'campus');
  await campus
    .getByRole('region', { name: words.groups })
    .getByRole('link', { name: words.join })
    .first()
    .click();
  await expect(student).toHaveURL(/\/lms\/webinars\/\d+$/);
  const room = campus.getByRole('region', { name: words.room, exact: true });
  const teachersVideo = room.getByLabel(TEACHER_NAME, { exact: true });
  await expect.poll(() => videoWidth(teachersVideo), { timeout: 30_000 }).toBeGreaterThan(0);
  return room;
}

/** The teacher cancels the webinar from the list (after the confirmation). */
async function cancelWebinar(teacher: Page, words: Words) {
  await teacher.goto('/lms/webinars');
  const mine = remoteRoot(teacher, 'campus').getByRole('region', { name: words.mine });
  await mine.getByRole('button', { name: words.cancel }).first().click();
  await teacher.getByRole('dialog').getByRole('button').last().click();
  await expect(teacher.getByRole('dialog')).toHaveCount(0);
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

  await cancelWebinar(teacher, { ...WORDS.en, cancel: /^Отменить вебинар/, mine: 'Мои вебинары' });
  await teacher.context().close();
  await student.context().close();
});

test('in Kyrgyz: two students join and see the teacher; one raises a hand, the teacher sees it; the teacher marks the joiners in the journal, which shows them present', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const words = WORDS.kg;
  const teacher = await open(browser, TEACHER, { width: 1280, height: 900 }, 'kg');
  const root = await startWebinar(teacher, words);
  const students = [
    await open(browser, CLASSMATES[0]!, { width: 375, height: 812 }, 'kg'),
    await open(browser, CLASSMATES[1]!, { width: 1280, height: 900 }, 'kg'),
  ];
  const rooms = [await joinWebinar(students[0]!, words), await joinWebinar(students[1]!, words)];

  // The phone's student raises a hand with the keyboard; the teacher sees who.
  const hands = rooms[0]!.getByRole('region', { name: words.hands });
  const raise = hands.getByRole('button', { name: words.raise });
  await raise.focus();
  await students[0]!.keyboard.press('Enter');
  await expect(hands.getByRole('button', { name: words.lower })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const teacherHands = root.getByRole('region', { name: words.hands });
  const raised = teacherHands.getByRole('list', { name: words.hands }).getByRole('listitem');
  await expect(raised).toHaveCount(1);
  const attendance = root.getByRole('region', { name: words.attendance });
  await expect(attendance).toContainText(/Кирди: \d+ ичинен 2/, { timeout: 15_000 });
  const names = await attendance
    .getByRole('listitem')
    .filter({ hasText: /кирди$/ })
    .allTextContents();
  const joined = names.map((line) => line.split(':')[0]!);
  expect(joined).toHaveLength(2);
  expect(joined).toContainEqual((await raised.textContent())?.split(' · ')[0]);

  // Marked in the journal after the confirmation; the answer says how many.
  await attendance.getByRole('button', { name: words.markJournal }).click();
  const dialog = teacher.getByRole('dialog');
  await expect(dialog).toContainText('Кирген студенттерди (2)');
  await dialog.getByRole('button', { name: words.markYes }).click();
  await expect(attendance.getByRole('status')).toHaveText(
    'Журналга катышты деп азыр белгиленди: 2; журналда мурунтан бар: 0.',
  );

  // The journal shows both present on today's lecture.
  await teacher.goto('/lms/journal');
  const journal = teacher.getByRole('main').locator('[data-remote="journal"]');
  await expect(journal.getByRole('heading', { name: 'Сабактардын журналы' })).toBeVisible();
  await expect(
    journal.getByLabel('Дисциплина').getByRole('option', { name: words.discipline }),
  ).toBeAttached();
  await journal.getByLabel('Дисциплина').selectOption({ label: words.discipline });
  await expect(
    journal.getByLabel('Топ же топчо').getByRole('option', { name: 'ПИ-1-25 (бүт топ)' }),
  ).toBeAttached();
  await journal.getByLabel('Топ же топчо').selectOption({ label: 'ПИ-1-25 (бүт топ)' });
  await expect(
    journal.getByLabel('Сабактын түрү').getByRole('option', { name: 'Лекция' }),
  ).toBeAttached();
  await journal.getByLabel('Сабактын түрү').selectOption({ label: 'Лекция' });
  for (const name of joined) {
    const row = journal.getByRole('row').filter({
      has: teacher.getByRole('rowheader', { name: new RegExp(`^${name.split(' ')[0]}`) }),
    });
    await expect(row.getByRole('button', { name: /16\.11\.2026, .*: катышты$/ })).toHaveCount(1);
  }

  await cancelWebinar(teacher, words);
  for (const page of [teacher, ...students]) await page.context().close();
});

test('in English: the room beside the call (hands and chat) is axe clean at a desk and on a phone, for the teacher and a student', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const words = WORDS.en;
  const teacher = await open(browser, TEACHER, { width: 1280, height: 900 }, 'en');
  const root = await startWebinar(teacher, words);
  const student = await open(browser, CLASSMATES[0]!, { width: 375, height: 812 }, 'en');
  const room = await joinWebinar(student, words);

  const chat = room.getByRole('region', { name: words.chat });
  await chat.getByLabel(words.message).fill('Could you show the last slide again?');
  await chat.getByRole('button', { name: words.send }).click();
  await expect(chat.getByLabel(words.message)).toHaveValue('');
  const teacherChat = root.getByRole('region', { name: words.chat });
  await expect(teacherChat.getByRole('log')).toContainText('Could you show the last slide again?');
  await room.getByRole('button', { name: words.raise }).click();
  await expect(root.getByRole('region', { name: words.hands }).getByRole('listitem')).toHaveCount(
    1,
  );

  for (const [page, viewports] of [
    [
      student,
      [
        { width: 375, height: 812 },
        { width: 1280, height: 900 },
      ],
    ],
    [
      teacher,
      [
        { width: 1280, height: 900 },
        { width: 375, height: 812 },
      ],
    ],
  ] as const) {
    for (const viewport of viewports) {
      await page.setViewportSize(viewport);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
        await expect(
          remoteRoot(page, 'campus').getByRole('heading', { name: words.chat }),
        ).toBeVisible();
        await expectNoAxeViolations(
          page,
          `webinar room at ${viewport.width} px, ${colorScheme}`,
          '[data-remote="campus"]',
        );
      }
    }
  }

  await cancelWebinar(teacher, words);
  for (const page of [teacher, student]) await page.context().close();
});
