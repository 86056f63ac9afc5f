import { screen } from '@testing-library/react';
import { testStudent as student } from '@lms/shared/testing';
import { calls, renderChat, withChatApi } from '../../../testing/chatApi';
import { UnreadBadge } from './UnreadBadge';

withChatApi();

describe('the menu badge', () => {
  it("asks the semester's total alone: no discipline, group or contact list", async () => {
    renderChat(student, <UnreadBadge />);
    expect(
      await screen.findByRole('status', { name: 'Непрочитанных сообщений: 7' }),
    ).toHaveTextContent('7');
    expect(calls('chat/count.json')).toEqual([
      { year: 26, ws: 1, id_from_type: student.role, id_from: student.id },
    ]);
    for (const list of [
      'isciplinelist.json',
      'emester/list.json',
      'roup/list.json',
      'teachers/list.json',
    ])
      expect(calls(list)).toEqual([]);
  });
});
