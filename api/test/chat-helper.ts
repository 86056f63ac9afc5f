import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { DEMO, envelope, type Client, type TestApp } from './helper.js';

export interface Me {
  uid: number;
  id: number;
  role: 1 | 2;
}

export interface Message {
  id_message: number;
  message: string;
  files: string[];
  ismine: boolean;
  fio: string;
  created: number;
}

export interface Opened {
  messages: Message[];
  unreades_start: number | null;
  unreades_total: number;
  hasOlder: boolean;
  hasNewer: boolean;
}

export async function whoAmI(client: Client): Promise<Me> {
  const response = await client.post('/lms/api/auth/enticate.json', {});
  return envelope<{ user: Me }>(response).data?.user as Me;
}

/** A multipart/form-data body, as a browser's FormData would send it. */
export function multipart(
  fields: Record<string, string | number>,
  files: { name: string; content: Buffer }[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----lms${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The conversation payload (spec §7) from `me` to `to` (a person id, or -1 with a group). */
export function target(
  me: Me,
  chain: { year: number; ws: number; id_discipline: number },
  to: number,
  group?: number,
) {
  return {
    ...chain,
    id_from_type: me.role,
    id_from: me.id,
    id_to_type: (to === -1 ? me.role : me.role === 1 ? 2 : 1) as 1 | 2,
    id_to: to,
    ...(group !== undefined && { id_group: group }),
  };
}

export function send(
  client: Client,
  fields: Record<string, string | number>,
  files: { name: string; content: Buffer }[] = [],
): Promise<LightMyRequestResponse> {
  const body = multipart(fields, files);
  return client.request({
    method: 'POST',
    url: '/lms/api/chat/insert.json',
    payload: body.payload,
    headers: body.headers,
  });
}

/** A signed-in client for any seeded account, without its password (sessions are opaque). */
export async function sessionFor(t: TestApp, userId: number): Promise<Client> {
  const token = await t.app.repos.sessions.create(userId, 60 * 60 * 1000);
  return t.client().useSession(token);
}

export interface Chain {
  year: number;
  ws: number;
  id_discipline: number;
}

/** The demo teacher and student, their seeded conversation, and a student who shares nothing. */
export interface DemoConversation {
  teacher: Client;
  student: Client;
  teacherMe: Me;
  studentMe: Me;
  chain: Chain;
  groupId: number;
  outsider: Client;
  outsiderMe: Me;
}

export async function demoConversation(t: TestApp): Promise<DemoConversation> {
  const teacher = await t.login(DEMO.teacher);
  const student = await t.login(DEMO.student);
  const teacherMe = await whoAmI(teacher);
  const studentMe = await whoAmI(student);
  const seeded = await t.app.db.kysely
    .selectFrom('chat_messages')
    .select(['year_id', 'ws_id', 'discipline_id', 'group_id'])
    .where('teacher_id', '=', teacherMe.id)
    .where('student_id', '=', studentMe.id)
    .executeTakeFirstOrThrow();
  // A student of another group: shares nothing with the demo teacher in this discipline.
  const other = await t.app.db.kysely
    .selectFrom('users')
    .innerJoin('students', 'students.id', 'users.student_id')
    .select('users.id')
    .where('students.group_id', '!=', seeded.group_id)
    .where('users.must_change_credentials', '=', 0)
    .orderBy('users.id')
    .executeTakeFirstOrThrow();
  const outsider = await sessionFor(t, other.id);
  return {
    teacher,
    student,
    teacherMe,
    studentMe,
    chain: { year: seeded.year_id, ws: seeded.ws_id, id_discipline: seeded.discipline_id },
    groupId: seeded.group_id,
    outsider,
    outsiderMe: await whoAmI(outsider),
  };
}
