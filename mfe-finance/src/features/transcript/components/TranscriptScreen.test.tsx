import { act, screen, within } from '@testing-library/react';
import { http, i18n, lmsStore, userAtom } from '@lms/shared';
import {
  ok,
  renderInPortal,
  signInForEachTest,
  stubApi,
  testTeacher,
  type StubbedApi,
} from '@lms/shared/testing';
import { TRANSCRIPT } from '../../../testing/fakeOrders';
import { TranscriptScreen } from './TranscriptScreen';

let api: StubbedApi;

signInForEachTest();

beforeEach(() => {
  api = stubApi(http, { '/api/misc/transcript.json': ok(TRANSCRIPT) });
});

afterEach(() => api.restore());

describe('TranscriptScreen', () => {
  it('shows the semesters as tables with totals and offers the PDF', async () => {
    renderInPortal(<TranscriptScreen />, '/lms/transcript');
    const [semester] = await screen.findAllByRole('region', {
      name: '2025-26, 1-й семестр (осенний), ПИ-1-25',
    });
    if (!semester) throw new Error('no semester section');
    const table = within(semester).getByRole('table');
    expect(within(table).getByRole('rowheader', { name: 'Программирование' })).toBeInTheDocument();
    expect(within(table).getByText('3.33')).toBeInTheDocument();
    expect(within(semester).getByText('Кредиты: 9 · GPA: 3.70')).toBeInTheDocument();
    expect(screen.getByTestId('transcript-gpa')).toHaveTextContent('3.70');
    expect(screen.getByRole('link', { name: 'Скачать PDF' }).getAttribute('href')).toContain(
      '/api/misc/transcript.file',
    );
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByText('Tian Shan University')).toBeInTheDocument();
    expect(
      screen.getAllByRole('region', { name: '2025-26, semester 1 (fall), ПИ-1-25' }).length,
    ).toBeGreaterThan(0);
  });

  it('says when there are no grades yet', async () => {
    api.routes['/api/misc/transcript.json'] = ok({
      ...TRANSCRIPT,
      groups: [],
      kredits_sum: 0,
      kredits_avg: 0,
    });
    renderInPortal(<TranscriptScreen />, '/lms/transcript');
    expect(await screen.findByText('Оценок за завершённые семестры пока нет.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Скачать PDF' })).not.toBeInTheDocument();
  });

  it('is for students only', () => {
    lmsStore.set(userAtom, testTeacher);
    renderInPortal(<TranscriptScreen />, '/lms/transcript');
    expect(screen.getByText('Транскрипт доступен только студентам.')).toBeInTheDocument();
  });
});
