import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, DEMO, envelope, type Client, type TestApp, whoAmI } from './helper.js';

interface Me {
  uid: number;
  id: number;
  role: 1 | 2;
}

describe('profile and misc', () => {
  let t: TestApp;
  let teacher: Client;
  let student: Client;
  let teacherMe: Me;
  let studentMe: Me;
  before(async () => {
    t = await createTestApp();
    teacher = await t.login(DEMO.teacher);
    student = await t.login(DEMO.student);
    teacherMe = await whoAmI(teacher);
    studentMe = await whoAmI(student);
  });
  after(async () => t.close());

  test('profile/data: personal data with position and department for a teacher', async () => {
    const response = await teacher.post('/lms/api/profile/data.json', {
      uid: teacherMe.uid,
      role: 1,
    });
    assert.equal(response.statusCode, 200);
    const data = envelope<Record<string, unknown>>(response).data;
    assert.equal(data?.fullName, 'Асанов Бакыт Маратович');
    assert.equal(data?.gender, 'male');
    assert.equal(data?.position, 'Доцент');
    assert.equal(data?.department, 'Кафедра программного обеспечения');
    assert.equal(data?.faculty, 'Факультет информационных технологий');
    assert.equal(data?.group, null);
    assert.equal(data?.citizenship, 'Кыргызская Республика');
    assert.match(String(data?.birthDate), /^\d{4}-\d{2}-\d{2}$/);
    assert.match(String(data?.inn), /^[12]\d{13}$/);
    assert.match(String(data?.phone), /^\+996 \d{3} \d{2} \d{2} \d{2}$/);
    assert.ok(data?.nationality && data.education);
  });

  test('profile/data: group, speciality and faculty for a student', async () => {
    const response = await student.post('/lms/api/profile/data.json', {
      uid: studentMe.uid,
      role: 2,
    });
    const data = envelope<Record<string, unknown>>(response).data;
    assert.equal(data?.fullName, 'Жумабаева Айгерим Талантбековна');
    assert.equal(data?.gender, 'female');
    assert.match(String(data?.group), /^ПИ-1-\d{2}$/);
    assert.equal(data?.speciality, 'Программная инженерия');
    assert.equal(data?.faculty, 'Факультет информационных технологий');
    assert.equal(data?.position, null);
    assert.equal(data?.department, null);
    assert.equal(data?.uid, studentMe.uid);
    assert.equal(data?.id, studentMe.id);
  });

  test('misc/photo returns the stored bytes as base64 with their type', async () => {
    const response = await student.post('/lms/api/misc/photo.json', {
      uid: studentMe.uid,
      role: 2,
    });
    const data = envelope<{ photo: string; mime: string }>(response).data;
    assert.equal(data?.mime, 'image/svg+xml');
    const stored = await t.app.db.kysely
      .selectFrom('students as s')
      .innerJoin('persons as p', 'p.id', 's.person_id')
      .innerJoin('photos as ph', 'ph.id', 'p.photo_id')
      .select('ph.bytes')
      .where('s.id', '=', studentMe.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(Buffer.from(data?.photo ?? '', 'base64'), Buffer.from(stored.bytes));
    assert.match(Buffer.from(data?.photo ?? '', 'base64').toString(), /^<svg /);
  });

  test('misc/photo is null when none is stored', async () => {
    const person = await t.app.db.kysely
      .selectFrom('teachers')
      .select('person_id')
      .where('id', '=', teacherMe.id)
      .executeTakeFirstOrThrow();
    await t.app.db.kysely
      .updateTable('persons')
      .set({ photo_id: null })
      .where('id', '=', person.person_id)
      .execute();
    const response = await teacher.post('/lms/api/misc/photo.json', {
      uid: teacherMe.uid,
      role: 1,
    });
    assert.deepEqual(envelope(response).data, { photo: null, mime: null });
  });

  test('misc/position for the teacher', async () => {
    const response = await teacher.post('/lms/api/misc/position.json', { id: teacherMe.id });
    assert.deepEqual(envelope(response).data, {
      position: 'Доцент',
      department: 'Кафедра программного обеспечения',
    });
  });

  test('misc/settings by role', async () => {
    const asTeacher = envelope<{
      role: number;
      areas: string[];
      defaults: Record<string, unknown>;
    }>(await teacher.post('/lms/api/misc/settings.json', { role: 1 })).data;
    const asStudent = envelope<{ role: number; areas: string[] }>(
      await student.post('/lms/api/misc/settings.json', { role: 2 }),
    ).data;
    assert.equal(asTeacher?.role, 1);
    assert.ok(asTeacher?.areas.includes('journal'));
    assert.ok(!asTeacher?.areas.includes('paymentcode'));
    assert.ok(asStudent?.areas.includes('registration') && asStudent.areas.includes('transcript'));
    assert.equal(asTeacher?.defaults.tab, 3);
    assert.equal(asTeacher?.defaults.language, 'ru');
    assert.ok([1, 2, 3].includes(Number(asTeacher?.defaults.ws)));
  });

  test('misc/defaultyear follows the September rule; years lists six, newest first', async () => {
    const now = new Date();
    const start = now.getMonth() < 8 ? now.getFullYear() - 1 : now.getFullYear();
    const expected = {
      id_a_year: start % 100,
      name: `${start}-${String((start + 1) % 100).padStart(2, '0')}`,
    };
    assert.deepEqual(envelope(await student.get('/lms/api/misc/defaultyear.json')).data, expected);
    assert.deepEqual(
      envelope(await student.get('/lms/api/discipline/current/year.json')).data,
      expected,
    );
    const years = envelope<{ id_a_year: number; name: string }[]>(
      await student.get('/lms/api/misc/years.json'),
    ).data;
    assert.equal(years?.length, 6);
    assert.deepEqual(years?.[0], expected);
  });

  test('discipline/current/ws.json', async () => {
    const data = envelope<{ ws: number; name: string; active: { ws: number }[] }>(
      await student.get('/lms/api/discipline/current/ws.json'),
    ).data;
    assert.ok([1, 2, 3].includes(data?.ws ?? 0));
    assert.ok(data?.name);
    assert.deepEqual(
      data?.active.map((item) => item.ws),
      [1, 2, 3],
    );
  });

  test('misc/registered-faculty-list: all faculties for a teacher, their own for a student', async () => {
    const all = envelope<{ id_faculty: number; name: string }[]>(
      await teacher.post('/lms/api/misc/registered-faculty-list.json', { id: teacherMe.id }),
    ).data;
    assert.ok((all?.length ?? 0) >= 2);
    assert.ok(all?.some((f) => f.name === 'Экономический факультет'));
    const own = envelope<{ name: string }[]>(
      await student.post('/lms/api/misc/registered-faculty-list.json', { id: studentMe.id }),
    ).data;
    assert.deepEqual(
      own?.map((f) => f.name),
      ['Факультет информационных технологий'],
    );
  });

  test('misc/dinurls: links for the role', async () => {
    const forTeacher = envelope<{ name: string; url: string }[]>(
      await teacher.post('/lms/api/misc/dinurls.json', {}),
    ).data;
    const forStudent = envelope<{ name: string; url: string }[]>(
      await student.post('/lms/api/misc/dinurls.json', { role: 2 }),
    ).data;
    assert.ok(forTeacher?.some((link) => link.url === '/lms/journal'));
    assert.ok(!forTeacher?.some((link) => link.url === '/lms/registration'));
    assert.ok(forStudent?.some((link) => link.url === '/lms/registration'));
    assert.ok(forStudent?.every((link) => link.name && link.url));
  });
});
