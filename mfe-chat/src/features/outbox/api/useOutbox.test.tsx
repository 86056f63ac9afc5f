import { act, waitFor } from '@testing-library/react';
import { envelope, FakeEventSource, testStudent as student } from '@lms/shared/testing';
import { answerWith, calls, message, renderChat, withChatApi } from '../../../testing/chatApi';
import { queuedMessages, queueMessage } from '../outbox';
import { useOutboxFlush } from './useOutbox';

withChatApi();

function Flushing() {
  useOutboxFlush(student.uid);
  return null;
}

beforeEach(() => {
  FakeEventSource.instances = [];
  Object.assign(globalThis, { EventSource: FakeEventSource });
});
afterEach(() => {
  delete (globalThis as { EventSource?: unknown }).EventSource;
});

it('a message the restarting server did not take goes once the live stream opens again, with the browser online all along', async () => {
  let serverUp = false;
  answerWith((path) => {
    if (!path.endsWith('chat/insert.json')) return undefined;
    return serverUp
      ? { status: 200, data: envelope(message(41, { message: 'Ждёт сервер' })) }
      : { fail: 'network' };
  });
  await queueMessage({
    key: 'a'.repeat(32),
    uid: student.uid,
    conversation: '["conversation"]',
    target: {
      year: 26,
      ws: 1,
      id_discipline: 9,
      id_group: 2,
      id_from_type: 2,
      id_from: 13,
      id_to_type: 1,
      id_to: 3,
    },
    text: 'Ждёт сервер',
    createdAt: Date.now(),
  });

  renderChat(student, <Flushing />);
  // Tried at once: the server is not there, so it waits (not dropped, no online event to come).
  await waitFor(() => expect(calls('chat/insert.json')).toHaveLength(1));
  expect(queuedMessages()).toHaveLength(1);

  // The server is back: the chat's stream opens again.
  serverUp = true;
  const stream = FakeEventSource.instances[0] as FakeEventSource;
  act(() => stream.fire('open'));
  await waitFor(() => expect(queuedMessages()).toHaveLength(0));
  expect(calls('chat/insert.json')).toHaveLength(2);
});
