// Rooms part of the benchmark: the free-room search of a teacher on a campus of about 300 rooms
// (the seed's and 272 more, of every size and equipment), each request a day and period of a week in
// turn, at the rate the server can take: req/s, latencies and the server's CPU per answer.
import { load, type Row, type Session } from './load.js';
import type { RunningServer } from './servers.js';
import { portalDatabase } from './students.js';

const EXTRA_ROOMS = 272;
const BUILDING = 'Bench building';

export async function benchRooms(portal: RunningServer, teacher: Session): Promise<Row[]> {
  const db = portalDatabase(portal);
  try {
    await db
      .insertInto('rooms')
      .values(
        Array.from({ length: EXTRA_ROOMS }, (_, i) => ({
          name: `9-${String(i + 1).padStart(3, '0')}`,
          building: BUILDING,
          capacity: 20 + (i % 5) * 20,
          latitude: 42.87,
          longitude: 74.57,
          radius_m: 60,
          equipment: i % 32,
        })),
      )
      .execute();
    // Monday to Saturday of the seed's week, the five periods each.
    let turn = 0;
    const nextBody = () => {
      const day = Math.floor(turn / 5) % 6;
      const period = (turn++ % 5) + 1;
      return {
        date: `2026-11-${16 + day}`,
        id_time: period,
        seats: 25,
        equipment: ['projector'],
      };
    };
    const { n } = await db
      .selectFrom('rooms')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return [
      await load(portal.base, {
        name: `rooms/free.json (${Number(n)} rooms, a week's periods in turn)`,
        path: '/lms/api/rooms/free.json',
        session: teacher,
        nextBody,
        pid: portal.pid,
      }),
    ];
  } finally {
    await db.deleteFrom('rooms').where('building', '=', BUILDING).execute();
    await db.destroy();
  }
}
