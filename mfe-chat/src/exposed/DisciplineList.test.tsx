import { act, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@lms/shared';
import { FakeEventSource, testTeacher as teacher } from '@lms/shared/testing';
import { calls, renderChat, withChatApi } from '../testing/chatApi';
import ContactList from './ContactList';
import DisciplineList from './DisciplineList';

withChatApi();

describe('where the unread messages are', () => {
  it('each discipline shows its unread count, each group of the chosen one its own', async () => {
    renderChat(
      teacher,
      <>
        <DisciplineList />
        <ContactList />
      </>,
    );
    // Both groups of "Тестирование ПО" (6 + 3), and the one of "Базы данных".
    const testing = await screen.findByRole('button', { name: /Тестирование ПО/ });
    expect(await within(testing).findByLabelText('Непрочитанных: 9')).toHaveTextContent('9');
    const databases = screen.getByRole('button', { name: /Базы данных/ });
    expect(within(databases).getByLabelText('Непрочитанных: 1')).toBeInTheDocument();
    // The group choice names each group's count of the chosen discipline.
    const groups = screen.getByLabelText('Группа');
    expect(await within(groups).findByRole('option', { name: 'ПИ-1-25 · 6' })).toBeInTheDocument();
    expect(within(groups).getByRole('option', { name: 'ПИ-2-25 · 3' })).toBeInTheDocument();
    // One request for the whole semester, shared by both panes.
    expect(calls('chat/countbydiscipline.json')).toEqual([
      { year: 26, ws: 1, id_from_type: 1, id_from: teacher.id },
    ]);
    await act(() => i18n.changeLanguage('en'));
    expect(within(testing).getByLabelText('Unread: 9')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('kg'));
    expect(within(testing).getByLabelText('Окулбаганы: 9')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('ru'));
  });

  it('a burst of live events asks for the counts once more', async () => {
    FakeEventSource.instances = [];
    Object.assign(globalThis, { EventSource: FakeEventSource });
    try {
      renderChat(teacher, <DisciplineList />);
      const testing = await screen.findByRole('button', { name: /Тестирование ПО/ });
      await within(testing).findByLabelText('Непрочитанных: 9');
      expect(calls('chat/countbydiscipline.json')).toHaveLength(1);
      const stream = FakeEventSource.instances[0] as FakeEventSource;
      stream.fire('open');
      for (const id of [5, 6, 7]) {
        const event = {
          kind: 'message',
          id_message: id,
          conversation: {
            year: 26,
            ws: 1,
            id_discipline: 9,
            id_group: 2,
            teacherId: 7,
            studentId: 13,
          },
          actor: { role: 2, id: 13 },
        };
        act(() => stream.fire('chat', JSON.stringify(event)));
      }
      await waitFor(() => expect(calls('chat/countbydiscipline.json')).toHaveLength(2));
    } finally {
      delete (globalThis as { EventSource?: unknown }).EventSource;
    }
  });
});
