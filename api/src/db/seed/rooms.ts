import { equipmentMask } from '../../areas/rooms/index.js';
import type { SeedContext } from './context.js';

/**
 * Rooms' equipment: lecture halls have a projector and sound, every fourth classroom
 * computers, every third a smart board; the rest are plain. No bookings on a fresh portal.
 */
export async function seedRooms(ctx: SeedContext): Promise<void> {
  const { trx } = ctx;
  const rooms = await trx.selectFrom('rooms').select(['id', 'capacity']).orderBy('id').execute();
  for (const [index, room] of rooms.entries()) {
    const items =
      room.capacity >= 60
        ? (['projector', 'audio', 'videoconf'] as const)
        : index % 4 === 0
          ? (['projector', 'computers'] as const)
          : index % 3 === 0
            ? (['smartboard'] as const)
            : ([] as const);
    await trx
      .updateTable('rooms')
      .set({ equipment: equipmentMask(items) })
      .where('id', '=', room.id)
      .execute();
  }
}
