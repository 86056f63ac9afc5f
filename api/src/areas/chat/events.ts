import type { ChatEvent } from '@lms/shared/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_HEARTBEAT_MS, openEventStream } from '../../lib/sse.js';
import { sessionUser } from '../../access/index.js';
import type { ChatEventBus } from './bus.js';
import { conversationKey, eventConcerns } from './rules.js';
import { personOf, type ChatService } from './service.js';

export { DEFAULT_HEARTBEAT_MS };

/**
 * GET chat/events: a Server-Sent Events stream of the chat events (event name `chat`) that
 * concern the signed-in user: messages and deletions in their conversations, and their own
 * read marks (so their other tabs update counts). Returns the function that ends the stream.
 */
export function chatEventStream(
  events: Pick<ChatEventBus, 'subscribe'>,
  service: Pick<ChatService, 'canAccess'>,
  request: FastifyRequest,
  reply: FastifyReply,
  heartbeatMs = DEFAULT_HEARTBEAT_MS,
): () => void {
  const user = sessionUser(request);
  const person = personOf(user);
  const stream = openEventStream(request, reply, heartbeatMs);

  // Group-chat membership, looked up once per conversation for the life of the stream.
  const membership = new Map<string, Promise<boolean>>();
  const concerns = async (event: ChatEvent): Promise<boolean> => {
    const known = eventConcerns(person, event);
    if (known !== 'ask') return known;
    const ref = event.conversation;
    const key = conversationKey(ref);
    let member = membership.get(key);
    if (!member) {
      member = service.canAccess(person, ref);
      membership.set(key, member);
    }
    return member;
  };

  // Events leave in the order they arrived, whatever each membership check costs.
  let queue = Promise.resolve();
  const unsubscribe = events.subscribe((event) => {
    queue = queue
      .then(async () => {
        if (await concerns(event)) stream.send('chat', event);
      })
      .catch((error: unknown) => request.log.warn({ err: error }, 'chat event not delivered'));
  });
  stream.onEnd(unsubscribe);
  return stream.end;
}
