import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ConfirmHost, i18n, LIBRARY_API, lmsStore, Notifications, userAtom } from '@lms/shared';
import {
  ok,
  renderInPortal,
  signInForEachTest,
  testTeacher,
  type StubbedApi,
} from '@lms/shared/testing';
import '../../../i18n';
import { bodyOf, sampleBook, stubLibrary } from '../../../testing/fakeLibrary';
import { LibraryPage } from './LibraryPage';

let api: StubbedApi;

signInForEachTest();
afterEach(() => api.restore());

function renderPage() {
  return renderInPortal(
    <>
      <LibraryPage />
      <ConfirmHost />
      <Notifications />
    </>,
    '/lms/library',
  );
}

describe('LibraryPage', () => {
  it('lists books with their file link and sends the search to the server', async () => {
    api = stubLibrary({
      [LIBRARY_API.books.path]: (config) => {
        const body = bodyOf(config);
        return body.search
          ? ok({ items: [sampleBook()], total: 320, found: 12, page: 1, pageSize: 50 })
          : ok({ items: [sampleBook()], total: 320, found: null, page: 1, pageSize: 50 });
      },
    });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Книги' });
    // The row is named by the book's title and author, as a library lists it.
    expect(
      within(table).getByRole('rowheader', { name: 'Линейная алгебра: учебник Асанов К. Т.' }),
    ).toBeVisible();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Название',
      'Файл',
      'Подкатегория',
      'Аннотация',
      'Страниц',
      'Добавлено',
      'Скачиваний',
    ]);
    // The file link is named by what it shows (the whole file name, cut by CSS only, and its
    // size), then what it does: no aria-label in other words.
    const link = within(table).getByRole('link', {
      name: 'Линейная алгебра учебник.pdf 2 КБ (откроется в новой вкладке)',
    });
    expect(link).not.toHaveAttribute('aria-label');
    expect(within(link).getByText('Линейная алгебра учебник.pdf')).toBeVisible();
    expect(link).toHaveAttribute('href', '/lms/api/library/download.file?id=1');
    expect(link).toHaveAttribute('target', '_blank');
    // Dates and numbers in the interface language's one form.
    expect(within(table).getByText('01.09.2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Добавить книгу' })).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Поиск'), { target: { value: 'асанов' } });
    fireEvent.change(screen.getByLabelText('Искать по'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Найти' }));
    expect(await screen.findByText('Найдено 12 файлов')).toBeInTheDocument();
    const sent = api.requests.filter((r) => r.url?.endsWith('getbooklist.json')).map(bodyOf);
    expect(sent.at(-1)).toEqual({ id_bookCategory: -1, page: 1, search: 'асанов', mode: 2 });
  });

  it("names a teacher's controls by the words they show, in each language", async () => {
    lmsStore.set(userAtom, testTeacher);
    api = stubLibrary({
      [LIBRARY_API.books.path]: ok({
        items: [
          sampleBook({
            isMine: true,
            fileName: 'Практикум по линейной алгебре, 2-е издание.docx',
            mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
            size: 1536 * 1024,
          }),
        ],
        total: 1,
        found: null,
        page: 1,
        pageSize: 50,
      }),
    });
    renderPage();
    const edit = await screen.findByRole('button', {
      name: 'Изменить «Линейная алгебра: учебник»',
    });
    expect(edit).not.toHaveAttribute('aria-label');
    expect(edit.textContent).toMatch(/^Изменить/);
    const link = screen.getByRole('link', {
      name: 'Практикум по линейной алгебре, 2-е издание.docx 1,5 МБ (скачивание файла)',
    });
    expect(link).toHaveAttribute('download', 'Практикум по линейной алгебре, 2-е издание.docx');
    expect(link).toHaveAttribute('href', '/lms/api/library/download.file?id=1&download=1');

    await act(() => i18n.changeLanguage('en'));
    try {
      expect(
        screen.getByRole('button', { name: 'Delete “Линейная алгебра: учебник”' }),
      ).toBeVisible();
      expect(
        screen.getByRole('link', {
          name: 'Практикум по линейной алгебре, 2-е издание.docx 1.5 MB (downloads the file)',
        }),
      ).toBeVisible();
      // en dates are day first with the month's name (ICU writes 'Sept' for September).
      expect(screen.getByText(/^01 Sept? 2026$/)).toBeInTheDocument();
      expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('ru'));
    }
  });

  it("gives a teacher no actions column on a page of other people's books", async () => {
    lmsStore.set(userAtom, testTeacher);
    api = stubLibrary();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Книги' });
    expect(screen.getByRole('button', { name: 'Добавить книгу' })).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Действия' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when nothing was found and that all the files are shown', async () => {
    api = stubLibrary({
      [LIBRARY_API.books.path]: ok({
        items: [sampleBook()],
        total: 320,
        found: 0,
        page: 1,
        pageSize: 50,
      }),
    });
    renderPage();
    fireEvent.change(await screen.findByLabelText('Поиск'), { target: { value: 'Zzz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Найти' }));
    expect(
      await screen.findByText('Поиск по Zzz не дал результатов, показаны все файлы (320)'),
    ).toBeInTheDocument();
  });

  it('deletes only after the check allows it and the user confirms; then reloads', async () => {
    lmsStore.set(userAtom, testTeacher);
    let deleted = false;
    api = stubLibrary({
      [LIBRARY_API.books.path]: () =>
        ok({
          items: deleted ? [] : [sampleBook({ isMine: true })],
          total: deleted ? 0 : 1,
          found: null,
          page: 1,
          pageSize: 50,
        }),
      [LIBRARY_API.deleteCheck.path]: ok({ canDelete: true }),
      [LIBRARY_API.remove.path]: () => {
        deleted = true;
        return ok({ id_eBook: 1 });
      },
    });
    renderPage();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Удалить «Линейная алгебра: учебник»' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Удалить книгу «Линейная алгебра: учебник»?')).toBeVisible();
    expect(api.requests.some((r) => r.url?.endsWith('deleteebook.json'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Книг пока нет')).toBeInTheDocument();
    const check = api.requests.find((r) => r.url?.endsWith('deletecheck.json'));
    expect(bodyOf(check!)).toEqual({ id_human: testTeacher.id, id_humanType: 1, id_EBook: 1 });
  });

  it('refuses to delete when the check says no', async () => {
    lmsStore.set(userAtom, testTeacher);
    api = stubLibrary({
      [LIBRARY_API.books.path]: ok({
        items: [sampleBook({ isMine: true })],
        total: 1,
        found: null,
        page: 1,
        pageSize: 50,
      }),
      [LIBRARY_API.deleteCheck.path]: ok({ canDelete: false }),
    });
    renderPage();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Удалить «Линейная алгебра: учебник»' }),
    );
    expect(
      await screen.findByText('Удалить эту книгу может только тот, кто её загрузил'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(api.requests.some((r) => r.url?.endsWith('deleteebook.json'))).toBe(false),
    );
  });
});
