import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, lmsStore } from '@lms/shared';
import { envelope, testStudent as student, testTeacher as teacher } from '@lms/shared/testing';
import { answerWith, calls, renderChat, withChatApi } from '../../../testing/chatApi';
import { currentContactAtom, DisciplineList, selectionAtom } from '../../chain';
import { UnreadBadge } from '../../unread';
import { ContactList } from './ContactList';

withChatApi();

/** The teacher's discipline list and contacts, as the chat page shows them side by side. */
const renderTeacherChain = () =>
  renderChat(
    teacher,
    <>
      <DisciplineList />
      <ContactList />
    </>,
  );

describe('filter chain', () => {
  it('teacher: ws → disciplines → semesters → groups (first active) → students + group chat', async () => {
    renderChat(
      teacher,
      <>
        <DisciplineList />
        <ContactList />
        <UnreadBadge />
      </>,
    );
    const contacts = await screen.findByRole('list', { name: 'Контакты' });
    expect(within(contacts).getByText('Жумабаева Айгерим')).toBeInTheDocument();
    expect(within(contacts).getByText('Групповой чат')).toBeInTheDocument();
    expect(screen.getByText('Семестр: Осенний')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Тестирование ПО/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // Teachers use the teacher lists; the first group is the active one.
    expect(calls('discipline/list.json')[0]).toMatchObject({ uid: 7, year: 26, ws: 1 });
    expect(calls('students/list.json')[0]).toMatchObject({
      id_discipline: 9,
      id_semester: 3,
      id_group: 2,
    });
    // Unread counts per contact and for the group chat.
    expect(within(contacts).getByLabelText('Непрочитанных: 4')).toBeInTheDocument();
    expect(within(contacts).getByLabelText('Непрочитанных: 2')).toBeInTheDocument();
    expect(screen.getByTestId('chat-unread-total')).toHaveTextContent('7');
    // Two semesters and two groups: the contact filter shows.
    expect(screen.getByLabelText('Семестр')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Группа'), '5');
    await waitFor(() => expect(calls('students/list.json').at(-1)).toMatchObject({ id_group: 5 }));
  });

  it('the first screen comes in one answer (chain/start.json): no list is asked alone until it changes', async () => {
    answerWith((path) =>
      path.endsWith('chain/start.json')
        ? {
            status: 200,
            data: envelope({
              year: { id_a_year: 26, name: '2026-27' },
              ws: { ws: 1, name: 'Осенний', active: [] },
              disciplines: [
                { id_discipline: 9, name: 'Тестирование ПО', kredit: 5, isSelect: 0 },
                { id_discipline: 4, name: 'Базы данных', kredit: 4, isSelect: 0 },
              ],
              semesters: [
                { id_semester: 3, name: '3 семестр' },
                { id_semester: 5, name: '5 семестр' },
              ],
              groups: [
                { id_group: 2, name: 'ПИ-1-25', subgroups: [] },
                { id_group: 5, name: 'ПИ-2-25', subgroups: [] },
              ],
              students: [
                { id_student: 21, fullName: 'Осмонова Бегимай', id_group: 2, id_subgroup: null },
              ],
              teachers: [],
            }),
          }
        : undefined,
    );
    renderTeacherChain();
    const contacts = await screen.findByRole('list', { name: 'Контакты' });
    expect(within(contacts).getByText('Осмонова Бегимай')).toBeInTheDocument();
    expect(within(contacts).getByText('Групповой чат')).toBeInTheDocument();
    expect(screen.getByText('Семестр: Осенний')).toBeInTheDocument();
    expect(calls('chain/start.json')).toEqual([{}]);
    for (const list of [
      'discipline/list.json',
      'emester/list.json',
      'roup/list.json',
      'students/list.json',
    ])
      expect(calls(list)).toEqual([]);
    // Another group: its students are asked alone, as before.
    await userEvent.selectOptions(screen.getByLabelText('Группа'), '5');
    expect(await screen.findByText('Жумабаева Айгерим')).toBeInTheDocument();
    expect(calls('students/list.json')).toEqual([
      expect.objectContaining({ id_discipline: 9, id_semester: 3, id_group: 5 }),
    ]);
  });

  it('without the one answer (an API without it), each list is asked alone', async () => {
    renderChat(student, <ContactList />);
    const contacts = await screen.findByRole('list', { name: 'Контакты' });
    expect(within(contacts).getByText('Асанов Бакыт Маратович')).toBeInTheDocument();
    // The fake API answers chain/start.json with a 404, as an API without it would.
    expect(calls('chain/start.json')).toEqual([{}]);
    expect(calls('forStudentDisciplinelist.json')).toHaveLength(1);
    expect(calls('studentGroup/list.json')).toHaveLength(1);
  });

  it("the semester's name is catalogue data: switching the language fetches it again", async () => {
    renderTeacherChain();
    expect(await screen.findByText('Семестр: Осенний')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByText('Semester: Fall')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('ru'));
    expect(await screen.findByText('Семестр: Осенний')).toBeInTheDocument();
  });

  it('choosing a discipline resets the contact and the subgroup; one group and semester hide the filter', async () => {
    renderTeacherChain();
    const contacts = await screen.findByRole('list', { name: 'Контакты' });
    await userEvent.click(within(contacts).getByText('Исаков Нурбек'));
    expect(lmsStore.get(currentContactAtom)?.contact).toMatchObject({
      id: 14,
      id_type: 2,
      group: 2,
    });
    await userEvent.click(screen.getByRole('button', { name: /Базы данных/ }));
    expect(lmsStore.get(currentContactAtom)).toBeNull();
    expect(lmsStore.get(selectionAtom).subgroup).toBeNull();
    await waitFor(() =>
      expect(calls('students/list.json').at(-1)).toMatchObject({ id_discipline: 4 }),
    );
    expect(screen.queryByLabelText('Семестр')).not.toBeInTheDocument();
  });

  it('student: the teacher lists, teachers and the group chat', async () => {
    renderChat(student, <ContactList />);
    const contacts = await screen.findByRole('list', { name: 'Контакты' });
    expect(within(contacts).getByText('Асанов Бакыт Маратович')).toBeInTheDocument();
    expect(within(contacts).getByText('Лекция')).toBeInTheDocument();
    expect(calls('forStudentDisciplinelist.json')).toHaveLength(1);
    expect(calls('teachers/list.json')[0]).toMatchObject({ uid: 40, id_group: 2 });
    await userEvent.click(within(contacts).getByText('Групповой чат'));
    expect(lmsStore.get(currentContactAtom)?.contact).toMatchObject({
      id: -1,
      id_type: -1,
      name: 'Групповой чат',
    });
  });
});
