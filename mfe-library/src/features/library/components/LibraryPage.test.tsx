import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ConfirmHost, lmsStore, Notifications, userAtom } from '@lms/shared';
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
      '/api/library/getbooklist.json': (config) => {
        const body = bodyOf(config);
        return body.search
          ? ok({ items: [sampleBook()], total: 320, found: 12, page: 1, pageSize: 50 })
          : ok({ items: [sampleBook()], total: 320, found: null, page: 1, pageSize: 50 });
      },
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Линейная алгебра: учебник' })).toBeVisible();
    const link = screen.getByRole('link', { name: 'Открыть файл Линейная алгебра учебник.pdf' });
    expect(link).toHaveAttribute('href', '/lms/api/library/download.file?id=1');
    expect(link).toHaveAttribute('target', '_blank');
    // File names are shortened to 20 characters in the list.
    expect(within(link).getByText('Линейная алгебра уче...')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Добавить книгу' })).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Поиск'), { target: { value: 'асанов' } });
    fireEvent.change(screen.getByLabelText('Искать по'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Найти' }));
    expect(await screen.findByText('Найдено 12 файлов')).toBeInTheDocument();
    const sent = api.requests.filter((r) => r.url?.endsWith('getbooklist.json')).map(bodyOf);
    expect(sent.at(-1)).toEqual({ id_bookCategory: -1, page: 1, search: 'асанов', mode: 2 });
  });

  it('says when nothing was found and that all the files are shown', async () => {
    api = stubLibrary({
      '/api/library/getbooklist.json': ok({
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
      '/api/library/getbooklist.json': () =>
        ok({
          items: deleted ? [] : [sampleBook({ isMine: true })],
          total: deleted ? 0 : 1,
          found: null,
          page: 1,
          pageSize: 50,
        }),
      '/api/library/deletecheck.json': ok({ canDelete: true }),
      '/api/library/deleteebook.json': () => {
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
      '/api/library/getbooklist.json': ok({
        items: [sampleBook({ isMine: true })],
        total: 1,
        found: null,
        page: 1,
        pageSize: 50,
      }),
      '/api/library/deletecheck.json': ok({ canDelete: false }),
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
