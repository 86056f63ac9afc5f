import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, lmsStore } from '@lms/shared';
import { testStudent as student, testTeacher as teacher } from '@lms/shared/testing';
import { calls, renderChat, withChatApi } from '../../../testing/chatApi';
import { currentContactAtom, DisciplineList, selectionAtom } from '../../chain';
import { UnreadBadge } from '../../unread';
import { ContactList } from './ContactList';

withChatApi();

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

  it("the semester's name is catalogue data: switching the language fetches it again", async () => {
    renderChat(
      teacher,
      <>
        <DisciplineList />
        <ContactList />
      </>,
    );
    expect(await screen.findByText('Семестр: Осенний')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByText('Semester: Fall')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('ru'));
    expect(await screen.findByText('Семестр: Осенний')).toBeInTheDocument();
  });

  it('choosing a discipline resets the contact and the subgroup; one group and semester hide the filter', async () => {
    renderChat(
      teacher,
      <>
        <DisciplineList />
        <ContactList />
      </>,
    );
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
