import { screen } from '@testing-library/react';
import { testStudent as student } from '@lms/shared/testing';
import { answerWith, calls, renderChat, withChatApi } from '../../../testing/chatApi';
import { UnreadBadge } from './UnreadBadge';

withChatApi();

describe('the menu badge', () => {
  it("asks the semester's total alone: no discipline, group or contact list", async () => {
    const asked: Record<string, unknown>[] = [];
    answerWith((path, body) => {
      if (path.endsWith('chat/count.json')) asked.push(body);
      return undefined;
    });
    renderChat(student, <UnreadBadge />);
    expect(
      await screen.findByRole('status', { name: 'Непрочитанных сообщений: 7' }),
    ).toHaveTextContent('7');
    expect(asked).toEqual([{ year: 26, ws: 1, id_from_type: student.role, id_from: student.id }]);
    for (const list of [
      'isciplinelist.json',
      'emester/list.json',
      'roup/list.json',
      'teachers/list.json',
    ])
      expect(calls(list)).toEqual([]);
  });
});
