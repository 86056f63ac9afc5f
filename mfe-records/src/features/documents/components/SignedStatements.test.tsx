import { act, screen, within } from '@testing-library/react';
import {
  DOCUMENTS_API,
  http,
  i18n,
  lmsStore,
  pathWithQuery,
  STATEMENTS_API,
  userAtom,
  type SignedStatement,
} from '@lms/shared';
import {
  ok,
  refused,
  renderInPortal,
  signInForEachTest,
  stubApi,
  testTeacher,
  type StubbedApi,
} from '@lms/shared/testing';
import { DocumentsScreen } from './DocumentsScreen';

let api: StubbedApi;

signInForEachTest(testTeacher);

const SIGNED: SignedStatement = {
  id: 31,
  discipline: 'Базы данных',
  group: 'ПИ-1-23',
  id_a_year: 26,
  ws: 1,
  control: 'exam',
  state: 'signed',
  signed_at: Date.UTC(2026, 11, 20, 6, 30),
  confirmed_at: null,
  locked_at: null,
  verify_url: 'https://lms.example.kg/lms/verify/statement/31-AAAAAAAAAAAAAAAAAAAAAA',
  superseded_by: null,
  superseded_url: null,
};
const LOCKED: SignedStatement = {
  ...SIGNED,
  id: 27,
  control: 'credit',
  state: 'locked',
  confirmed_at: Date.UTC(2026, 11, 22, 9, 0),
  locked_at: Date.UTC(2026, 11, 23, 9, 0),
  verify_url: 'https://lms.example.kg/lms/verify/statement/27-BBBBBBBBBBBBBBBBBBBBBB',
  superseded_by: 40,
  superseded_url: 'https://lms.example.kg/lms/verify/statement/40-CCCCCCCCCCCCCCCCCCCCCC',
};

beforeEach(() => {
  lmsStore.set(userAtom, { ...testTeacher, registrarPerms: false });
  api = stubApi(http, { [STATEMENTS_API.signed.path]: ok([SIGNED, LOCKED]) });
});

afterEach(() => api.restore());

describe('DocumentsScreen (a teacher): the statements they signed', () => {
  it('lists each signed statement with its state, verification page and PDF', async () => {
    renderInPortal(<DocumentsScreen />, '/lms/documents');
    const signed = await screen.findByTestId('statement-document-31');
    expect(screen.getByRole('heading', { name: 'Подписанные мной ведомости' })).toBeVisible();
    expect(within(signed).getByRole('heading')).toHaveTextContent('Ведомость № 31');
    expect(signed).toHaveTextContent('Базы данных · ПИ-1-23 · Экзамен');
    expect(signed).toHaveTextContent('20.12.2026');
    expect(within(signed).getByTestId('statement-state')).toHaveTextContent(
      'Подписана преподавателем',
    );
    expect(
      within(signed).getByRole('link', { name: 'Скачать PDF: Ведомость № 31' }),
    ).toHaveAttribute(
      'href',
      expect.stringContaining(pathWithQuery(STATEMENTS_API.pdf, { id: '31' })),
    );
    expect(
      within(signed).getByRole('link', { name: 'Страница проверки: Ведомость № 31' }),
    ).toHaveAttribute('href', SIGNED.verify_url);
    const locked = screen.getByTestId('statement-document-27');
    expect(within(locked).getByTestId('statement-state')).toHaveTextContent('Закрыта');
    expect(locked).toHaveTextContent('Подтверждена');
    // A retake sheet superseded it: said so, with the newer sheet's page.
    expect(
      within(locked).getByRole('link', { name: 'Заменена более новой ведомостью № 40' }),
    ).toHaveAttribute('href', LOCKED.superseded_url);
    expect(within(signed).queryByTestId('statement-superseded')).not.toBeInTheDocument();
    // A teacher's documents are their statements: the student's list is not asked.
    expect(api.bodiesOf(DOCUMENTS_API.mine)).toHaveLength(0);
    await act(() => i18n.changeLanguage('en'));
    expect(within(signed).getByTestId('statement-state')).toHaveTextContent(
      'Signed by the teacher',
    );
    expect(
      within(signed).getByRole('link', { name: 'Download PDF: Statement No. 31' }),
    ).toBeVisible();
    expect(within(locked).getByTestId('statement-superseded')).toHaveTextContent(
      'Superseded by a newer sheet, No. 40',
    );
    await act(() => i18n.changeLanguage('kg'));
    expect(screen.getByRole('heading', { name: 'Мен кол койгон ведомосттор' })).toBeVisible();
    expect(within(locked).getByTestId('statement-superseded')).toHaveTextContent(
      'Жаңы № 40 ведомость менен алмаштырылган',
    );
  });

  it('says when the teacher has signed nothing', async () => {
    api.routes[STATEMENTS_API.signed.path] = ok([]);
    renderInPortal(<DocumentsScreen />, '/lms/documents');
    expect(await screen.findByText(/Вы ещё не подписали ни одной ведомости/)).toBeVisible();
  });

  it('shows a failure with a retry', async () => {
    api.routes[STATEMENTS_API.signed.path] = refused(500, 'Сбой');
    renderInPortal(<DocumentsScreen />, '/lms/documents');
    expect(await screen.findByRole('button', { name: /Повторить/ })).toBeInTheDocument();
  });
});
