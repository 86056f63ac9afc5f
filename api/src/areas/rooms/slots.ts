import type { Insertable, Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';

// The ONE place that books and frees a slot of time: a room booking (rooms) and an online
// lesson (webinars) both write their row here and hold every minute of it for the room, the
// teacher and the group it takes. slot_holds' unique index (holder, holder_id, minute) refuses
// the second of two writes at once whose times overlap, on both databases.

/** Who a slot takes: a room, a teacher, a group (each at most one thing a minute). */
export type SlotHolder = 'room' | 'teacher' | 'group';

/** The tables whose rows hold slots (slot_holds.source). */
export type SlotSource = 'room_bookings' | 'webinars';

export interface SlotClaim {
  /** Who it takes, in the order a refusal names them (the first one taken). */
  holders: Partial<Record<SlotHolder, number>>;
  /** The start's date and 'HH:MM' in the university's time zone, and its length in minutes. */
  date: string;
  time: string;
  minutes: number;
}

/** Someone already holds a minute of the slot: who (a 409 the area words). */
export class SlotTaken extends Error {
  constructor(readonly holder: SlotHolder) {
    super(`slot taken: ${holder}`);
  }
}

/** The university-local minute of a date and 'HH:MM' (the zone's wall clock, no offset). */
export function localMinute(date: string, time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return Date.parse(`${date}T00:00:00Z`) / 60_000 + (hours ?? 0) * 60 + (minutes ?? 0);
}

/** The rows of slot_holds a claim writes for one holder. */
export function holdRows(source: SlotSource, sourceId: number, claim: SlotClaim) {
  const first = localMinute(claim.date, claim.time);
  const rows: Insertable<Database['slot_holds']>[] = [];
  for (const [holder, holderId] of Object.entries(claim.holders) as [SlotHolder, number][]) {
    for (let minute = first; minute < first + claim.minutes; minute += 1) {
      rows.push({ source, source_id: sourceId, holder, holder_id: holderId, minute });
    }
  }
  return rows;
}

const HOLDERS: SlotHolder[] = ['room', 'teacher', 'group'];

/** Books and frees slots on a handle (the service's transaction). */
export function createSlots(db: Kysely<Database>) {
  return {
    /**
     * Writes the row and holds its minutes; SlotTaken when someone holds one of them already
     * (the caller's transaction then rolls back the row too).
     */
    async book<T extends SlotSource>(
      source: T,
      row: Insertable<Database[T]>,
      claim: SlotClaim,
    ): Promise<number> {
      const { id } = (await db
        .insertInto(source as 'webinars')
        .values(row as Insertable<Database['webinars']>)
        .returning('id')
        .executeTakeFirstOrThrow()) as { id: number };
      // One statement per holder, so a refusal says whose minute it was.
      for (const holder of HOLDERS) {
        const holderId = claim.holders[holder];
        if (holderId === undefined) continue;
        const rows = holdRows(source, id, { ...claim, holders: { [holder]: holderId } });
        try {
          await db.insertInto('slot_holds').values(rows).execute();
        } catch (error) {
          if (isUniqueViolation(error)) throw new SlotTaken(holder);
          throw error;
        }
      }
      return id;
    },

    /** Cancels a row that still holds and frees its minutes; false when cancelled meanwhile. */
    async free(source: SlotSource, id: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable(source as 'webinars')
        .set({ cancelled_at: now })
        .where('id', '=', id)
        .where('cancelled_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await db
        .deleteFrom('slot_holds')
        .where('source', '=', source)
        .where('source_id', '=', id)
        .execute();
      return true;
    },
  };
}
