import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmHost, lmsStore, VISITLOG_API } from '@lms/shared';
import {
  renderInPortal,
  signInForEachTest,
  testTeacher,
  type StubbedApi,
} from '@lms/shared/testing';
import '../../../i18n';
import {
  checkInJournal,
  COLLEAGUE,
  ok,
  sampleJournal,
  stubVisitlog,
} from '../../../testing/fakeVisitlog';
import { chooseLessons, onAPhoneForEachTest } from '../../../testing/journalScreen';
import { EMPTY_SELECTION, journalSelectionAtom } from '../selection';
import { TeacherJournal } from './TeacherJournal';

signInForEachTest(testTeacher);

let api: StubbedApi;
// A 375 px phone.
onAPhoneForEachTest();
// Each test chooses its journal afresh: on a phone a chosen journal's selects are folded away.
beforeEach(() => lmsStore.set(journalSelectionAtom, EMPTY_SELECTION));
afterEach(() => api.restore());

describe('journal on a phone', () => {
  it('shows one lesson as a list (the latest first) and saves a mark chosen per student', async () => {
    api = stubVisitlog();
    const user = userEvent.setup();
    renderInPortal(<TeacherJournal />, '/lms/journal');
    await chooseLessons(user, 'Лекция');

    const list = await screen.findByRole('list', { name: 'Отметки: 14.09.2026, 2-я пара' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(list).getByLabelText('Абдыкадыров Азамат')).toHaveDisplayValue('4');
    expect(within(list).getByLabelText('Бакирова Айпери')).toHaveDisplayValue('присутствовал');

    await user.selectOptions(within(list).getByLabelText('Бакирова Айпери'), 'н/б');
    await waitFor(() =>
      expect(api.bodiesOf(VISITLOG_API.updateVisit)).toEqual([
        { id_lesson: 12, id_student: 102, otsenka: 'н/б', version: 1 },
      ]),
    );
    expect(await within(list).findByText('Сохранено')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Занятие'), '07.09.2026, 1-я пара');
    expect(screen.getByRole('list', { name: 'Отметки: 07.09.2026, 1-я пара' })).toBeInTheDocument();
    expect(screen.getByLabelText('Абдыкадыров Азамат')).toHaveDisplayValue('5');
  });

  it('lists every student of the group on the lesson, the unmarked too, and says who checked in by QR', async () => {
    api = stubVisitlog({ [VISITLOG_API.journal.path]: ok(checkInJournal()) });
    const user = userEvent.setup();
    renderInPortal(
      <>
        <TeacherJournal />
        <ConfirmHost />
      </>,
      '/lms/journal',
    );
    await chooseLessons(user, 'Лекция');

    const list = await screen.findByRole('list', { name: 'Отметки: 14.09.2026, 2-я пара' });
    expect(within(list).getAllByRole('combobox')).toHaveLength(3);
    expect(within(list).getByLabelText(/^Бакирова Айпери/)).toHaveAccessibleName(
      'Бакирова Айпери по QR-коду',
    );
    const unmarked = within(list).getByLabelText('Жолдошев Бекзат');
    expect(unmarked).toHaveDisplayValue('не отмечен(а)');
    await user.selectOptions(unmarked, 'присутствовал');
    await waitFor(() =>
      expect(api.bodiesOf(VISITLOG_API.updateVisit)).toEqual([
        { id_lesson: 12, id_student: 103, otsenka: null, version: 0 },
      ]),
    );
    expect(unmarked).toHaveDisplayValue('присутствовал');

    // An absence over a check-in is asked first; kept, the select shows the check-in again.
    const scanned = within(list).getByLabelText(/^Бакирова Айпери/);
    await user.selectOptions(scanned, 'н/б');
    const dialog = await screen.findByRole('dialog', { name: 'Студент отметился по QR-коду' });
    await user.click(within(dialog).getByRole('button', { name: 'Оставить отметку по QR' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(scanned).toHaveDisplayValue('присутствовал');
    expect(api.bodiesOf(VISITLOG_API.updateVisit)).toHaveLength(1);
  });

  it("shows a colleague's lesson as text, saying who gives it", async () => {
    const journal = sampleJournal();
    journal.lessons[1] = { ...journal.lessons[1]!, ...COLLEAGUE };
    api = stubVisitlog({ [VISITLOG_API.journal.path]: ok(journal) });
    const user = userEvent.setup();
    renderInPortal(<TeacherJournal />, '/lms/journal');
    await chooseLessons(user, 'Лекция');

    const list = await screen.findByRole('list', { name: 'Отметки: 14.09.2026, 2-я пара' });
    expect(screen.getByText(/^Занятие ведёт Петрова Анна: только просмотр/)).toBeInTheDocument();
    expect(within(list).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Абдыкадыров Азамат4');
  });
  it('folds the chosen journal into a summary whose button shows the choices again', async () => {
    api = stubVisitlog();
    const user = userEvent.setup();
    renderInPortal(<TeacherJournal />, '/lms/journal');
    await chooseLessons(user, 'Лекция');

    await screen.findByRole('list', { name: 'Отметки: 14.09.2026, 2-я пара' });
    expect(screen.queryByLabelText('Дисциплина')).not.toBeInTheDocument();
    const summary = screen.getByTestId('journal-choice');
    expect(summary).toHaveTextContent('Базы данных');
    expect(summary).toHaveTextContent(/ПИ-1-24 \(вся группа\) · Лекция · Осенний, \d{4}-\d{2}/);
    // The select the choice was made on is gone: the focus is on the button that brings it back.
    const change = screen.getByRole('button', { name: 'Изменить выбор журнала' });
    expect(change).toHaveFocus();
    expect(change).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{Enter}');
    expect(change).toHaveAttribute('aria-expanded', 'true');
    const choices = screen.getByRole('group', { name: 'Выбор журнала' });
    expect(change).toHaveAttribute('aria-controls', choices.id);
    await user.selectOptions(within(choices).getByLabelText('Вид занятия'), 'Практика');
    // Another journal chosen: folded again, its students listed.
    await waitFor(() => expect(screen.queryByLabelText('Вид занятия')).not.toBeInTheDocument());
    expect(screen.getByTestId('journal-choice')).toHaveTextContent('· Практика ·');
    expect(screen.getByRole('button', { name: 'Изменить выбор журнала' })).toHaveFocus();
    expect(await screen.findByRole('list', { name: /^Отметки: / })).toBeInTheDocument();
  });
});
