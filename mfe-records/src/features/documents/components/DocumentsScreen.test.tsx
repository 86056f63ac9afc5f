import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ConfirmHost,
  DOCUMENTS_API,
  http,
  i18n,
  lmsStore,
  Notifications,
  ORDERS_API,
  pathWithQuery,
  userAtom,
} from '@lms/shared';
import {
  ok,
  refused,
  renderInPortal,
  signInForEachTest,
  stubApi,
  testStudent,
  testTeacher,
  type StubbedApi,
} from '@lms/shared/testing';
import { heldDocument, holder } from '../../../testing/fakeDocuments';
import { DocumentsScreen } from './DocumentsScreen';

let api: StubbedApi;

signInForEachTest(testStudent);

const TRANSCRIPT = heldDocument({
  id: 14,
  kind: 'transcript',
  detail: 'GPA 3,12, кредитов: 120',
  lang: 'ru',
  id_order: null,
});
const OLD_TRANSCRIPT = heldDocument({
  id: 9,
  kind: 'transcript',
  detail: 'GPA 3,00, кредитов: 90',
  lang: 'ru',
  id_order: null,
  superseded_by: 14,
});
const REVOKED = heldDocument({
  id: 7,
  revoked: Date.UTC(2026, 10, 21, 8, 0),
  revoke_reason: 'Неверная дата рождения',
});

beforeEach(() => {
  api = stubApi(http, {
    [DOCUMENTS_API.mine.path]: ok([TRANSCRIPT, heldDocument(), REVOKED, OLD_TRANSCRIPT]),
    [DOCUMENTS_API.search.path]: ok([holder()]),
    [DOCUMENTS_API.revoke.path]: ok(
      heldDocument({ revoked: Date.now(), revoke_reason: 'Ошибка в данных' }),
    ),
  });
});

afterEach(() => api.restore());

function renderScreen() {
  return renderInPortal(
    <>
      <DocumentsScreen />
      <ConfirmHost />
      <Notifications />
    </>,
    '/lms/documents',
  );
}

describe('DocumentsScreen (a student)', () => {
  it('lists every document with its date, language, status and links', async () => {
    renderScreen();
    const certificate = await screen.findByTestId('document-12');
    expect(within(certificate).getByRole('heading')).toHaveTextContent(
      'Справка с места учёбы № 12',
    );
    expect(certificate).toHaveTextContent('Печатается на выбранном языке');
    expect(certificate).toHaveTextContent('20.11.2026');
    expect(within(certificate).getByTestId('document-status')).toHaveTextContent('Действителен');
    expect(
      within(certificate).getByRole('link', { name: 'Скачать PDF: Справка с места учёбы № 12' }),
    ).toHaveAttribute(
      'href',
      expect.stringContaining(pathWithQuery(ORDERS_API.documentFile, { id_order: 5 })),
    );
    expect(
      within(certificate).getByRole('link', {
        name: 'Страница проверки: Справка с места учёбы № 12',
      }),
    ).toHaveAttribute('href', heldDocument().verify_url);

    const revoked = screen.getByTestId('document-7');
    expect(within(revoked).getByTestId('document-status')).toHaveTextContent(/^Отозван /);
    expect(within(revoked).getByTestId('document-reason')).toHaveTextContent(
      'Неверная дата рождения',
    );
    const old = screen.getByTestId('document-9');
    expect(within(old).getByTestId('document-status')).toHaveTextContent('Заменён документом № 14');
    expect(within(old).queryByRole('link', { name: 'Открыть транскрипт' })).toBeNull();
    const current = screen.getByTestId('document-14');
    expect(current).toHaveTextContent('русский');
    expect(within(current).getByRole('link', { name: 'Открыть транскрипт' })).toHaveAttribute(
      'href',
      '/lms/transcript',
    );
    // A student never revokes.
    expect(screen.queryByRole('button', { name: /Отозвать/ })).toBeNull();
    await act(() => i18n.changeLanguage('en'));
    expect(within(old).getByTestId('document-status')).toHaveTextContent('Superseded by No. 14');
    await act(() => i18n.changeLanguage('kg'));
    expect(within(certificate).getByTestId('document-status')).toHaveTextContent('Жарактуу');
  });

  it('says when nothing was issued', async () => {
    api.routes[DOCUMENTS_API.mine.path] = ok([]);
    renderScreen();
    expect(await screen.findByText(/Портал ещё не выдавал вам документов/)).toBeInTheDocument();
  });

  it('shows a failure with a retry', async () => {
    api.routes[DOCUMENTS_API.mine.path] = refused(500, 'Сбой');
    renderScreen();
    expect(await screen.findByRole('button', { name: /Повторить/ })).toBeInTheDocument();
  });
});

describe('DocumentsScreen (the registrar)', () => {
  beforeEach(() => {
    lmsStore.set(userAtom, { ...testTeacher, newsPerms: false, registrarPerms: true });
  });

  it('finds a person and revokes a document only with a reason and after the confirmation', async () => {
    const user = userEvent.setup();
    renderScreen();
    expect(api.bodiesOf(DOCUMENTS_API.mine)).toHaveLength(0);
    const search = screen.getByRole('textbox', { name: /ФИО студента или группа/ });
    await user.type(search, 'ж');
    await user.click(screen.getByRole('button', { name: 'Найти' }));
    expect(await screen.findByText('Введите не менее двух букв.')).toBeInTheDocument();
    expect(api.bodiesOf(DOCUMENTS_API.search)).toHaveLength(0);
    await user.type(search, 'умабаева');
    await user.click(screen.getByRole('button', { name: 'Найти' }));
    expect(
      await screen.findByRole('heading', { name: 'Жумабаева Айгерим Талантбековна, ПИ-1-23' }),
    ).toBeInTheDocument();
    expect(api.bodiesOf(DOCUMENTS_API.search)).toEqual([{ query: 'жумабаева' }]);

    await user.click(screen.getByRole('button', { name: 'Отозвать: Справка с места учёбы № 12' }));
    await user.click(screen.getByRole('button', { name: 'Отозвать' }));
    expect(await screen.findByText('Укажите причину не короче трёх символов.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Причина отзыва/ }), 'Ошибка в данных');
    await user.click(screen.getByRole('button', { name: 'Отозвать' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('«Ошибка в данных»');
    await user.click(within(dialog).getByRole('button', { name: 'Не отзывать' }));
    expect(api.bodiesOf(DOCUMENTS_API.revoke)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Отозвать' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Отозвать' }),
    );
    await waitFor(() =>
      expect(api.bodiesOf(DOCUMENTS_API.revoke)).toEqual([
        { id_document: 12, reason: 'Ошибка в данных' },
      ]),
    );
    expect(
      await screen.findByText('Справка с места учёбы № 12: документ отозван.'),
    ).toBeInTheDocument();
  });

  it('shows the server’s refusal of a revocation', async () => {
    api.routes[DOCUMENTS_API.revoke.path] = refused(409, 'Этот документ уже отозван');
    const user = userEvent.setup();
    renderScreen();
    await user.type(screen.getByRole('textbox', { name: /ФИО студента/ }), 'Жумабаева');
    await user.click(screen.getByRole('button', { name: 'Найти' }));
    await user.click(
      await screen.findByRole('button', { name: 'Отозвать: Справка с места учёбы № 12' }),
    );
    await user.type(screen.getByRole('textbox', { name: /Причина отзыва/ }), 'Дубликат');
    await user.click(screen.getByRole('button', { name: 'Отозвать' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Отозвать' }),
    );
    expect(await screen.findByText(/Этот документ уже отозван/)).toBeInTheDocument();
  });
});
