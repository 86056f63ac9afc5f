import { WEBINAR_ROOM_SIZE, type WebinarPeer, type WebinarSignalKind } from '@lms/shared/contract';
import type { EventStream } from '../../lib/sse.js';

// The embedded room's signalling: who of each webinar has its event stream open, in this
// process, and the relay of WebRTC messages between them. Nothing leaves a webinar: a message
// goes only to a person whose stream is open in the same webinar, and only from one who is.

interface Member extends WebinarPeer {
  stream: EventStream;
}

export function createRooms(size = WEBINAR_ROOM_SIZE) {
  const rooms = new Map<number, Map<number, Member>>();

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
      stream.send('welcome', { me: peer.id, peers });
      for (const other of room.values()) {
        if (other.id !== peer.id)
          other.stream.send('joined', { id: peer.id, name: peer.name, host: peer.host });
      }
      stream.onEnd(() => {
        const current = rooms.get(webinarId);
        if (current?.get(peer.id)?.stream !== stream) return;
        current.delete(peer.id);
        if (current.size === 0) rooms.delete(webinarId);
        for (const other of current.values()) other.stream.send('left', { id: peer.id });
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
