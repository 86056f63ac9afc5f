// Webinars on BigBlueButton: the portal asks its server (here one on this machine that checks
// each call's checksum as BigBlueButton does and answers like the API reference) for a
// webinar's recordings; its teacher and its group's students read the published ones; others
// are refused; a server that does not answer is a clear 409. On SQLite, and on PostgreSQL when
// DATABASE_URL names one.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { TeachingChoice, Webinar, WebinarRecordingsResponse } from '@lms/shared/contract';
import { WEBINARS_MESSAGES } from '../src/areas/webinars/messages.js';
import { defaultOptions } from '../src/options.js';
import { COLLEAGUE, REGISTRAR, inEnglish } from './campus-helper.js';
import { createTestApp, DEMO, envelope, type Client, type TestApp } from './helper.js';
import { DEMO_LESSON_NOW } from './qr-helper.js';

const API = '/lms/api/webinars';
const SECRET = 'a-shared-secret-of-the-test-server';
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

/** A BigBlueButton server: checks the checksum; getRecordings answers for the meeting asked. */
function bigBlueButton() {
  const calls: string[] = [];
  let down = false;
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const call = url.pathname.split('/').at(-1) ?? '';
    const query = url.search.slice(1).replace(/&?checksum=[0-9a-f]+$/, '');
    calls.push(call);
    response.setHeader('content-type', 'text/xml');
    if (down) return void response.end('<html>502 Bad Gateway</html>');
    if (url.searchParams.get('checksum') !== sha1(`${call}${query}${SECRET}`)) {
      return void response.end(
        '<response><returncode>FAILED</returncode><messageKey>checksumError</messageKey></response>',
      );
    }
    const meeting = url.searchParams.get('meetingID') ?? '';
    const recording = (id: string, published: boolean, start: number) => `<recording>
      <recordID>${id}</recordID><meetingID>${meeting}</meetingID><name>Lesson</name>
      <published>${published}</published><state>${published ? 'published' : 'unpublished'}</state>
      <startTime>${start}</startTime><endTime>${start + 3_600_000}</endTime><participants>4</participants>
      <playback><format><type>presentation</type>
      <url>https://bbb.example.kg/playback/presentation/2.3/${id}</url><length>58</length></format></playback>
    </recording>`;
    response.end(
      `<response><returncode>SUCCESS</returncode><recordings>${recording('rec-1', true, DEMO_LESSON_NOW)}${recording('rec-2', false, DEMO_LESSON_NOW + 1000)}</recordings></response>`,
    );
  });
  return {
    calls,
    server,
    setDown: (value: boolean) => {
      down = value;
    },
  };
}

describe('webinars on BigBlueButton: recordings', () => {
  let t: TestApp;
  let teacher: Client;
  let student: Client;
  let others: Client[];
  let choice: TeachingChoice;
  const bbb = bigBlueButton();
  before(async () => {
    await new Promise<void>((resolve) => bbb.server.listen(0, '127.0.0.1', resolve));
    const { port } = bbb.server.address() as AddressInfo;
    const defaults = defaultOptions();
    t = await createTestApp({
      schedule: { ...defaults.schedule, clock: () => DEMO_LESSON_NOW },
      bbb: { url: `http://127.0.0.1:${port}/bigbluebutton/`, secret: SECRET, algorithm: 'sha1' },
    });
    teacher = await t.login(DEMO.teacher);
    student = await t.login(DEMO.student);
    others = [await t.login(COLLEAGUE), await t.login(REGISTRAR)];
    const choices = envelope<TeachingChoice[]>(await teacher.post(`${API}/teaching.json`, {}));
    const demo = await t.app.db.kysely
      .selectFrom('users as u')
      .innerJoin('students as s', 's.id', 'u.student_id')
      .select('s.group_id')
      .where('u.login', '=', DEMO.student.login)
      .executeTakeFirstOrThrow();
    choice = choices.data!.find((c) => c.id_group === demo.group_id)!;
  });
  after(async () => {
    await t.close();
    await new Promise((resolve) => bbb.server.close(resolve));
  });

  test('the teacher and the group read the published recordings; others refused; a silent server is a 409', async () => {
    const scheduled = await teacher.post(`${API}/schedule.json`, {
      id_group: choice.id_group,
      id_discipline: choice.id_discipline,
      start: '2026-11-16T09:50',
      duration: 45,
    });
    assert.equal(scheduled.statusCode, 200, scheduled.body);
    const webinar = envelope<Webinar>(scheduled).data!;
    const list = await teacher.post(`${API}/list.json`, {});
    assert.equal(envelope<{ engine: string }>(list).data!.engine, 'bbb');

    for (const client of [teacher, student]) {
      const answer = await client.post(`${API}/recordings.json`, { id: webinar.id });
      assert.equal(answer.statusCode, 200, answer.body);
      assert.deepEqual(envelope<WebinarRecordingsResponse>(answer).data, {
        engine: 'bbb',
        recordings: [
          {
            id: 'rec-1',
            start: DEMO_LESSON_NOW,
            end: DEMO_LESSON_NOW + 3_600_000,
            participants: 4,
            playback: [
              {
                type: 'presentation',
                url: 'https://bbb.example.kg/playback/presentation/2.3/rec-1',
                length: 58,
              },
            ],
          },
        ],
      });
    }
    assert.deepEqual(bbb.calls, ['getRecordings', 'getRecordings']);
    for (const client of others) {
      const refused = await client.post(`${API}/recordings.json`, { id: webinar.id });
      assert.equal(refused.statusCode, 403);
    }
    assert.equal((await student.post(`${API}/recordings.json`, { id: 99_999 })).statusCode, 403);
    assert.equal((await student.post(`${API}/recordings.json`, { id: 'x' })).statusCode, 400);
    assert.equal(bbb.calls.length, 2, 'nobody refused reached the server');

    bbb.setDown(true);
    const down = await inEnglish(student, `${API}/recordings.json`, { id: webinar.id });
    assert.equal(down.statusCode, 409);
    assert.equal(envelope(down).error, WEBINARS_MESSAGES.engineDown.en);
    bbb.setDown(false);
  });
});
