import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ConfirmHost,
  http,
  i18n,
  lmsStore,
  MISC_API,
  NEWS_API,
  Notifications,
  userAtom,
  type SessionUser,
} from '@lms/shared';
import {
  envelope,
  renderInPortal,
  signInForEachTest,
  stubNetwork,
  testStudent as student,
  testTeacher as teacher,
} from '@lms/shared/testing';
import '../../../i18n';
import { FakeServer, newsItem } from '../../../testing/fakeNews';
import { NewsFeed } from './NewsFeed';

let server: FakeServer;

function renderFeed(user: SessionUser, variant: 'page' | 'pane' = 'page') {
  lmsStore.set(userAtom, user);
  return renderInPortal(
    <>
      <NewsFeed variant={variant} />
      <ConfirmHost />
      <Notifications />
    </>,
    '/lms/news',
  );
}

signInForEachTest(student);

beforeEach(() => {
  server = new FakeServer();
  server.install();
});

afterEach(() => {
  server.network.restore();
});

const articles = () => screen.getAllByRole('article');

describe('news feed', () => {
  it('shows page 1 newest first, then loads more until there is no more', async () => {
    server.items = Array.from({ length: 23 }, (_, index) => newsItem(index + 1));
    const user = userEvent.setup();
    renderFeed(student);
    expect(screen.getByText('Загрузка...')).toBeInTheDocument();
    await waitFor(() => expect(articles()).toHaveLength(10));
    expect(within(articles()[0]!).getByText('Новость 23')).toBeInTheDocument();
    expect(within(articles()[9]!).getByText('Новость 14')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Загрузить ещё' }));
    await waitFor(() => expect(articles()).toHaveLength(20));
    await user.click(screen.getByRole('button', { name: 'Загрузить ещё' }));
    await waitFor(() => expect(articles()).toHaveLength(23));
    expect(screen.queryByRole('button', { name: 'Загрузить ещё' })).not.toBeInTheDocument();
    expect(server.calls(NEWS_API.page).map((c) => JSON.parse(String(c.data)))).toEqual([
      { page: 1 },
      { page: 2 },
      { page: 3 },
    ]);
  });

  it('shows the author split, date and time, plain text with links, and attachment links', async () => {
    const item = newsItem(5, {
      message: 'Расписание: https://portal.example.kg/lms/schedule. <b>не жирный</b>',
      fileName: 'Очень длинное название приказа.pdf;!;итоги.xlsx',
    });
    server.items = [item];
    renderFeed(student);
    const card = await screen.findByRole('article');
    expect(within(card).getByText('Асанов Бакыт Маратович')).toBeInTheDocument();
    expect(within(card).getByText('Преподаватель')).toBeInTheDocument();
    // The kit's form of the language: day first with dots, a 24-hour time.
    expect(within(card).getByText(/^01\.01\.2026, \d\d:\d\d$/)).toBeInTheDocument();
    const link = within(card).getByRole('link', { name: 'https://portal.example.kg/lms/schedule' });
    expect(link).toHaveAttribute('href', 'https://portal.example.kg/lms/schedule');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // Markup in a message is text, never HTML.
    expect(card.querySelector('b')).toBeNull();
    expect(within(card).getByText(/<b>не жирный<\/b>/)).toBeInTheDocument();

    // Named by its type icon and the whole file name it shows (CSS cuts a long one).
    const pdf = within(card).getByRole('link', {
      name: 'Документ PDF Очень длинное название приказа.pdf',
    });
    expect(pdf).not.toHaveAttribute('aria-label');
    expect(pdf).toHaveAttribute('title', 'Очень длинное название приказа.pdf');
    expect(pdf).toHaveAttribute(
      'href',
      `/lms/api/news/download.file?filename=5_${encodeURIComponent('Очень длинное название приказа.pdf').replace(/%20/g, '+')}&type=4`,
    );
    expect(within(pdf).getByRole('img', { hidden: true })).toHaveAttribute('data-file-type', 'pdf');
    const excel = within(card).getByRole('link', { name: /итоги\.xlsx$/ });
    expect(within(excel).getByRole('img', { hidden: true })).toHaveAttribute(
      'data-file-type',
      'excel',
    );
  });

  it("writes dates and times in the reader's language", async () => {
    server.items = [newsItem(5)];
    renderFeed(student);
    const card = await screen.findByRole('article');
    expect(within(card).getByText(/^01\.01\.2026, \d\d:\d\d$/)).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(within(card).getByText(/^01 Jan 2026, \d\d:\d\d$/)).toBeInTheDocument();
    await act(() => i18n.changeLanguage('kg'));
    expect(within(card).getByText(/^01\.01\.2026, \d\d:\d\d$/)).toBeInTheDocument();
  });

  it('a student sees no compose form and no delete or edit controls', async () => {
    server.items = [newsItem(1, { canEdit: true })];
    renderFeed(student);
    await screen.findByRole('article');
    expect(screen.queryByRole('form', { name: 'Опубликовать новость' })).not.toBeInTheDocument();
    expect(screen.queryByTitle('Удалить?')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Изменить текст' })).not.toBeInTheDocument();
  });

  it('shows the empty state and, on failure, the error with a retry', async () => {
    server.failData = true;
    const user = userEvent.setup();
    renderFeed(student, 'pane');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Не удалось загрузить новости: Внутренняя ошибка сервера',
    );
    expect(screen.getByRole('region', { name: 'Лента новостей' })).toHaveAttribute(
      'data-remote-version',
      'test',
    );
    server.failData = false;
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Новостей пока нет')).toBeInTheDocument();
  });
});

describe('compose, delete and edit (newsPerms)', () => {
  it('posts text, audience, faculty and several files with upload progress, then reloads page 1', async () => {
    server.items = [newsItem(1)];
    const user = userEvent.setup();
    renderFeed(teacher);
    const form = await screen.findByRole('form', { name: 'Опубликовать новость' });
    await screen.findByRole('article');
    await user.type(within(form).getByLabelText('Текст новости'), 'Экзамен переносится');
    await user.selectOptions(within(form).getByLabelText('Кому'), 'Студентам');
    await within(form).findByRole('option', { name: 'Экономический факультет' });
    await user.selectOptions(within(form).getByLabelText('Факультет'), 'Экономический факультет');
    await user.upload(within(form).getByLabelText('Прикрепить файлы'), [
      new File(['a;b'], 'список.csv', { type: 'text/csv' }),
      new File(['%PDF'], 'приказ.pdf', { type: 'application/pdf' }),
    ]);
    expect(within(form).getByRole('list', { name: 'Выбранные файлы' }).children).toHaveLength(2);
    const dataCallsBefore = server.calls(NEWS_API.page).length;

    await user.click(within(form).getByRole('button', { name: 'Опубликовать' }));
    await waitFor(() => expect(server.calls(NEWS_API.insert)).toHaveLength(1));
    const sent = server.calls(NEWS_API.insert)[0]!.data as FormData;
    expect(sent.get('message')).toBe('Экзамен переносится');
    expect(sent.get('audience')).toBe('students');
    expect(sent.get('faculty')).toBe('2');
    expect((sent.getAll('files') as File[]).map((file) => file.name)).toEqual([
      'список.csv',
      'приказ.pdf',
    ]);
    expect(server.calls(NEWS_API.insert)[0]!.onUploadProgress).toEqual(expect.any(Function));

    await waitFor(() => expect(articles()).toHaveLength(2));
    expect(within(articles()[0]!).getByText('Экзамен переносится')).toBeInTheDocument();
    expect(server.calls(NEWS_API.page).length).toBe(dataCallsBefore + 1);
    expect(JSON.parse(String(server.calls(NEWS_API.page).at(-1)!.data))).toEqual({
      page: 1,
    });
    // The item is there at the top; the notice names no number the teacher never sees.
    expect(await screen.findByText('Новость опубликована')).toBeInTheDocument();
    expect(within(form).getByLabelText('Текст новости')).toHaveValue('');
  });

  it('shows the upload progress bar while sending', async () => {
    let progress: ((percent: number) => void) | undefined;
    server.network.restore();
    server.network = stubNetwork(http, (config) => {
      if (config.url === NEWS_API.insert.path) {
        progress = (percent) =>
          config.onUploadProgress?.({
            loaded: percent,
            total: 100,
            bytes: percent,
            lengthComputable: true,
          });
        return { hang: true };
      }
      if (config.url === '/config.json') return { status: 200, data: { uploadLimitBytes: 1000 } };
      if (config.url === MISC_API.registeredFaculties.path)
        return { status: 200, data: envelope([]) };
      return { status: 200, data: envelope({ items: [], page: 1, pageSize: 10, hasMore: false }) };
    });
    const user = userEvent.setup();
    renderFeed(teacher);
    const form = await screen.findByRole('form', { name: 'Опубликовать новость' });
    await user.type(within(form).getByLabelText('Текст новости'), 'С файлом');
    await user.click(within(form).getByRole('button', { name: 'Опубликовать' }));
    const bar = await screen.findByRole('progressbar', { name: 'Загрузка файлов' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    act(() => progress?.(40));
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(within(form).getByRole('button', { name: 'Отправка...' })).toBeDisabled();
  });

  it('refuses files over the upload limit before sending', async () => {
    server.limit = 1024;
    const user = userEvent.setup();
    renderFeed(teacher);
    const form = await screen.findByRole('form', { name: 'Опубликовать новость' });
    await within(form).findByText('Вместе не больше 1 КБ');
    await user.type(within(form).getByLabelText('Текст новости'), 'Большой файл');
    await user.upload(
      within(form).getByLabelText('Прикрепить файлы'),
      new File([new Uint8Array(2048)], 'big.pdf'),
    );
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Файлы слишком большие: вместе не больше 1 КБ',
    );
    expect(within(form).getByRole('button', { name: 'Опубликовать' })).toBeDisabled();
    await user.click(within(form).getByRole('button', { name: 'Убрать файл big.pdf' }));
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    expect(server.calls(NEWS_API.insert)).toHaveLength(0);
  });

  it('deletes an editable item after the confirmation and reports its id', async () => {
    server.items = [newsItem(1), newsItem(2, { canEdit: true })];
    const user = userEvent.setup();
    renderFeed(teacher);
    await waitFor(() => expect(articles()).toHaveLength(2));
    // Only the item the teacher may edit has the icon.
    expect(screen.getAllByTitle('Удалить?')).toHaveLength(1);

    await user.click(screen.getByTitle('Удалить?'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(server.calls(NEWS_API.remove)).toHaveLength(0);

    await user.click(screen.getByTitle('Удалить?'));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить' }),
    );
    expect(await screen.findByText('Новость № 2 удалена')).toBeInTheDocument();
    expect(JSON.parse(String(server.calls(NEWS_API.remove)[0]!.data))).toEqual({ id: 2 });
    await waitFor(() => expect(articles()).toHaveLength(1));
  });

  it('edits the text of an editable item', async () => {
    server.items = [newsItem(3, { canEdit: true, message: 'Старый текст' })];
    const user = userEvent.setup();
    renderFeed(teacher);
    const card = await screen.findByRole('article');
    await user.click(within(card).getByRole('button', { name: 'Изменить текст' }));
    const field = within(card).getByLabelText('Текст новости');
    await user.clear(field);
    await user.type(field, 'Новый текст');
    await user.click(within(card).getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Новость изменена')).toBeInTheDocument();
    expect(JSON.parse(String(server.calls(NEWS_API.update)[0]!.data))).toEqual({
      id: 3,
      message: 'Новый текст',
    });
    expect(await within(screen.getByRole('article')).findByText('Новый текст')).toBeInTheDocument();
  });
});
