import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { STUDENT_NAME, chooseDiscipline, contacts, log } from '../support/chat';
import { STUDENT, TEACHER, type Account } from '../support/portal';
import { BASE_URL, REPO_ROOT } from '../support/server';

async function waitForServer(server: ChildProcess, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the dev server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * A remote alone, as QA runs it (`npm run start -w mfe-<name>`, README), its API calls forwarded
 * to this suite's server. Ports from the README; overridable when taken.
 */
function standalone(
  remote:
    | 'news'
    | 'chat'
    | 'journal'
    | 'registration'
    | 'finance'
    | 'library'
    | 'testing'
    | 'records'
    | 'planning'
    | 'campus'
    | 'manual',
  defaultPort: number,
) {
  const port = Number(process.env[`LMS_E2E_${remote.toUpperCase()}_PORT`] ?? defaultPort);
  const origin = `http://localhost:${port}`;
  let devServer: ChildProcess | undefined;
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    devServer = spawn(
      process.execPath,
      [
        path.join(REPO_ROOT, 'node_modules', 'webpack-cli', 'bin', 'cli.js'),
        'serve',
        '--mode',
        'development',
        '--port',
        String(port),
      ],
      {
        cwd: path.join(REPO_ROOT, `mfe-${remote}`),
        env: { ...process.env, LMS_API_ORIGIN: BASE_URL },
        stdio: 'ignore',
        detached: true,
      },
    );
    await waitForServer(devServer, `${origin}/`, 140_000);
  });
  test.afterAll(() => {
    // The dev server and its children form one process group.
    if (devServer?.pid) process.kill(-devServer.pid, 'SIGTERM');
  });
  return async (page: Page, account: Account, route: string) => {
    await page.goto(`${origin}${route}`);
    await page.getByLabel('Логин', { exact: true }).fill(account.login);
    await page.getByLabel('Пароль', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Войти' }).click();
    return page.locator(`[data-remote="${remote}"]`);
  };
}

test.describe('the news remote standalone', () => {
  const open = standalone('news', 3001);

  test('logs in on its own page and shows the feed', async ({ page }) => {
    const feed = await open(page, STUDENT, '/lms/news');
    await expect(feed.getByRole('heading', { name: 'Новости' })).toBeVisible({ timeout: 20_000 });
    await expect(feed.getByRole('article')).toHaveCount(10);
    await expect(feed.getByRole('button', { name: 'Загрузить ещё' })).toBeVisible();
    // A student: no compose form.
    await expect(feed.getByRole('form')).toHaveCount(0);
  });
});

test.describe('the chat remote standalone', () => {
  const open = standalone('chat', 3002);

  test('logs in on its own page: a discipline, its contacts, and a conversation', async ({
    page,
  }) => {
    await open(page, TEACHER, '/lms/disciplines');
    await chooseDiscipline(page);
    // The shell's side panes are routes of their own here: the contacts keep the choice.
    await page.getByRole('link', { name: 'Контакты' }).click();
    await contacts(page)
      .getByRole('button', { name: new RegExp(STUDENT_NAME) })
      .click();
    await expect(page).toHaveURL(/\/lms\/chat/);
    await expect(page.getByRole('heading', { name: `Переписка: ${STUDENT_NAME}` })).toBeVisible({
      timeout: 20_000,
    });
    await expect(log(page).locator('article').first()).toBeVisible();
  });
});

test.describe('the journal remote standalone', () => {
  const open = standalone('journal', 3003);

  test("logs in on its own page and shows the teacher's journal choices", async ({ page }) => {
    const journal = await open(page, TEACHER, '/lms/journal');
    await expect(journal.getByRole('heading', { name: 'Журнал занятий' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(
      journal
        .getByLabel('Дисциплина')
        .getByRole('option', { name: 'Тестирование программного обеспечения' }),
    ).toBeAttached();
    // The standalone page links every area of the remote: the schedule too.
    await page.getByRole('link', { name: 'Расписание' }).first().click();
    await expect(journal.getByRole('heading', { level: 1, name: 'Расписание' })).toBeVisible({
      timeout: 20_000,
    });
  });
});

test.describe('the registration remote standalone', () => {
  const open = standalone('registration', 3005);

  test('logs in on its own page and shows the student’s registration', async ({ page }) => {
    const registration = await open(page, STUDENT, '/lms/registration');
    await expect(
      registration.getByRole('heading', { name: 'Регистрация на дисциплины' }),
    ).toBeVisible({ timeout: 20_000 });
    await expect(
      registration.getByRole('heading', { name: 'Обязательные дисциплины' }),
    ).toBeVisible();
  });
});

test.describe('the finance remote standalone', () => {
  const open = standalone('finance', 3006);

  test('logs in on its own page and shows the payment screen', async ({ page }) => {
    const finance = await open(page, STUDENT, '/lms/paymentcode');
    await expect(finance.getByRole('heading', { name: 'Код оплаты' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(
      finance.getByLabel('Услуга').getByRole('option', { name: /^Пересдача экзамена/ }),
    ).toBeAttached();
  });

  test('shows the document orders and the transcript on its own page', async ({ page }) => {
    const orders = await open(page, STUDENT, '/lms/singlewindow');
    await expect(orders.getByRole('heading', { name: 'Единое окно' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(
      orders.getByLabel('Документ', { exact: true }).getByRole('option', {
        name: 'Справка с места учёбы',
      }),
    ).toBeAttached();
    // The standalone page links every area of the remote.
    // A Russian reader: the decimal comma of the kit's formatter.
    await page.getByRole('link', { name: 'Транскрипт' }).first().click();
    await expect(orders.getByTestId('transcript-gpa')).toHaveText(/^\d,\d{2}$/, {
      timeout: 20_000,
    });
  });
});

test.describe('the library remote standalone', () => {
  const open = standalone('library', 3004);

  test('logs in on its own page and shows the e-library', async ({ page }) => {
    const library = await open(page, STUDENT, '/lms/library');
    await expect(library.getByRole('heading', { name: 'Электронная библиотека' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(
      library.getByRole('table', { name: 'Книги' }).getByRole('rowheader').first(),
    ).toBeVisible();
  });
});

test.describe('the testing remote standalone', () => {
  const open = standalone('testing', 3007);

  test('logs in on its own page and shows the teacher’s question bank with its imports', async ({
    page,
  }) => {
    const testing = await open(page, TEACHER, '/lms/testing');
    await expect(testing.getByRole('heading', { level: 1, name: 'Тестирование' })).toBeVisible({
      timeout: 20_000,
    });
    // The first discipline the teacher teaches is chosen by itself.
    await expect(testing.getByLabel('Дисциплина')).toBeVisible();
    await expect(testing.getByRole('heading', { name: 'Банк вопросов' })).toBeVisible();
    await expect(
      testing.getByRole('heading', { name: 'Импорт из файла Moodle XML' }),
    ).toBeVisible();
  });
});

test.describe('the records remote standalone', () => {
  const open = standalone('records', 3008);

  test('logs in on its own page and shows the teacher’s statements', async ({ page }) => {
    const records = await open(page, TEACHER, '/lms/statement');
    await expect(
      records.getByRole('heading', { level: 1, name: 'Электронная ведомость' }),
    ).toBeVisible({ timeout: 20_000 });
    await expect(
      records.getByRole('button', { name: /^Открыть ведомость / }).first(),
    ).toBeVisible();
  });
});

test.describe('the planning remote standalone', () => {
  const open = standalone('planning', 3009);

  test('logs in on its own page and shows the teacher’s workload', async ({ page }) => {
    const planning = await open(page, TEACHER, '/lms/workload');
    await expect(
      planning.getByRole('heading', { level: 1, name: 'Индивидуальная нагрузка' }),
    ).toBeVisible({ timeout: 20_000 });
    const rows = planning.getByRole('table', {
      name: 'План по дисциплинам, видам занятий и группам',
    });
    await expect(rows.getByRole('rowheader').first()).toBeVisible();
    await expect(planning.getByTestId('total-planned')).toHaveText(/^[1-9][\d\s\u00a0\u202f]*$/);
  });
});

test.describe('the campus remote standalone', () => {
  const open = standalone('campus', 3010);

  test('logs in on its own page and shows the teacher’s webinars', async ({ page }) => {
    const campus = await open(page, TEACHER, '/lms/webinars');
    await expect(campus.getByRole('heading', { level: 1, name: 'Вебинары' })).toBeVisible({
      timeout: 20_000,
    });
    const form = campus.getByRole('form', { name: 'Назначить онлайн-занятие' });
    await expect(
      form
        .getByLabel('Группа и дисциплина')
        .getByRole('option', { name: /^ПИ-1-25 — / })
        .first(),
    ).toBeAttached();
    await expect(campus.getByRole('region', { name: 'Мои вебинары' })).toBeVisible();
  });
});

test.describe('the manual remote standalone', () => {
  const open = standalone('manual', 3011);

  test('logs in on its own page, shows the contents and searches them', async ({ page }) => {
    const manual = await open(page, STUDENT, '/lms/manual');
    await expect(manual.getByRole('heading', { level: 1, name: 'Руководство' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(
      manual
        .getByRole('navigation', { name: 'Содержание' })
        .getByRole('link', { name: /Вебинары/ }),
    ).toBeVisible();
    await manual.getByRole('searchbox', { name: 'Поиск по руководству' }).fill('камеру');
    await expect(manual.getByRole('search').getByRole('status')).toHaveText(/^Найдено: [1-9]/);
    await manual
      .getByRole('list', { name: 'Результаты' })
      .getByRole('link', { name: /Вебинары/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/lms\/manual\/webinars\?as=student#student-(task|refusal)-\d$/);
    await expect(manual.getByRole('heading', { level: 1, name: 'Вебинары' })).toBeVisible();
  });
});
