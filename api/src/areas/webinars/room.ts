import {
  WEBINAR_CHAT_KEPT,
  WEBINAR_ROOM_SIZE,
  type WebinarChatMessage,
  type WebinarHand,
  type WebinarPeer,
  type WebinarSignalKind,
} from '@lms/shared/contract';
import type { EventStream } from '../../lib/sse.js';

// The embedded room's signalling: who of each webinar has its event stream open, in this
// process, and the relay of WebRTC messages between them. Nothing leaves a webinar: a message
// goes only to a person whose stream is open in the same webinar, and only from one who is.
// The room also holds its raised hands (in the order raised; a hand goes down when its owner
// leaves) and its latest chat messages, kept while anyone is in the room.

interface Member extends WebinarPeer {
  stream: EventStream;
}

interface RoomState {
  hands: WebinarHand[];
  chat: WebinarChatMessage[];
  nextMessage: number;
}

export function createRooms(size = WEBINAR_ROOM_SIZE) {
  const rooms = new Map<number, Map<number, Member>>();
  const states = new Map<number, RoomState>();
  const stateOf = (webinarId: number): RoomState => {
    let state = states.get(webinarId);
    if (!state) {
      state = { hands: [], chat: [], nextMessage: 1 };
      states.set(webinarId, state);
    }
    return state;
  };
  const broadcast = (webinarId: number, name: string, data: unknown) => {
    for (const member of rooms.get(webinarId)?.values() ?? []) member.stream.send(name, data);
  };

  return {
    /** Whether one more person may enter (someone already in may come back: a new tab). */
    hasPlace(webinarId: number, personId: number): boolean {
      const room = rooms.get(webinarId);
      if (!room || room.has(personId)) return true;
      return room.size < size;
    },

    /**
     * Enters a person with their stream: they hear who is there (`welcome`), the others hear
     * of them (`joined`); when the stream ends they leave (`left`).
     */
    enter(webinarId: number, peer: WebinarPeer, stream: EventStream): void {
      let room = rooms.get(webinarId);
      if (!room) {
        room = new Map();
        rooms.set(webinarId, room);
      }
      // The same person in a second tab replaces the first.
      room.get(peer.id)?.stream.end();
      const peers = [...room.values()].map(({ id, name, host }) => ({ id, name, host }));
      room.set(peer.id, { ...peer, stream });
      const { hands, chat } = stateOf(webinarId);
      stream.send('welcome', { me: peer.id, peers, hands, chat });
      for (const other of room.values()) {
        if (other.id !== peer.id)
          other.stream.send('joined', { id: peer.id, name: peer.name, host: peer.host });
      }
      stream.onEnd(() => {
        const current = rooms.get(webinarId);
        if (current?.get(peer.id)?.stream !== stream) return;
        current.delete(peer.id);
        if (current.size === 0) {
          rooms.delete(webinarId);
          states.delete(webinarId);
          return;
        }
        for (const other of current.values()) other.stream.send('left', { id: peer.id });
        const state = stateOf(webinarId);
        if (state.hands.some((hand) => hand.id === peer.id)) {
          state.hands = state.hands.filter((hand) => hand.id !== peer.id);
          broadcast(webinarId, 'hands', { hands: state.hands });
        }
      });
    },

    has(webinarId: number, personId: number): boolean {
      return rooms.get(webinarId)?.has(personId) ?? false;
    },

    /** Relays a message to one person of the room; false when either is not in it. */
    relay(
      webinarId: number,
      from: number,
      to: number,
      message: { kind: WebinarSignalKind; payload: string },
    ): boolean {
      const room = rooms.get(webinarId);
      const target = room?.get(to);
      if (!room?.has(from) || !target || from === to) return false;
      target.stream.send('signal', { from, ...message });
      return true;
    },

    /**
     * Raises or lowers the hand of a person in the room (raising again keeps their place);
     * everyone hears the hands in the order raised. Undefined when they are not in the room.
     */
    hand(webinarId: number, personId: number, raised: boolean, now: number) {
      const member = rooms.get(webinarId)?.get(personId);
      if (!member) return undefined;
      const state = stateOf(webinarId);
      const up = state.hands.some((hand) => hand.id === personId);
      if (raised && !up)
        state.hands = [...state.hands, { id: personId, name: member.name, at: now }];
      if (!raised && up) state.hands = state.hands.filter((hand) => hand.id !== personId);
      if (raised !== up) broadcast(webinarId, 'hands', { hands: state.hands });
      return state.hands;
    },

    /**
     * A chat message of a person in the room, heard by everyone in it and kept (the latest
     * WEBINAR_CHAT_KEPT) for newcomers. Undefined when they are not in the room.
     */
    say(webinarId: number, personId: number, text: string, now: number) {
      const member = rooms.get(webinarId)?.get(personId);
      if (!member) return undefined;
      const state = stateOf(webinarId);
      const message = { id: state.nextMessage++, from: personId, name: member.name, text, at: now };
      state.chat = [...state.chat, message].slice(-WEBINAR_CHAT_KEPT);
      broadcast(webinarId, 'chat', message);
      return message;
    },

    /** Ends every stream of a webinar (cancelled). */
    close(webinarId: number): void {
      for (const member of rooms.get(webinarId)?.values() ?? []) member.stream.end();
    },

    /** Ends every stream (the server closes). */
    closeAll(): void {
      for (const id of [...rooms.keys()]) this.close(id);
    },
  };
}

export type Rooms = ReturnType<typeof createRooms>;
