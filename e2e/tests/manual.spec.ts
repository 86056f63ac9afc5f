import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { STUDENT, loginAs, remoteRoot, signedInPage } from '../support/portal';

/** A 375 px phone. */
const PHONE = { width: 375, height: 812 };

// The manual: a student on a phone, in English, opens it from the timetable's help link, lands on
// the timetable's section, searches it and opens a result.

test('in English on a phone, a student opens the manual from the timetable’s help link, searches it and opens a result', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // The language the switch would write: the portal reads the cookie on load.
  const page = await signedInPage(browser, STUDENT, { viewport: PHONE, lang: 'en' });

  await page.goto('/lms/schedule');
  const schedule = remoteRoot(page, 'journal');
  await expect(schedule.getByRole('heading', { level: 1, name: 'Timetable' })).toBeVisible();
  await schedule.getByRole('link', { name: 'Help for this screen' }).click();

  // The manual opens at the timetable's section, with the student's help.
  await expect(page).toHaveURL(/\/lms\/manual\/schedule$/);
  const manual = remoteRoot(page, 'manual');
  await expect(manual.getByRole('heading', { level: 1, name: 'Timetable' })).toBeVisible();
  await expect(manual.getByRole('radio', { name: 'student' })).toBeChecked();
  await expect(manual.getByRole('region', { name: 'Read this week’s lessons' })).toBeVisible();
  await expect(
    manual.getByText('You are offline; the timetable is the one saved on that date.'),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'the manual’s timetable section at 375 px');

  // Search: the count is announced, and the first result opens by keyboard.
  const search = manual.getByRole('search', { name: 'Search the manual' });
  await search.getByRole('searchbox', { name: 'Search the manual' }).fill('waiting list');
  await expect(search.getByRole('status')).toHaveText(/^Found: [1-9]\d*$/);
  const results = manual.getByRole('list', { name: 'Results' });
  const result = results.getByRole('link', {
    name: /Discipline registration.*A full stream: the waiting list/,
  });
  await expect(result).toBeVisible();
  await expectNoAxeViolations(page, 'the manual’s search results at 375 px');
  await result.click();

  await expect(page).toHaveURL(/\/lms\/manual\/registration\?as=student#student-task-2$/);
  await expect(
    manual.getByRole('heading', { level: 1, name: 'Discipline registration' }),
  ).toBeVisible();
  const task = manual.getByRole('region', { name: 'A full stream: the waiting list' });
  await expect(task).toBeFocused();
  await expect(task).toBeInViewport();
  await expect(manual.getByRole('searchbox', { name: 'Search the manual' })).toHaveValue('');
  await expectNoAxeViolations(page, 'the manual’s registration section at 375 px');
  await page.context().close();
});

test('in Kyrgyz on a phone, a student opens the manual from the webinars’ help link and searches it', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const page = await signedInPage(browser, STUDENT, { viewport: PHONE, lang: 'kg' });

  // One of the newest screens: its header has the help link too.
  await page.goto('/lms/webinars');
  const webinars = remoteRoot(page, 'campus');
  await expect(webinars.getByRole('heading', { level: 1, name: 'Вебинарлар' })).toBeVisible();
  await webinars.getByRole('link', { name: 'Жардам бул экран боюнча' }).click();

  await expect(page).toHaveURL(/\/lms\/manual\/webinars$/);
  const manual = remoteRoot(page, 'manual');
  await expect(manual.getByRole('heading', { level: 1, name: 'Вебинарлар' })).toBeVisible();
  await expect(manual.getByRole('radio', { name: 'студент' })).toBeChecked();
  await expect(manual.getByRole('region', { name: 'Онлайн сабакка кирүү' })).toBeVisible();
  await expect(manual.getByText('Бул вебинар сиздин топ үчүн эмес')).toBeVisible();
  await expectNoAxeViolations(page, 'the manual’s webinars section in Kyrgyz at 375 px');

  const search = manual.getByRole('search', { name: 'Колдонмодон издөө' });
  await search.getByRole('searchbox', { name: 'Колдонмодон издөө' }).fill('документ');
  await expect(search.getByRole('status')).toHaveText(/^Табылды: [1-9]\d*$/);
  const result = manual
    .getByRole('list', { name: 'Натыйжалар' })
    .getByRole('link', { name: /^Документтер/ });
  await expect(result).toBeVisible();
  await expectNoAxeViolations(page, 'the manual’s search results in Kyrgyz at 375 px');
  await result.click();

  await expect(page).toHaveURL(/\/lms\/manual\/documents$/);
  await expect(manual.getByRole('heading', { level: 1, name: 'Документтер' })).toBeVisible();
  await expect(manual.getByRole('region', { name: 'Өз документтериңизди көрүү' })).toBeVisible();
  await expect(manual.getByRole('searchbox', { name: 'Колдонмодон издөө' })).toHaveValue('');
  await expectNoAxeViolations(page, 'the manual’s documents section in Kyrgyz at 375 px');
  await page.context().close();
});

test.describe('offline', () => {
  // The portal's service worker keeps the manual's release (tests/pwa.spec.ts lets it run too).
  test.use({ serviceWorkers: 'allow' });

  test('the manual read once opens again offline, every section of it, and its search works', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await loginAs(page, STUDENT);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (navigator.serviceWorker.controller) return;
      await new Promise<void>((resolve) => {
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), {
          once: true,
        });
      });
    });
    const manual = remoteRoot(page, 'manual');
    await page.goto('/lms/manual/journal');
    await expect(manual.getByRole('heading', { level: 1, name: 'Журнал занятий' })).toBeVisible();

    await context.setOffline(true);
    try {
      await page.reload();
      await expect(manual.getByRole('heading', { level: 1, name: 'Журнал занятий' })).toBeVisible();
      // A section not opened before: the whole manual came with its release.
      await page.goto('/lms/manual/transcript');
      await expect(manual.getByRole('heading', { level: 1, name: 'Транскрипт' })).toBeVisible();
      await manual.getByRole('searchbox', { name: 'Поиск по руководству' }).fill('квитанция');
      await expect(manual.getByRole('search').getByRole('status')).toHaveText(/^Найдено: [1-9]/);
      await expect(
        manual.getByRole('list', { name: 'Результаты' }).getByRole('link', { name: /Код оплаты/ }),
      ).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });
});
