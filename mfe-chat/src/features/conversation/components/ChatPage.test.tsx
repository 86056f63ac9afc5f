import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, testStudent as student } from '@lms/shared/testing';
import {
  answerWith,
  calls,
  EMPTY_CONVERSATION,
  message,
  renderChat,
  withChatApi,
  type Handler,
} from '../../../testing/chatApi';
import { ContactList } from '../../contacts';
import { UnreadBadge } from '../../unread';
import { ChatPage } from './ChatPage';

withChatApi();

describe('conversation', () => {
  async function openWith(responses: Handler) {
    answerWith(responses);
    renderChat(
      student,
      <>
        <ContactList />
        <ChatPage />
        <UnreadBadge />
      </>,
    );
    const contacts = await screen.findByRole('list', { name: 'Контакты' });
    await userEvent.click(within(contacts).getByText('Асанов Бакыт Маратович'));
  }

  it('an empty conversation says so', async () => {
    await openWith((path) =>
      path.endsWith('chat/messages.json') ? EMPTY_CONVERSATION : undefined,
    );
    expect(await screen.findByText('Нет сообщенний')).toBeInTheDocument();
    expect(calls('chat/messages.json')[0]).toMatchObject({
      id_from: 12,
      id_from_type: 2,
      id_to: 3,
      id_to_type: 1,
      id_discipline: 9,
      year: 26,
      ws: 1,
    });
  });

  it('opens around the first unread, pages older, reads all, deletes only on 1', async () => {
    const page = [
      message(21),
      message(22),
      message(23),
      message(24, { ismine: false }),
      message(25),
    ];
    let deleteAnswer = 0;
    await openWith((path, body) => {
      if (path.endsWith('chat/count.json'))
        return {
          status: 200,
          data: envelope({ total: 5, contacts: [{ idid: 3, countMessages: 3 }] }),
        };
      if (path.endsWith('chat/messages.json'))
        return {
          status: 200,
          data: envelope({
            messages: page,
            unreades_start: 23,
            unreades_total: 3,
            hasOlder: true,
            hasNewer: false,
          }),
        };
      if (path.endsWith('chat/old.json')) {
        expect(body.id_top_message).toBe(21);
        return { status: 200, data: envelope([message(19), message(20)]) };
      }
      if (path.endsWith('chat/readall.json')) return { status: 200, data: envelope(0) };
      if (path.endsWith('chat/deletemessage.json'))
        return { status: 200, data: envelope(deleteAnswer) };
      return undefined;
    });
    const log = await screen.findByRole('log');
    expect(await within(log).findByText('Сообщение 23')).toBeInTheDocument();
    expect(within(log).getByRole('separator')).toHaveTextContent('Новые сообщения');
    // Older page: fewer than 20, so no more older.
    await userEvent.click(within(log).getByRole('button', { name: 'Ранние сообщения' }));
    expect(await within(log).findByText('Сообщение 19')).toBeInTheDocument();
    expect(within(log).queryByRole('button', { name: 'Ранние сообщения' })).not.toBeInTheDocument();
    const texts = within(log)
      .getAllByText(/^Сообщение \d+$/)
      .map((node) => node.textContent);
    expect(texts).toEqual([
      'Сообщение 19',
      'Сообщение 20',
      'Сообщение 21',
      'Сообщение 22',
      'Сообщение 23',
      'Сообщение 24',
      'Сообщение 25',
    ]);
    // Read all: the contact's count goes to 0 and the total drops by as much.
    expect(screen.getByLabelText('Непрочитанных: 3')).toBeInTheDocument();
    expect(screen.getByTestId('chat-unread-total')).toHaveTextContent('5');
    await userEvent.click(screen.getByRole('button', { name: 'Прочитать все' }));
    await waitFor(() =>
      expect(screen.queryByLabelText('Непрочитанных: 3')).not.toBeInTheDocument(),
    );
    expect(screen.getByTestId('chat-unread-total')).toHaveTextContent('2');
    // Delete own message 22: confirmed, but the server answers 0 → it stays.
    const own = within(log).getByText('Сообщение 22').closest('article') as HTMLElement;
    await userEvent.click(within(own).getByRole('button', { name: 'Удалить' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: /ОК|Да|Удалить|OK/i }),
    );
    await waitFor(() => expect(calls('chat/deletemessage.json')).toHaveLength(1));
    expect(within(log).getByText('Сообщение 22')).toBeInTheDocument();
    // The server answers 1 → removed.
    deleteAnswer = 1;
    await userEvent.click(within(own).getByRole('button', { name: 'Удалить' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: /ОК|Да|Удалить|OK/i }),
    );
    await waitFor(() => expect(within(log).queryByText('Сообщение 22')).not.toBeInTheDocument());
    expect(calls('chat/deletemessage.json').at(-1)).toEqual({ id_message: 22, uid: 40 });
  });

  it('refuses files over the limit before sending', async () => {
    await openWith((path) =>
      path.endsWith('chat/messages.json') ? EMPTY_CONVERSATION : undefined,
    );
    await screen.findByText('Нет сообщенний');
    const big = new File([new Uint8Array(2000)], 'big.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText('Прикрепить файлы'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent('Файлы слишком большие');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(calls('chat/insert.json')).toHaveLength(0);
  });
});
