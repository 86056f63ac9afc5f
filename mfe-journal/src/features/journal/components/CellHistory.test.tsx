import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUDIT_API, lmsStore, type AuditEntry } from '@lms/shared';
import {
  ok,
  refused,
  renderInPortal,
  signInForEachTest,
  testTeacher,
  type StubbedApi,
} from '@lms/shared/testing';
import '../../../i18n';
import { stubVisitlog } from '../../../testing/fakeVisitlog';
import { chooseLessons, onAPhoneForEachTest } from '../../../testing/journalScreen';
import { EMPTY_SELECTION, journalSelectionAtom } from '../selection';
import { TeacherJournal } from './TeacherJournal';

signInForEachTest(testTeacher);

const entry = (id: number, before: string, after: string, time: string): AuditEntry => ({
  id,
  at: 1_790_000_000_000 + id,
  date: '2026-09-14',
  time,
  kind: 'journal.cell',
  key: 'lesson:12/student:101',
  by: 'Асанов Бакыт',
  role: 1,
  before,
  after,
});

const HISTORY = [
  entry(1, 'null', '{"otsenka":"3","source":"manual"}', '09:31'),
  entry(2, '{"otsenka":"3","source":"manual"}', '{"otsenka":"4","source":"manual"}', '10:02'),
];

let api: StubbedApi;
// A 375 px phone.
onAPhoneForEachTest();
// Each test chooses its journal afresh: on a phone a chosen journal's selects are folded away.
beforeEach(() => lmsStore.set(journalSelectionAtom, EMPTY_SELECTION));
afterEach(() => api.restore());

async function openLesson() {
  const user = userEvent.setup();
  renderInPortal(<TeacherJournal />, '/lms/journal');
  await chooseLessons(user, 'Лекция');
  await screen.findByRole('list', { name: 'Отметки: 14.09.2026, 2-я пара' });
  return user;
}

describe("a journal cell's history", () => {
  it('lists each value with who set it and when, oldest first, and closes back to its action', async () => {
    api = stubVisitlog({ [AUDIT_API.cell.path]: ok(HISTORY) });
    const user = await openLesson();
    const action = screen.getByRole('button', {
      name: 'История отметки: Абдыкадыров Азамат, 14.09.2026, 2-я пара',
    });
    await user.click(action);
    const dialog = await screen.findByRole('dialog', { name: 'История отметки' });
    expect(
      within(dialog).getByText('Абдыкадыров Азамат, 14.09.2026, 2-я пара'),
    ).toBeInTheDocument();
    const list = await within(dialog).findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '3поставил(а) Асанов Бакыт 14.09.2026 в 09:31',
      '4поставил(а) Асанов Бакыт 14.09.2026 в 10:02было: 3',
    ]);
    expect(api.bodiesOf(AUDIT_API.cell)).toEqual([{ id_lesson: 12, id_student: 101 }]);
    // The focus is in the dialog; Escape closes it and gives the focus back.
    expect(within(dialog).getByRole('button', { name: 'Закрыть' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(action).toHaveFocus();
  });

  it('says when a cell has no history, and shows a refusal with a retry', async () => {
    api = stubVisitlog({ [AUDIT_API.cell.path]: ok([]) });
    const user = await openLesson();
    await user.click(
      screen.getByRole('button', {
        name: 'История отметки: Бакирова Айпери, 14.09.2026, 2-я пара',
      }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Изменений этой отметки пока нет.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    api.routes[AUDIT_API.cell.path] = refused(403, 'Доступ запрещён');
    await user.click(
      screen.getByRole('button', {
        name: 'История отметки: Бакирова Айпери, 14.09.2026, 2-я пара',
      }),
    );
    const refusedDialog = await screen.findByRole('dialog');
    expect(await within(refusedDialog).findByText(/Доступ запрещён/)).toBeInTheDocument();
    expect(within(refusedDialog).getByRole('button', { name: /Повторить/ })).toBeInTheDocument();
  });
});
