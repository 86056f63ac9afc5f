import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, i18n, lmsStore, TRANSCRIPT_API, userAtom } from '@lms/shared';
import {
  deferred,
  ok,
  refused,
  renderInPortal,
  signInForEachTest,
  stubApi,
  testStudent,
  testTeacher,
  type StubbedApi,
} from '@lms/shared/testing';
import { TRANSCRIPT } from '../../../testing/fakeOrders';
import { TranscriptScreen } from './TranscriptScreen';

let api: StubbedApi;

signInForEachTest();

beforeEach(() => {
  api = stubApi(http, {
    [TRANSCRIPT_API.transcript.path]: ok(TRANSCRIPT),
    [TRANSCRIPT_API.replaced.path]: ok([]),
  });
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
    // Numbers and dates as the language writes them: a decimal comma in ru and kg.
    expect(within(table).getByText('3,33')).toBeInTheDocument();
    expect(within(semester).getByText('Кредиты: 9 · GPA: 3,70')).toBeInTheDocument();
    expect(screen.getByTestId('transcript-gpa')).toHaveTextContent('3,70');
    expect(screen.getByText('02.04.2006')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Скачать PDF' })).toBeEnabled();
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByText('Tian Shan University')).toBeInTheDocument();
    expect(screen.getByTestId('transcript-gpa')).toHaveTextContent('3.70');
    expect(screen.getByText('02 Apr 2006')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader', { name: 'ECTS grade' }).length).toBeGreaterThan(0);
    expect(
      screen.getAllByRole('region', { name: '2025-26, semester 1 (fall), ПИ-1-25' }).length,
    ).toBeGreaterThan(0);
  });

  it('notes, under a retake’s new grade, the grade it replaced and when, in the reader’s language', async () => {
    api.routes[TRANSCRIPT_API.replaced.path] = ok([
      {
        id_group: 5,
        id_a_year: 25,
        ws_sort: 1,
        code_discipline: 'ФИТ-0102',
        score: 48,
        grade: 2,
        ekv_bukv: 'FX',
        date: '2026-01-20',
        replaced_on: '2026-02-12',
      },
    ]);
    renderInPortal(<TranscriptScreen />, '/lms/transcript');
    const [semester] = await screen.findAllByRole('region', {
      name: '2025-26, 1-й семестр (осенний), ПИ-1-25',
    });
    if (!semester) throw new Error('no semester section');
    const note = await within(semester).findByTestId('transcript-replaced');
    expect(note).toHaveTextContent(
      'Оценка пересдачи от 12.02.2026; заменила 48 (2, FX) от 20.01.2026.',
    );
    // Under the retake's new score, in its row (whose header stays the discipline), and no other.
    const row = note.closest('tr');
    if (!row) throw new Error('the note is not in a row');
    expect(within(row).getByRole('rowheader', { name: 'Математический анализ' })).toBeVisible();
    expect(note.closest('td')).toHaveTextContent(/^81/);
    expect(screen.getAllByTestId('transcript-replaced')).toHaveLength(1);
    // Asked for the signed-in student's own.
    const asked = api.bodiesOf(TRANSCRIPT_API.replaced);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((body) => JSON.stringify(body) === `{"id_student":${testStudent.id}}`)).toBe(
      true,
    );
    await act(() => i18n.changeLanguage('en'));
    expect(note).toHaveTextContent(
      'Retake grade of 12 Feb 2026; it replaced 48 (2, FX) of 20 Jan 2026.',
    );
    await act(() => i18n.changeLanguage('kg'));
    expect(note).toHaveTextContent(
      '12.02.2026 кайра тапшыруунун баасы; 20.01.2026 коюлган 48 (2, FX) баасын алмаштырды.',
    );
    await act(() => i18n.changeLanguage('ru'));
  });

  it('says when there are no grades yet', async () => {
    api.routes[TRANSCRIPT_API.transcript.path] = ok({
      ...TRANSCRIPT,
      groups: [],
      kredits_sum: 0,
      kredits_avg: 0,
    });
    renderInPortal(<TranscriptScreen />, '/lms/transcript');
    expect(await screen.findByText('Оценок за завершённые семестры пока нет.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Скачать PDF' })).not.toBeInTheDocument();
  });

  it('issues the PDF by POST and hands it to the browser under its own name, busy meanwhile', async () => {
    const user = userEvent.setup();
    const created: Blob[] = [];
    const saved: string[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return 'blob:transcript';
    };
    URL.revokeObjectURL = () => undefined;
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(`${this.download} ${this.href}`);
    });
    const pdf = deferred();
    api.routes[TRANSCRIPT_API.pdf.path] = pdf.reply;
    renderInPortal(<TranscriptScreen />, '/lms/transcript');
    await user.click(await screen.findByRole('button', { name: 'Скачать PDF' }));
    const busy = await screen.findByRole('button', { name: 'Выдаём PDF…' });
    expect(busy).toBeDisabled();
    expect(api.requests.at(-1)?.method).toBe('post');
    expect(api.bodiesOf(TRANSCRIPT_API.pdf)).toEqual([{ id_student: testStudent.id }]);
    act(() =>
      pdf.release({
        status: 200,
        data: '%PDF-1.7 transcript',
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="transcript-42.pdf"',
        },
      }),
    );
    expect(await screen.findByRole('button', { name: 'Скачать PDF' })).toBeEnabled();
    expect(saved).toEqual(['transcript-42.pdf blob:transcript']);
    expect(created).toHaveLength(1);
    click.mockRestore();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });

  it("says why when the PDF is refused, in the server's words", async () => {
    const user = userEvent.setup();
    api.routes[TRANSCRIPT_API.pdf.path] = refused(403, 'Доступ запрещён');
    renderInPortal(<TranscriptScreen />, '/lms/transcript');
    await user.click(await screen.findByRole('button', { name: 'Скачать PDF' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Не удалось получить PDF: Доступ запрещён',
    );
    expect(screen.getByRole('button', { name: 'Скачать PDF' })).toBeEnabled();
  });

  it('is for students only', () => {
    lmsStore.set(userAtom, testTeacher);
    renderInPortal(<TranscriptScreen />, '/lms/transcript');
    expect(screen.getByText('Транскрипт доступен только студентам.')).toBeInTheDocument();
  });
});
