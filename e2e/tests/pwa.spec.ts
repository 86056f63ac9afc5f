import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { log, openConversation, signedIn, STUDENT_NAME, TEACHER_NAME } from '../support/chat';
import { STUDENT, TEACHER, loginAs, shellGrid } from '../support/portal';

// The portal as an installed app: its service worker (shell/src/sw) keeps the shell and the
// remotes' releases, the kit keeps what the user has seen (shared/src/data/offline.ts). The rest
// of the suite blocks service workers (playwright.config.ts); these tests let them run.
test.use({ serviceWorkers: 'allow' });

/** Waits until the portal's service worker controls the page (it precaches on install). */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) => {
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
    });
  });
}

/** The names of the portal's caches that hold a user's own things (cleared at sign-out). */
const personalCaches = (page: Page) =>
  page.evaluate(async () =>
    (await caches.keys()).filter((name) => name.startsWith('lms-personal-')),
  );

const asOf = (page: Page) => page.getByTestId('offline-as-of');

const main = (page: Page) => page.getByRole('main');

/** The one calm note of a page the portal has not kept for offline use. */
const notKept = (page: Page) =>
  main(page)
    .getByRole('status')
    .filter({ hasText: 'Эта страница ещё не сохранена для работы без сети.' });

/** The screen's heading inside the routed content. */
const screenHeading = (page: Page, name: string) =>
  main(page).getByRole('heading', { name, exact: true }).first();

/** The first row of data (under the header) of the screen's first table. */
const firstDataRow = (page: Page) =>
  main(page).getByRole('table').first().getByRole('rowgroup').nth(1).getByRole('row').first();

async function goOnline(context: BrowserContext): Promise<void> {
  await context.setOffline(false);
}

test('the portal is installable: manifest, icons and a service worker controlling /lms', async ({
  page,
  context,
}) => {
  await page.goto('/lms/login');
  // The login page starts the app (which registers the service worker) at the visitor's first key.
  await page.keyboard.press('Tab');
  await controlledByServiceWorker(page);
  const cdp = await context.newCDPSession(page);
  const { url, errors, data } = await cdp.send('Page.getAppManifest');
  expect(url).toMatch(/\/lms\/manifest\.webmanifest$/);
  expect(errors).toEqual([]);
  const manifest = JSON.parse(data ?? '{}') as Record<string, unknown>;
  expect(manifest).toMatchObject({
    name: 'Учебный портал',
    short_name: 'Портал',
    start_url: '/lms',
    display: 'standalone',
    theme_color: '#4967a3',
  });
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // A test browser context is incognito, where Chromium never offers to install anything; that
  // is the only criterion it may report.
  expect(installabilityErrors.map((error) => error.errorId)).toEqual(
    installabilityErrors.length === 0 ? [] : ['in-incognito'],
  );
});

test('offline, the screens seen before (and the profile) reload with their "as of" time; payment code needs the network', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await loginAs(page, STUDENT);
  await controlledByServiceWorker(page);
  // Each screen's first piece of data: a lesson's discipline, a row of marks, of the transcript.
  const screens = [
    {
      path: '/lms/schedule',
      heading: 'Расписание',
      data: (page: Page) =>
        main(page).getByTestId('schedule-lesson').first().getByRole('paragraph').nth(1),
    },
    { path: '/lms/journal', heading: 'Журнал занятий', data: firstDataRow },
    { path: '/lms/transcript', heading: 'Транскрипт', data: firstDataRow },
  ];
  const seen = new Map<string, string>();
  for (const screen of screens) {
    // Through the apps grid, as a user moves between screens.
    await page
      .getByRole('navigation', { name: 'Основное меню' })
      .getByRole('link', { name: 'Приложения' })
      .click();
    await main(page).getByRole('link', { name: screen.heading, exact: true }).click();
    await expect(screenHeading(page, screen.heading)).toBeVisible();
    await expect(screen.data(page)).toBeVisible();
    seen.set(screen.path, (await screen.data(page).textContent()) ?? '');
  }
  // The profile: its personal data (the student's group).
  const group = (page: Page) => main(page).locator('dl > div', { hasText: 'Группа' }).locator('dd');
  await page.goto('/lms/profile');
  await expect(group(page)).toHaveText(/\S/);
  const groupName = (await group(page).textContent()) ?? '';

  await context.setOffline(true);
  try {
    for (const screen of screens) {
      await page.goto(screen.path);
      await expect(screenHeading(page, screen.heading)).toBeVisible();
      await expect(asOf(page)).toContainText('Показано по состоянию на');
      await expect(screen.data(page)).toHaveText(seen.get(screen.path) ?? '');
    }
    await page.goto('/lms/profile');
    await expect(screenHeading(page, 'Профиль')).toBeVisible();
    await expect(group(page)).toHaveText(groupName);
    await expect(asOf(page)).toContainText('Показано по состоянию на');
    // Not seen before: says at once that it is not kept yet, nothing spins.
    await page.goto('/lms/paymentcode');
    await expect(screenHeading(page, 'Код оплаты')).toBeVisible();
    await expect(notKept(page)).toBeVisible();
    await expect(page.getByRole('main').getByText('Загрузка...')).toHaveCount(0);
  } finally {
    await goOnline(context);
  }
});

test("an area page opened last is kept for offline starts without its frame: offline, another address starts with the shell's own heading, not that area's", async ({
  page,
  context,
}) => {
  await loginAs(page, STUDENT);
  await controlledByServiceWorker(page);
  // The library's page comes with its frame (its heading, written by the server).
  const written = await (await context.request.get('/lms/library')).text();
  expect(written).toContain('id="lms-frame"');
  await page.goto('/lms/library');
  await expect(screenHeading(page, 'Электронная библиотека')).toBeVisible();
  // The copy the service worker keeps for every address is that page, without the frame.
  const kept = () => page.evaluate(async () => (await (await caches.match('/lms/'))?.text()) ?? '');
  await expect.poll(kept).toContain('/lms/public/library/mf-manifest.json');
  // (The page's styles name the frame; its element is gone.)
  expect(await kept()).not.toContain('id="lms-frame"');
  expect(await kept()).not.toContain('data-prerendered="frame"');

  await context.setOffline(true);
  try {
    await page.goto('/lms/schedule');
    await expect(screenHeading(page, 'Расписание')).toBeVisible();
    await expect(main(page).getByText('Электронная библиотека', { exact: true })).toHaveCount(0);
  } finally {
    await goOnline(context);
  }
});

for (const [where, viewport] of [
  ['at a desk', { width: 1280, height: 800 }],
  ['on a phone', { width: 375, height: 740 }],
] as const) {
  test(`${where}, offline, a page not seen before says once, calmly, that it is not saved for offline yet`, async ({
    browser,
  }) => {
    // The service worker installs (and keeps the remotes) before the network goes.
    test.slow();
    const context = await browser.newContext({ viewport, serviceWorkers: 'allow' });
    const page = await context.newPage();
    await loginAs(page, STUDENT);
    await controlledByServiceWorker(page);
    await context.setOffline(true);
    try {
      await expect(page.getByRole('alert').filter({ hasText: 'Нет сети !!!' })).toBeVisible();
      // Through its tile, as a user moves on: the payment code asks for three lists, none seen.
      await page
        .getByRole('link', { name: 'Код оплаты', exact: true })
        .locator('visible=true')
        .click();
      await expect(screenHeading(page, 'Код оплаты')).toBeVisible();
      await expect(notKept(page)).toHaveCount(1);
      await expect(notKept(page)).toBeInViewport();
      await expect(
        main(page).getByText('Нет сети. Проверьте подключение к интернету.'),
      ).toHaveCount(0);
      await expect(main(page).getByRole('button', { name: 'Повторить' })).toHaveCount(0);
      await expect(main(page).getByRole('alert')).toHaveCount(0);
    } finally {
      await goOnline(context);
    }
    // Back online, the page loads by itself and the note is gone.
    await expect(
      main(page).getByLabel('Услуга').locator('option', { hasText: 'Оплата за обучение' }),
    ).toBeAttached();
    await expect(notKept(page)).toHaveCount(0);
    await context.close();
  });
}

test('after sign-out an offline reload shows nothing of the previous user', async ({
  page,
  context,
}) => {
  await loginAs(page, STUDENT);
  await controlledByServiceWorker(page);
  await page.goto('/lms/journal');
  await expect(firstDataRow(page)).toBeVisible();
  const discipline =
    (await main(page)
      .getByRole('combobox', { name: 'Дисциплина' })
      .locator('option:checked')
      .textContent()) ?? '';
  expect(discipline).not.toBe('');
  expect(await personalCaches(page)).not.toEqual([]);

  await page.goto('/lms');
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/lms\/login/);
  expect(await personalCaches(page)).toEqual([]);

  await context.setOffline(true);
  try {
    await page.goto('/lms/journal');
    // The portal itself starts (its files are kept), without a session and without data.
    await expect(page.getByRole('heading', { name: 'Нет связи с сервером' })).toBeVisible();
    await expect(shellGrid(page)).toHaveCount(0);
    await expect(page.getByText(discipline)).toHaveCount(0);
    const kept = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('lms-offline');
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('copies')) return resolve(0);
            const count = db.transaction('copies').objectStore('copies').count();
            count.onsuccess = () => resolve(count.result);
          };
          open.onerror = () => resolve(0);
        }),
    );
    expect(kept).toBe(0);
  } finally {
    await goOnline(context);
  }
});

test('a chat message written offline waits "not sent yet", survives a reload and is delivered once', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(90_000);
  await loginAs(page, STUDENT);
  await controlledByServiceWorker(page);
  await openConversation(page, TEACHER_NAME);
  const text = `Написано без сети ${Date.now()}`;

  await context.setOffline(true);
  try {
    await page.getByLabel('Сообщение', { exact: true }).fill(text);
    await page.getByRole('button', { name: 'Отправить' }).click();
    const waiting = log(page).locator('article[data-pending]').filter({ hasText: text });
    await expect(waiting).toContainText('Не отправлено');
    // The message just written is on screen, at the end of the conversation.
    await expect(waiting).toBeInViewport();
    // The outbox outlives the page.
    await page.reload();
    await expect(shellGrid(page)).toBeVisible();
  } finally {
    await goOnline(context);
  }

  // Back online, it goes by itself; the teacher sees it once.
  const teacher = await signedIn(browser, TEACHER);
  try {
    await openConversation(teacher, STUDENT_NAME);
    await expect(log(teacher).getByText(text)).toHaveCount(1);
    await page.goto('/lms');
    await openConversation(page, TEACHER_NAME);
    await expect(log(page).getByText(text)).toHaveCount(1);
    await expect(log(page).locator('article[data-pending]')).toHaveCount(0);
    // Still once after the page asks again.
    await teacher.reload();
    await openConversation(teacher, STUDENT_NAME);
    await expect(log(teacher).getByText(text)).toHaveCount(1);
  } finally {
    await teacher.context().close();
  }
});
