// The rooms and webinars tests' common start: the app on the demo Monday's clock (qrFixture:
// the demo teacher and student signed in), the registrar and a colleague who does not teach the
// demo group signed in, and the demo teacher's choice for the demo group.
import assert from 'node:assert/strict';
import type { TeachingChoice } from '@lms/shared/contract';
import type { Database } from '../src/db/schema.js';
import { envelope, type Client } from './helper.js';
import { qrFixture, type QrFixture } from './qr-helper.js';

export const REGISTRAR = { login: 'registrar', password: 'Registrar1' };
export const COLLEAGUE = { login: 't010', password: 'Teacher1' };

/** A POST asked in English (the refusals' en text). */
export const inEnglish = (client: Client, url: string, payload: object) =>
  client.request({ method: 'POST', url, payload, headers: { 'accept-language': 'en' } });

export interface CampusFixture {
  f: QrFixture;
  registrar: Client;
  colleague: Client;
  /** The demo teacher's discipline for the demo group. */
  choice: TeachingChoice;
  /** How many rows a table holds now. */
  count(table: keyof Database): Promise<number>;
}

/** The common start; `api` is the area's prefix (its teaching.json lists the choices). */
export async function campusFixture(api: string): Promise<CampusFixture> {
  const f = await qrFixture();
  const registrar = await f.t.login(REGISTRAR);
  const colleague = await f.t.login(COLLEAGUE);
  const choices = envelope<TeachingChoice[]>(await f.teacher.post(`${api}/teaching.json`, {}));
  const choice = choices.data!.find((c) => c.id_group === f.slot.groupId)!;
  assert.ok(choice, 'the demo teacher teaches the demo group');
  const count = async (table: keyof Database) =>
    Number(
      (
        await f.t.app.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { f, registrar, colleague, choice, count };
}
