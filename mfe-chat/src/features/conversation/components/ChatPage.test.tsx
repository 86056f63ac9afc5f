import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { clearPersonalCopies, i18n } from '@lms/shared';
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

/** Where the router is, as the shell's layout reads it (path and hash). */
function Location() {
  const { pathname, hash } = useLocation();
  return <output data-testid="location">{pathname + hash}</output>;
}

/** A phone's screen (the shell's breakpoint) for what asks window.matchMedia. */
function onAPhone(): () => void {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}

describe('chat page', () => {
  it('before a contact is chosen it is a kit page that says what to do', async () => {
    renderChat(student, <ChatPage />);
    const page = screen.getByRole('region', { name: 'Чат' });
    expect(page).toHaveClass('lms-ui-page');
    expect(page).toHaveAttribute('data-remote', 'chat');
    expect(page).toHaveAttribute('data-remote-version', 'test');
    expect(screen.getByRole('heading', { level: 1, name: 'Чат' })).toBeInTheDocument();
    expect(
      screen.getByText('Выберите дисциплину и собеседника или групповой чат.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Версия/)).not.toBeInTheDocument();
  });
});

describe('conversation', () => {
  async function openWith(responses: Handler) {
    answerWith(responses);
    renderChat(
      student,
      <>
        <ContactList />
        <ChatPage />
        <UnreadBadge />
        <Location />
      </>,
    );
    const contacts = await screen.findByRole('list', { name: 'Контакты' });
    await userEvent.click(within(contacts).getByText('Асанов Бакыт Маратович'));
  }

  it("is a kit page named after the contact, with times in the reader's language", async () => {
    await openWith((path) =>
      path.endsWith('chat/messages.json')
        ? {
            status: 200,
            data: envelope({
              messages: [message(21)],
              unreades_start: null,
              unreades_total: 0,
              hasOlder: false,
              hasNewer: false,
            }),
          }
        : undefined,
    );
    const page = await screen.findByRole('region', { name: 'Переписка: Асанов Бакыт Маратович' });
    expect(page).toHaveClass('lms-ui-page');
    expect(page).toHaveAttribute('data-remote', 'chat');
    expect(
      within(page).getByRole('heading', { level: 1, name: 'Переписка: Асанов Бакыт Маратович' }),
    ).toBeInTheDocument();
    const log = within(page).getByRole('log', { name: 'Переписка: Асанов Бакыт Маратович' });
    const sent = (await within(log).findByText('Сообщение 21')).closest('article') as HTMLElement;
    // 20 Nov 2026 09:30 UTC: the day is the same in every time zone the tests run in.
    expect(within(sent).getByText(/^20\.11\.2026, \d\d:\d\d$/)).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(within(sent).getByText(/^20 Nov 2026, \d\d:\d\d$/)).toBeInTheDocument();
    await act(() => i18n.changeLanguage('kg'));
    expect(within(sent).getByText(/^20\.11\.2026, \d\d:\d\d$/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Байланыштарга кайтуу' })).toBeInTheDocument();
  });

  it("says under its title which discipline and group it belongs to, in the reader's language", async () => {
    await openWith((path) =>
      path.endsWith('chat/messages.json') ? EMPTY_CONVERSATION : undefined,
    );
    const page = await screen.findByRole('region', { name: 'Переписка: Асанов Бакыт Маратович' });
    expect(await within(page).findByText('Тестирование ПО, группа ПИ-1-25')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(within(page).getByText('Тестирование ПО, group ПИ-1-25')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('kg'));
    expect(within(page).getByText('Тестирование ПО, ПИ-1-25 тобу')).toBeInTheDocument();
  });

  it('the composer: the text first, then the paperclip and Send, each named by what it shows', async () => {
    await openWith((path) =>
      path.endsWith('chat/messages.json') ? EMPTY_CONVERSATION : undefined,
    );
    await screen.findByText('Сообщений пока нет: напишите первое ниже.');
    const text = screen.getByRole('textbox', { name: 'Сообщение' });
    const attach = screen.getByLabelText('Прикрепить файлы');
    const send = screen.getByRole('button', { name: 'Отправить' });
    // The order a keyboard reaches them is the order they are seen in.
    expect(text.compareDocumentPosition(attach) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(attach.compareDocumentPosition(send) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(send).not.toHaveAttribute('aria-label');
  });

  it('on a phone, the back link leads from the conversation to the contact list', async () => {
    const restore = onAPhone();
    try {
      await openWith((path) =>
        path.endsWith('chat/messages.json') ? EMPTY_CONVERSATION : undefined,
      );
      expect(screen.getByTestId('location')).toHaveTextContent('/lms/chat#messages');
      const back = await screen.findByRole('link', { name: 'Назад к контактам' });
      expect(back).toHaveAttribute('href', '/lms/chat');
      await userEvent.click(back);
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/lms\/chat$/);
    } finally {
      restore();
    }
  });

  it('an empty conversation says so, and how to begin it', async () => {
    await openWith((path) =>
      path.endsWith('chat/messages.json') ? EMPTY_CONVERSATION : undefined,
    );
    expect(
      await screen.findByText('Сообщений пока нет: напишите первое ниже.'),
    ).toBeInTheDocument();
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

  it('a text that cannot reach the server, the browser online, waits "not sent" instead of failing', async () => {
    await openWith((path) => {
      if (path.endsWith('chat/messages.json')) return EMPTY_CONVERSATION;
      if (path.endsWith('chat/insert.json')) return { fail: 'network' };
      return undefined;
    });
    await screen.findByText('Сообщений пока нет: напишите первое ниже.');
    await userEvent.type(screen.getByRole('textbox', { name: 'Сообщение' }), 'Сервер недоступен');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    const log = screen.getByRole('log');
    expect(await within(log).findByText('Сервер недоступен')).toBeInTheDocument();
    expect(
      within(log).getByText('Не отправлено: уйдёт, когда появится сеть', { exact: false }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Сообщение не отправлено:/)).not.toBeInTheDocument();
    // As a sign-out does: the next test starts with nothing waiting.
    await act(() => clearPersonalCopies());
  });

  it('refuses files over the limit before sending', async () => {
    await openWith((path) =>
      path.endsWith('chat/messages.json') ? EMPTY_CONVERSATION : undefined,
    );
    await screen.findByText('Сообщений пока нет: напишите первое ниже.');
    const big = new File([new Uint8Array(2000)], 'big.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText('Прикрепить файлы'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent('Файлы слишком большие');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(calls('chat/insert.json')).toHaveLength(0);
  });
});
