import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmHost, Notifications, VISITLOG_API } from '@lms/shared';
import {
  renderInPortal,
  signInForEachTest,
  testTeacher,
  type StubbedApi,
} from '@lms/shared/testing';
import '../../../i18n';
import { ok, stubVisitlog } from '../../../testing/fakeVisitlog';
import { chooseLessons } from '../../../testing/journalScreen';
import { TeacherJournal } from './TeacherJournal';

signInForEachTest(testTeacher);

let api: StubbedApi;
afterEach(() => api.restore());

async function openLesson(user: ReturnType<typeof userEvent.setup>) {
  renderInPortal(
    <>
      <TeacherJournal />
      <ConfirmHost />
      <Notifications />
    </>,
    '/lms/journal',
  );
  await chooseLessons(user, 'Лекция');
  // The button's name starts with what it shows: the short date and the order.
  await user.click(
    await screen.findByRole('button', {
      name: '14.09 2-я — тема и список занятия 14.09.2026, 2-я пара',
    }),
  );
  return screen.findByRole('region', { name: 'Тема занятия 14.09.2026, 2-я пара' });
}

describe('a lesson of the journal', () => {
  it("saves the lesson's topic and module", async () => {
    api = stubVisitlog({
      [VISITLOG_API.topic.path]: ok({ tema: '', id_module: null }),
      [VISITLOG_API.modules.path]: ok([{ id_module: 3, name: 'Модуль 1' }]),
      [VISITLOG_API.saveTopic.path]: ok({ sms: 'Тема сохранена' }),
    });
    const user = userEvent.setup();
    const panel = await openLesson(user);
    await user.type(await within(panel).findByLabelText('Тема'), 'Нормальные формы');
    await within(panel).findByRole('option', { name: 'Модуль 1' });
    await user.selectOptions(within(panel).getByLabelText('Модуль'), 'Модуль 1');
    await user.click(within(panel).getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Тема сохранена')).toBeInTheDocument();
    expect(api.bodiesOf(VISITLOG_API.saveTopic)).toEqual([
      { id_lesson: 12, tema: 'Нормальные формы', id_module: 3 },
    ]);
  });

  it('removes a student from the lesson and deletes the lesson after a confirmation', async () => {
    api = stubVisitlog({
      [VISITLOG_API.topic.path]: ok({ tema: 'Введение', id_module: null }),
      [VISITLOG_API.modules.path]: ok([]),
      [VISITLOG_API.removeStudent.path]: ok({ sms: 'Студент удалён из списка' }),
      [VISITLOG_API.deleteLesson.path]: ok({ sms: 'Занятие удалено', deleted: 1 }),
    });
    const user = userEvent.setup();
    const panel = await openLesson(user);
    await user.click(
      within(panel).getByRole('button', {
        name: 'Убрать из списка — Бакирова Айпери, занятие 14.09.2026, 2-я пара',
      }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Убрать из списка' }),
    );
    expect(await screen.findByText('Студент удалён из списка')).toBeInTheDocument();
    expect(api.bodiesOf(VISITLOG_API.removeStudent)).toEqual([{ id_lesson: 12, id_student: 102 }]);

    await user.click(within(panel).getByRole('button', { name: 'Удалить занятие' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Удалить все записи занятия 14.09.2026, 2-я пара?');
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Занятие удалено')).toBeInTheDocument();
    expect(api.bodiesOf(VISITLOG_API.deleteLesson)).toEqual([{ id_lesson: 12 }]);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /^Тема занятия/ })).not.toBeInTheDocument(),
    );
    // Each change asks for the journal again.
    expect(api.bodiesOf(VISITLOG_API.journal)).toHaveLength(3);
  });
});
