import { act, screen } from '@testing-library/react';
import { http, i18n, lmsStore, userAtom } from '@lms/shared';
import {
  ok,
  renderInPortal,
  signInForEachTest,
  stubApi,
  testTeacher,
  type StubbedApi,
} from '@lms/shared/testing';
import App from './App';

let api: StubbedApi;

signInForEachTest();

beforeEach(() => {
  api = stubApi(http, {
    '/api/discipline/current/ws.json': ok({ ws: 1, name: 'Осенний', active: [] }),
    '/api/discipline/current/year.json': ok({ id_a_year: 26, name: '2026-27' }),
    '/api/discipline/forStudentDisciplinelist.json': ok([]),
    '/api/visitlog/getdisciplineteacherjournal.json': ok([]),
  });
});

afterEach(() => api.restore());

describe('journal remote', () => {
  it('shows a student their own journal, translated', async () => {
    renderInPortal(<App />, '/lms/journal');
    const section = screen.getByRole('region', { name: 'Журнал занятий' });
    expect(section).toHaveAttribute('data-remote', 'journal');
    expect(section).toHaveAttribute('data-remote-version', 'test');
    expect(await screen.findByText('В этом семестре у вас нет дисциплин.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Вид занятия')).not.toBeInTheDocument();
    await act(() => i18n.changeLanguage('kg'));
    expect(screen.getByRole('heading', { name: 'Сабактардын журналы' })).toBeInTheDocument();
    expect(screen.getByText('Бул семестрде сизде дисциплиналар жок.')).toBeInTheDocument();
  });

  it('gives a teacher the choice chain', async () => {
    lmsStore.set(userAtom, testTeacher);
    renderInPortal(<App />, '/lms/journal');
    expect(await screen.findByLabelText('Вид занятия')).toBeInTheDocument();
    expect(await screen.findByText('В этом семестре у вас нет дисциплин.')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('heading', { name: 'Journal of lessons' })).toBeInTheDocument();
  });
});
