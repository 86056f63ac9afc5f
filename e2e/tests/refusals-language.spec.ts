import { expect, test, type Browser, type Page } from '@playwright/test';
import { STUDENT, TEACHER, type Account } from '../support/portal';
import { BASE_URL } from '../support/server';

// What the server refuses reaches the user in their language (kg, ru, en): the sign-in, the
// password change, the public verification of a document. One journey per test.

type Lang = 'kg' | 'en';

/** The words of each language the screens and the server's refusals use. */
const WORDS = {
  en: {
    login: 'Login',
    password: 'Password',
    submit: 'Sign in',
    wrongCredentials: 'Invalid user name or password',
    passwordTitle: 'Change password',
    oldPassword: 'Old password',
    newPassword: 'New password',
    confirm: 'Confirm password',
    wrongOld: 'Wrong old password',
    forged: 'The document is not confirmed',
  },
  kg: {
    login: 'Логин',
    password: 'Сырсөз',
    submit: 'Кирүү',
    wrongCredentials: 'Колдонуучунун аты же сырсөзү туура эмес',
    passwordTitle: 'Сырсөздү өзгөртүү',
    oldPassword: 'Эски сырсөз',
    newPassword: 'Жаңы сырсөз',
    confirm: 'Сырсөздү ырастоо',
    wrongOld: 'Эски сырсөз туура эмес',
    forged: 'Документ тастыкталган жок',
  },
} as const;

/** A browser whose portal language is `lang` (the cookie the language switch writes). */
async function pageIn(browser: Browser, lang: Lang): Promise<Page> {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'lang', value: lang, url: BASE_URL }]);
  return context.newPage();
}

async function signIn(page: Page, lang: Lang, account: Account): Promise<void> {
  const words = WORDS[lang];
  await page.goto('/lms/login');
  await page.getByLabel(words.login, { exact: true }).fill(account.login);
  await page.getByLabel(words.password, { exact: true }).fill(account.password);
  await page.getByRole('button', { name: words.submit, exact: true }).click();
}

for (const lang of ['en', 'kg'] as const) {
  const words = WORDS[lang];

  test(`in ${lang}, a wrong sign-in is refused in that language`, async ({ browser }) => {
    const page = await pageIn(browser, lang);
    // A login nobody has: the demo accounts' sign-in throttle stays untouched.
    await signIn(page, lang, { login: `nobody-${lang}`, password: 'Wrong-password1' });
    await expect(page.getByRole('alert')).toContainText(words.wrongCredentials);
    await expect(page).toHaveURL(/\/lms\/login$/);
    await page.context().close();
  });

  test(`in ${lang}, a wrong old password is refused in that language`, async ({ browser }) => {
    const page = await pageIn(browser, lang);
    await signIn(page, lang, lang === 'en' ? TEACHER : STUDENT);
    await expect(page).toHaveURL(/\/lms\/?$/);
    await page.goto('/lms/profile');
    const form = page.getByRole('form', { name: words.passwordTitle });
    await form.getByLabel(words.oldPassword, { exact: true }).fill('Not-my-password1');
    await form.getByLabel(words.newPassword, { exact: true }).fill('Another-password1');
    await form.getByLabel(words.confirm, { exact: true }).fill('Another-password1');
    await form.getByRole('button', { name: words.passwordTitle }).click();
    await expect(form.getByRole('alert')).toContainText(words.wrongOld);
    await page.context().close();
  });

  test(`in ${lang}, a forged document link is refused in that language`, async ({ browser }) => {
    const page = await pageIn(browser, lang);
    // The public page needs no session: a visitor with a link that was tampered with.
    await page.goto('/lms/verify/1-AAAAAAAAAAAAAAAAAAAAAA');
    await expect(page.locator('html')).toHaveAttribute('lang', lang === 'kg' ? 'ky' : 'en');
    await expect(page.getByTestId('verify-status')).toContainText(words.forged);
    await page.context().close();
  });
}
