import { expect, test, type Page } from '@playwright/test';
import { CATALOGUE_TRANSLATIONS } from 'api/catalogue-translations';
import {
  STUDENT,
  TEACHER,
  holdFirstRequest,
  keepTheAppAway,
  loginAs,
  type Account,
} from '../support/portal';

// Catalogue data (disciplines, faculties, positions, semesters…) comes from the API in the
// interface language: a Kyrgyz or English session shows none of the Russian names of the data.
// People's names are theirs in every language and are not checked.

type Lang = 'kg' | 'en';

const russianWords = (lang: Lang) =>
  Object.entries(CATALOGUE_TRANSLATIONS)
    .filter(([ru, [kg]]) => lang === 'en' || kg !== ru)
    .map(([ru]) => ru);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The Russian data words on the page (whole words only: "Право" is not found in "Правовой").
 * What people wrote (news, chat messages) is theirs and not checked.
 */
async function russianDataOn(page: Page, lang: Lang): Promise<string[]> {
  const text = await page.evaluate(() => {
    const copy = document.body.cloneNode(true) as HTMLElement;
    for (const authored of copy.querySelectorAll('[data-news-id] p, [role="log"]'))
      authored.remove();
    for (const hidden of copy.querySelectorAll('[hidden], script, style')) hidden.remove();
    // Each text node on a line of its own: words of neighbouring elements never run together.
    const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT);
    const lines: string[] = [];
    while (walker.nextNode()) lines.push(walker.currentNode.textContent ?? '');
    return lines.join('\n');
  });
  const found = russianWords(lang).filter((word) =>
    new RegExp(`(?<!\\p{L})${escape(word)}(?!\\p{L})`, 'u').test(text),
  );
  // Group codes are data too: ПИ-1-25 is SE-1-25 in English.
  if (lang === 'en') found.push(...(text.match(/[А-ЯЁ]{2}-\d-\d{2}/gu) ?? []));
  return found;
}

const LANGUAGE: Record<Lang, { button: string; discipline: RegExp; department: string }> = {
  en: {
    button: 'Eng',
    discipline: /Software Testing/,
    department: 'Department of Software Engineering',
  },
  kg: {
    button: 'Кыр',
    discipline: /Программалык камсыздоону тестирлөө/,
    department: 'Программалык камсыздоо кафедрасы',
  },
};

async function switchTo(page: Page, lang: Lang): Promise<void> {
  await page
    .getByRole('group', { name: 'Язык интерфейса' })
    .getByText(LANGUAGE[lang].button, { exact: true })
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang === 'kg' ? 'ky' : 'en');
}

for (const lang of ['en', 'kg'] as const) {
  for (const [who, account] of [
    ['teacher', TEACHER],
    ['student', STUDENT],
  ] as Array<[string, Account]>) {
    test(`${who} in ${lang}: home, chat and profile show the data in that language`, async ({
      page,
    }) => {
      // Sign-in, a switch, a reload, chat and profile: four page loads, slow on a busy machine.
      test.slow();
      await loginAs(page, account);
      await expect(
        page.getByRole('button', { name: /Тестирование программного обеспечения/ }).first(),
      ).toBeVisible();
      // The switch fetches what is shown again, without a reload.
      await switchTo(page, lang);
      const discipline = page.getByRole('button', { name: LANGUAGE[lang].discipline }).first();
      await expect(discipline).toBeVisible();
      await expect.poll(() => russianDataOn(page, lang)).toEqual([]);

      // A fresh load in that language (the cookie the switch wrote).
      await page.reload();
      await expect(discipline).toBeVisible();
      await discipline.click();
      await expect(discipline).toHaveAttribute('aria-pressed', 'true');
      await expect.poll(() => russianDataOn(page, lang)).toEqual([]);

      await page.goto('/lms/chat');
      await page.getByRole('button', { name: LANGUAGE[lang].discipline }).first().click();
      await expect(page.getByRole('list').filter({ hasText: /\p{L}/u }).first()).toBeVisible();
      await expect.poll(() => russianDataOn(page, lang)).toEqual([]);

      await page.goto('/lms/profile');
      if (who === 'teacher') await expect(page.getByText(LANGUAGE[lang].department)).toBeVisible();
      else
        await expect(
          page.getByText(lang === 'en' ? 'Software Engineering' : 'Программалык инженерия').first(),
        ).toBeVisible();
      await expect.poll(() => russianDataOn(page, lang)).toEqual([]);
    });
  }
}

test('a list still loading at a switch comes in the new language, not the old', async ({
  page,
}) => {
  // The chat's first screen (its discipline list among the rest, in one answer) is sent in
  // Russian and held until the user has switched.
  const list = await holdFirstRequest(page, '**/api/discipline/chain/start.json', 'server');
  await loginAs(page, STUDENT);
  await list.sent;
  await switchTo(page, 'en');
  list.release();
  await expect(page.getByRole('button', { name: LANGUAGE.en.discipline }).first()).toBeVisible();
  await expect.poll(() => russianDataOn(page, 'en')).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('before the app has arrived, the login screen switches language and theme and keeps what was typed', async ({
    page,
    context,
  }) => {
    // Only the boot script gets through: the prerendered screen is all there is.
    const app = await keepTheAppAway(page, 'cut off');
    await page.goto('/lms/login');
    await expect(page.locator('html')).toHaveAttribute('data-prerendered', 'login');
    // The server named the university in the page (logo.json), in each language's copy.
    const university = (name: string) =>
      page.getByText(name, { exact: true }).filter({ visible: true });
    await expect(university('Тянь-Шаньский университет')).toBeVisible();
    await page.getByLabel('Логин', { exact: true }).fill(STUDENT.login);
    await switchTo(page, 'en');
    await expect(page.getByLabel('Login', { exact: true })).toHaveValue(STUDENT.login);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(university('Tian Shan University')).toBeVisible();
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'lang')?.value).toBe('en');
    // The dark-mode switch works as well.
    await page.getByRole('switch', { name: 'Dark mode' }).tap();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('switch', { name: 'Dark mode' })).toBeChecked();

    // The app, once it comes (at the visitor's first key), is in the language and the theme
    // picked.
    await app.letIn();
    await page.reload();
    await page.getByLabel('Login', { exact: true }).press('Tab');
    await expect(page.locator('html')).not.toHaveAttribute('data-prerendered', 'login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('switch', { name: 'Dark mode' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(university('Tian Shan University')).toBeVisible();
    await expect(page.getByText('LMS portal', { exact: true })).toHaveCount(0);
  });

  test('a student who picks English on the login page sees home, chat and profile in English', async ({
    page,
  }) => {
    await page.goto('/lms/login');
    // Typed, then switched (on a slow phone, before the app has arrived): nothing typed is lost.
    await page.getByLabel('Логин', { exact: true }).fill(STUDENT.login);
    await switchTo(page, 'en');
    await expect(page.getByLabel('Login', { exact: true })).toHaveValue(STUDENT.login);
    await page.getByLabel('Password', { exact: true }).fill(STUDENT.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/lms\/?$/);
    // A phone's home opens on the list of sections.
    await expect(page.getByRole('link', { name: 'Personal card' })).toBeVisible();
    await expect.poll(() => russianDataOn(page, 'en')).toEqual([]);

    await page.goto('/lms/chat');
    await page.getByRole('button', { name: LANGUAGE.en.discipline }).first().click();
    await expect(page.getByRole('list').filter({ hasText: /\p{L}/u }).first()).toBeVisible();
    await expect.poll(() => russianDataOn(page, 'en')).toEqual([]);

    await page.goto('/lms/profile');
    await expect(page.getByText('Software Engineering').first()).toBeVisible();
    await expect.poll(() => russianDataOn(page, 'en')).toEqual([]);
  });
});
