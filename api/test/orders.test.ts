import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type {
  DistrictListResponse,
  DocListResponse,
  NaznachenieListResponse,
  Order,
  OrderListResponse,
  QueueListResponse,
  OrderEvent,
  QueueOrder,
  RegionListResponse,
} from '@lms/shared/contract';
import { PDFParse } from 'pdf-parse';
import { REGISTRAR_ACCOUNT } from '../src/db/seed/orders.js';
import { ORDER_MESSAGES, ORDER_REFUSALS } from '../src/areas/orders/messages.js';
import { localDay } from '../src/areas/orders/rules.js';
import { createTestApp, DEMO, envelope, whoAmI, type Client, type TestApp } from './helper.js';

const S = '/lms/api/singlewindow';
const REGISTRAR = { login: REGISTRAR_ACCOUNT.login, password: REGISTRAR_ACCOUNT.password };

function dayFromNow(days: number): string {
  return localDay(new Date(Date.now() + days * 86_400_000));
}

describe('single window', () => {
  let t: TestApp;
  let student: Client;
  let other: Client;
  let teacher: Client;
  let registrar: Client;
  let lists: {
    docs: DocListResponse;
    regions: RegionListResponse;
    districts: DistrictListResponse;
    purposes: NaznachenieListResponse;
  };

  before(async () => {
    t = await createTestApp();
    student = await t.login(DEMO.student);
    other = await t.login({ login: 's0002', password: 'Student1' });
    teacher = await t.login(DEMO.teacher);
    registrar = await t.login(REGISTRAR);
    const docs = envelope<DocListResponse>(await student.post(`${S}/doc/list.json`, {})).data ?? [];
    const regions =
      envelope<RegionListResponse>(await student.post(`${S}/region/list.json`, {})).data ?? [];
    const districts =
      envelope<DistrictListResponse>(
        await student.post(`${S}/district/list.json`, { id_region: regions[0]?.id_region }),
      ).data ?? [];
    const purposes =
      envelope<NaznachenieListResponse>(await student.post(`${S}/naznachenie/list.json`, {}))
        .data ?? [];
    lists = { docs, regions, districts, purposes };
  });
  after(() => t.close());

  const paperDoc = () => lists.docs.find((d) => !d.instant)?.id_doc ?? 0;
  const instantDoc = () => lists.docs.find((d) => d.instant)?.id_doc ?? 0;
  const validBody = (overrides: object = {}) => ({
    id_doc: paperDoc(),
    id_region: lists.regions[0]?.id_region ?? 0,
    id_district: lists.districts[0]?.id_district ?? 0,
    id_naznachenie: lists.purposes[0]?.id_naznachenie ?? 0,
    date: dayFromNow(3),
    ...overrides,
  });
  const save = (client: Client, body: object) => client.post(`${S}/order/save.json`, body);
  const listOf = async (client: Client) =>
    envelope<OrderListResponse>(await client.post(`${S}/order/list.json`, {})).data ?? [];
  const queue = async (body: object = {}) =>
    envelope<QueueListResponse>(await registrar.post(`${S}/queue/list.json`, body)).data ?? [];

  test("the lists: documents, Kyrgyzstan's regions and districts, purposes in three languages", () => {
    assert.ok(lists.docs.length >= 4);
    assert.ok(lists.docs.some((d) => d.instant && /учёбы/.test(d.name)));
    assert.ok(lists.docs.some((d) => /военкомат/i.test(d.name)));
    assert.equal(lists.regions.length, 9);
    assert.ok(lists.regions.some((r) => r.name_kg === 'Чүй облусу'));
    assert.ok(lists.districts.length > 0);
    assert.ok(lists.districts.every((d) => d.id_region === lists.regions[0]?.id_region));
    assert.ok(lists.purposes.every((p) => p.name && p.name_kg && p.name_en));
  });

  test('every field is required; wrong values are refused with a clear 400', async () => {
    for (const missing of [
      { id_doc: -1 },
      { id_region: -1 },
      { id_district: -1 },
      { id_naznachenie: -1 },
      { date: '' },
    ]) {
      const response = await save(student, validBody(missing));
      assert.equal(response.statusCode, 400, JSON.stringify(missing));
      assert.equal(envelope(response).error, ORDER_MESSAGES.fieldsRequired.ru);
    }
    const noDate = await save(student, { ...validBody(), date: undefined });
    assert.equal(noDate.statusCode, 400);
    const cases: [object, string][] = [
      [{ date: '2026-02-30' }, ORDER_MESSAGES.badDate.ru],
      [{ date: dayFromNow(-2) }, ORDER_MESSAGES.pastDate.ru],
      [{ date: dayFromNow(400) }, ORDER_MESSAGES.farDate.ru],
      [{ id_doc: 9999 }, ORDER_MESSAGES.unknownDocument.ru],
      [
        {
          id_district: lists.districts.at(-1)?.id_district ?? 0,
          id_region: lists.regions[1]?.id_region,
        },
        ORDER_MESSAGES.districtMismatch.ru,
      ],
      [{ id_naznachenie: 9999 }, ORDER_MESSAGES.unknownPurpose.ru],
    ];
    for (const [body, message] of cases) {
      const response = await save(student, validBody(body));
      assert.equal(response.statusCode, 400, JSON.stringify(body));
      assert.equal(envelope(response).error, message);
    }
    assert.equal((await save(teacher, validBody())).statusCode, 403);
  });

  test('a student saves an order; it waits and is listed newest first', async () => {
    const before = await listOf(student);
    const response = await save(student, validBody());
    assert.equal(response.statusCode, 200);
    const order = envelope<Order>(response).data;
    assert.equal(order?.status, 'waiting');
    assert.equal(order?.id_document, null);
    const after = await listOf(student);
    assert.equal(after.length, before.length + 1);
    assert.equal(after[0]?.id_order, order?.id_order);
    assert.equal(after[0]?.doc.name, lists.docs.find((d) => d.id_doc === paperDoc())?.name);
  });

  test('a certificate of study is prepared at once, as a PDF with a verification QR', async () => {
    const response = await save(student, validBody({ id_doc: instantDoc() }));
    const order = envelope<Order>(response).data;
    assert.equal(order?.status, 'prepared');
    assert.ok(order?.id_document);
    const file = await student.get(`${S}/order/document.file?id_order=${order?.id_order}`);
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers['content-type'], 'application/pdf');
    const parser = new PDFParse({ data: new Uint8Array(file.rawPayload) });
    const { text } = await parser.getText();
    await parser.destroy();
    assert.match(text, /СПРАВКА № \d+/);
    assert.match(text, /Жумабаева Айгерим Талантбековна/);
    const token = /\/lms\/verify\/([0-9]+-[A-Za-z0-9_-]{22})/.exec(text.replace(/\s/g, ''))?.[1];
    assert.ok(token);
    const page = await t.client().get(`/lms/verify/${token}`);
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /Справка с места учёбы/);
    // Another student may not download it; the registrar may; the document can be revoked.
    assert.equal(
      (await other.get(`${S}/order/document.file?id_order=${order?.id_order}`)).statusCode,
      403,
    );
    const heard: OrderEvent[] = [];
    const stopListening = t.app.orderEvents.subscribe((event) => heard.push(event));
    // A reason is required, in the caller's language; a refused revoke changes nothing.
    for (const [lang, reason, text] of [
      ['en', undefined, /reason/],
      ['ru', '     ', /Укажите причину отзыва/],
      ['kg', 'ab', /reason/],
    ] as const) {
      const refused = await registrar.request({
        method: 'POST',
        url: `${S}/document/revoke.json`,
        payload: { id_document: order?.id_document, ...(reason === undefined ? {} : { reason }) },
        headers: { 'accept-language': lang },
      });
      assert.equal(refused.statusCode, 400, refused.body);
      assert.match(refused.body, text);
    }
    assert.equal(
      (await listOf(student)).find((o) => o.id_order === order?.id_order)?.documentRevoked,
      null,
    );
    const reason = 'Issued with a wrong birth date';
    const revoke = await registrar.post(`${S}/document/revoke.json`, {
      id_document: order?.id_document,
      reason: `  ${reason.replaceAll(' ', '   ')} `,
    });
    assert.equal(revoke.statusCode, 200, revoke.body);
    // Its student hears of it live, with the reason; a second revoke is refused.
    const again = await registrar.post(`${S}/document/revoke.json`, {
      id_document: order?.id_document,
      reason,
    });
    assert.equal(again.statusCode, 409);
    const deadline = Date.now() + 3000;
    while (heard.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    stopListening();
    assert.deepEqual(heard, [
      {
        kind: 'revoked',
        id_order: order?.id_order,
        studentId: (await whoAmI(student)).id,
        status: 'prepared',
        comment: reason,
      },
    ]);
    assert.equal(
      (await student.post(`${S}/document/revoke.json`, { id_document: 1, reason })).statusCode,
      403,
    );
    const revoked = await t.client().get(`/lms/verify/${token}`);
    assert.match(revoked.body, /Документ отозван/);
    // The order says so to its student and in the registrar's queue.
    const listed = (await listOf(student)).find((o) => o.id_order === order?.id_order);
    assert.ok(listed?.documentRevoked);
    assert.equal(listed?.documentRevokeReason, reason);
    const prepared = await queue({ status: 'prepared', id_doc: null });
    assert.ok(prepared.find((o) => o.id_order === order?.id_order)?.documentRevoked);
  });

  test('cancel: only the owner, only while waiting', async () => {
    const order = envelope<Order>(await save(student, validBody())).data;
    assert.ok(order);
    // Someone else's order and a missing one answer alike.
    const stranger = await other.post(`${S}/order/cancel.json`, { id_order: order.id_order });
    assert.equal(stranger.statusCode, 403);
    const missing = await student.post(`${S}/order/cancel.json`, { id_order: 999999 });
    assert.deepEqual(
      [missing.statusCode, envelope(missing).error],
      [stranger.statusCode, envelope(stranger).error],
    );
    const moved = await registrar.post(`${S}/queue/move.json`, {
      id_order: order.id_order,
      from: 'waiting',
      to: 'preparing',
    });
    assert.equal(moved.statusCode, 200);
    const late = await student.post(`${S}/order/cancel.json`, { id_order: order.id_order });
    assert.equal(late.statusCode, 409);
    assert.equal(envelope(late).error, ORDER_MESSAGES.notWaiting.ru);

    const fresh = envelope<Order>(await save(student, validBody())).data;
    const cancelled = await student.post(`${S}/order/cancel.json`, { id_order: fresh?.id_order });
    assert.equal(cancelled.statusCode, 200);
    // The order stays, cancelled: its student still sees it.
    const kept = (await listOf(student)).find((o) => o.id_order === fresh?.id_order);
    assert.equal(kept?.status, 'cancelled');
    assert.ok((kept?.statusChanged ?? 0) >= (fresh?.created ?? Infinity));
    const again = await student.post(`${S}/order/cancel.json`, { id_order: fresh?.id_order });
    assert.equal(again.statusCode, 409);
    assert.ok(!(await listOf(other)).some((o) => o.id_order === order.id_order));
  });

  test('the registrar moves one step at a time; a cancelled order stays and moves no more', async () => {
    const order = envelope<Order>(await save(student, validBody())).data;
    assert.ok(order);
    const move = (from: string, to: string, client = registrar) =>
      client.post(`${S}/queue/move.json`, { id_order: order.id_order, from, to });
    // "preparing" cannot be skipped.
    const skip = await move('waiting', 'prepared');
    assert.equal(skip.statusCode, 400);
    assert.equal(envelope(skip).error, ORDER_REFUSALS.badMove.ru);
    const english = registrar.on(t.app);
    english.cookies.set('lang', 'en');
    assert.equal(
      envelope(await move('waiting', 'prepared', english)).error,
      ORDER_REFUSALS.badMove.en,
    );
    assert.equal(
      (await listOf(student)).find((o) => o.id_order === order.id_order)?.status,
      'waiting',
    );

    const cancelled = await student.post(`${S}/order/cancel.json`, { id_order: order.id_order });
    assert.equal(cancelled.statusCode, 200);
    // Not work to do: the queue leaves it out unless cancelled orders are asked for.
    assert.ok(!(await queue()).some((o) => o.id_order === order.id_order));
    assert.ok(!(await queue({ status: 'waiting' })).some((o) => o.id_order === order.id_order));
    const apart = (await queue({ status: 'cancelled' })).find((o) => o.id_order === order.id_order);
    assert.equal(apart?.status, 'cancelled');
    assert.ok(apart?.student);
    // Nothing moves it on.
    const late = await move('waiting', 'preparing');
    assert.equal(late.statusCode, 409);
    assert.equal(envelope(late).error, ORDER_REFUSALS.cancelled.ru);
    for (const to of ['waiting', 'preparing', 'prepared']) {
      assert.equal((await move('cancelled', to)).statusCode, 400, to);
    }
    assert.equal(
      (await listOf(student)).find((o) => o.id_order === order.id_order)?.status,
      'cancelled',
    );
  });

  test('only the registrar sees the queue and moves orders, forward, once', async () => {
    for (const client of [student, teacher]) {
      assert.equal((await client.post(`${S}/queue/list.json`, {})).statusCode, 403);
      assert.equal(
        (
          await client.post(`${S}/queue/move.json`, {
            id_order: 1,
            from: 'waiting',
            to: 'preparing',
          })
        ).statusCode,
        403,
      );
    }
    const order = envelope<Order>(await save(other, validBody())).data;
    assert.ok(order);
    const waiting = await queue({ status: 'waiting' });
    assert.ok(waiting.every((o) => o.status === 'waiting'));
    const mine = waiting.find((o) => o.id_order === order.id_order);
    assert.ok(mine?.student && mine.group);
    const created = waiting.map((o) => o.created);
    assert.deepEqual(
      created,
      [...created].sort((a, b) => a - b),
      'the longest wait first',
    );
    assert.ok((await queue({ id_doc: instantDoc() })).every((o) => o.id_doc === instantDoc()));

    const back = await registrar.post(`${S}/queue/move.json`, {
      id_order: order.id_order,
      from: 'preparing',
      to: 'waiting',
    });
    assert.equal(back.statusCode, 400);
    const step = (from: string, to: string, comment?: string) =>
      registrar.post(`${S}/queue/move.json`, { id_order: order.id_order, from, to, comment });
    assert.equal((await step('waiting', 'preparing')).statusCode, 200);
    const twice = await step('waiting', 'preparing');
    assert.equal(twice.statusCode, 409, 'a move by a colleague meanwhile is not repeated');
    const done = envelope<QueueOrder>(await step('preparing', 'prepared', '  Готово, каб. 105 '));
    assert.equal(done.data?.status, 'prepared');
    assert.equal(done.data?.comment, 'Готово, каб. 105');
    const seen = (await listOf(other)).find((o) => o.id_order === order.id_order);
    assert.equal(seen?.status, 'prepared');
    assert.equal(seen?.comment, 'Готово, каб. 105');
  });

  test('the owner and the registrar hear moves and cancellations live; another student does not', async () => {
    const order = envelope<Order>(await save(student, validBody())).data;
    assert.ok(order);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const open = (client: Client) => {
      const controller = new AbortController();
      const cookie = [...client.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
      const events: string[] = [];
      const done = fetch(`http://127.0.0.1:${port}${S}/events`, {
        headers: { cookie },
        signal: controller.signal,
      }).then(async (response) => {
        const decoder = new TextDecoder();
        try {
          for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
            events.push(decoder.decode(chunk));
          }
        } catch {
          // aborted
        }
      });
      return { events, close: () => controller.abort(), done };
    };
    const mine = open(student);
    const theirs = open(other);
    const office = open(registrar);
    /** Waits for what a stream says (each event is its own; a shared bus tells them apart). */
    const heard = async (streams: { events: string[] }[], what: RegExp | string) => {
      const has = (stream: { events: string[] }) =>
        typeof what === 'string'
          ? stream.events.join('').includes(what)
          : what.test(stream.events.join(''));
      const until = Date.now() + 10_000;
      while (!streams.every(has) && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    // Every stream subscribed before anything is said.
    await heard([mine, theirs, office], ': connected');
    const dropped = envelope<Order>(await save(student, validBody())).data;
    await registrar.post(`${S}/queue/move.json`, {
      id_order: order.id_order,
      from: 'waiting',
      to: 'preparing',
      comment: 'в работе',
    });
    await heard([mine, office], '"moved"');
    await student.post(`${S}/order/cancel.json`, { id_order: dropped?.id_order });
    const cancelEvent = new RegExp(
      `"kind":"cancelled","id_order":${dropped?.id_order},"studentId":\\d+,"status":"cancelled"`,
    );
    await heard([mine, office], cancelEvent);
    mine.close();
    theirs.close();
    office.close();
    await Promise.all([mine.done, theirs.done, office.done]);
    const text = mine.events.join('');
    assert.match(text, cancelEvent, 'the owner hears the cancellation');
    assert.match(office.events.join(''), cancelEvent, 'the registrar hears it');
    assert.match(text, /event: order/);
    assert.match(text, new RegExp(`"id_order":${order.id_order}`));
    assert.match(text, /"status":"preparing"/);
    assert.doesNotMatch(theirs.events.join(''), /event: order/);
    assert.equal((await teacher.get(`${S}/events`)).statusCode, 403);
  });

  test('an English and a Kyrgyz caller get the refusals in their language', async () => {
    const inLanguage = (client: Client, lang: 'en' | 'kg') => {
      const copy = client.on(t.app);
      copy.cookies.set('lang', lang);
      return copy;
    };
    for (const lang of ['en', 'kg'] as const) {
      const mine = inLanguage(student, lang);
      assert.equal(
        envelope(await save(mine, validBody({ id_doc: -1 }))).error,
        ORDER_MESSAGES.fieldsRequired[lang],
      );
      assert.equal(
        envelope(await save(mine, validBody({ date: dayFromNow(-2) }))).error,
        ORDER_MESSAGES.pastDate[lang],
      );
      assert.equal(
        envelope(await save(mine, validBody({ id_naznachenie: 9999 }))).error,
        ORDER_MESSAGES.unknownPurpose[lang],
      );
      const queueRefusal = await mine.post(`${S}/queue/list.json`, {});
      assert.equal(queueRefusal.statusCode, 403);
      assert.equal(envelope(queueRefusal).error, ORDER_MESSAGES.registrarOnly[lang]);
      const order = envelope<Order>(await save(student, validBody())).data;
      assert.ok(order);
      const office = inLanguage(registrar, lang);
      const move = (from: string, to: string) =>
        office.post(`${S}/queue/move.json`, { id_order: order.id_order, from, to });
      assert.equal((await move('waiting', 'preparing')).statusCode, 200);
      const late = await mine.post(`${S}/order/cancel.json`, { id_order: order.id_order });
      assert.equal(envelope(late).error, ORDER_MESSAGES.notWaiting[lang]);
      assert.equal(envelope(await move('waiting', 'preparing')).error, ORDER_REFUSALS.stale[lang]);
    }
    // Accept-Language counts when there is no cookie (Kyrgyz is "ky" there).
    const viaHeader = await student.request({
      method: 'POST',
      url: `${S}/order/save.json`,
      payload: validBody({ id_doc: -1 }),
      headers: { 'accept-language': 'ky-KG,ky;q=0.9,ru;q=0.5' },
    });
    assert.equal(envelope(viaHeader).error, ORDER_MESSAGES.fieldsRequired.kg);
  });

  test('a certificate is wholly in the language it was issued in, names included; its verification page in the reader’s', async () => {
    /** A certificate ordered by the student speaking `lang`. */
    const orderIn = async (lang: 'en' | 'kg') => {
      const speaker = student.on(t.app);
      speaker.cookies.set('lang', lang);
      const placed = envelope<Order>(await save(speaker, validBody({ id_doc: instantDoc() })));
      assert.ok(placed.data?.id_document);
      return placed.data;
    };
    const inEnglish = await orderIn('en');
    const inKyrgyz = await orderIn('kg');
    const order = inEnglish;
    const purpose = lists.purposes.find((p) => p.id_naznachenie === order.id_naznachenie);
    assert.ok(purpose);
    // The student's speciality, faculty and group as the catalogue names them in each language.
    const names = await t.app.db.kysely
      .selectFrom('users as u')
      .innerJoin('students as s', 's.id', 'u.student_id')
      .innerJoin('groups as g', 'g.id', 's.group_id')
      .innerJoin('specialities as sp', 'sp.id', 'g.speciality_id')
      .select(['sp.name as spRu', 'sp.name_kg as spKg', 'sp.name_en as spEn'])
      .where('u.login', '=', DEMO.student.login)
      .executeTakeFirstOrThrow();
    /** The certificate of an order as a reader speaking `lang` downloads it. */
    const pdfText = async (lang: 'en' | 'kg', of: Order = order) => {
      const reader = student.on(t.app);
      reader.cookies.set('lang', lang);
      const file = await reader.get(`${S}/order/document.file?id_order=${of.id_order}`);
      assert.equal(file.statusCode, 200);
      const parser = new PDFParse({ data: new Uint8Array(file.rawPayload) });
      const { text } = await parser.getText();
      await parser.destroy();
      return text;
    };
    // Read by a Kyrgyz reader, the English certificate stays English, its names too.
    const english = await pdfText('kg');
    assert.equal(english, await pdfText('en'));
    assert.ok(names.spEn && english.replace(/\s+/g, ' ').includes(names.spEn), english);
    assert.ok(!english.includes(names.spRu) && !english.includes(names.spKg ?? names.spRu));
    assert.match(english, /CERTIFICATE OF STUDY No\. \d+/);
    assert.match(english, /^Tian Shan University/);
    assert.match(english, /100 Chui Avenue, Bishkek 720001, Kyrgyz Republic/);
    assert.match(english, new RegExp(`Issued for: ${purpose.name_en}`));
    assert.doesNotMatch(english, /СПРАВКА|Офис регистратора|Выдан/);
    // Dates as English writes them in the portal: '02 Apr 2006', never '02.04.2006'.
    assert.match(english, /\b\d{2} [A-Z][a-z]{2} \d{4}\b/);
    assert.doesNotMatch(english, /\d{2}\.\d{2}\.\d{4}/);
    // And the Kyrgyz one read in English stays Kyrgyz.
    const kyrgyz = await pdfText('en', inKyrgyz);
    assert.ok(names.spKg && kyrgyz.replace(/\s+/g, ' ').includes(names.spKg), kyrgyz);
    assert.ok(!kyrgyz.includes(names.spEn ?? names.spRu));
    assert.match(kyrgyz, /МААЛЫМКАТ № \d+/);
    assert.match(kyrgyz, /^Тянь-Шань университети/);
    assert.match(kyrgyz, /Кыргыз Республикасы, 720001, Бишкек ш\., Чүй пр\., 100/);
    assert.match(kyrgyz.replace(/\s+/g, ' '), /чындап эле Тянь-Шань университети/);
    assert.match(
      kyrgyz.replace(/\s+/g, ' '),
      new RegExp(`көрсөтүү үчүн берилди: ${purpose.name_kg}`),
    );
    assert.match(kyrgyz, /CERTIFICATE OF STUDY/, 'with English alongside');
    assert.doesNotMatch(kyrgyz, /СПРАВКА/);
    assert.match(kyrgyz, /\d{2}\.\d{2}\.\d{4}/);

    const token = /\/lms\/verify\/([0-9]+-[A-Za-z0-9_-]{22})/.exec(english.replace(/\s/g, ''))?.[1];
    assert.ok(token);
    const page = (headers: Record<string, string>) =>
      t.client().request({ method: 'GET', url: `/lms/verify/${token}`, headers });
    const en = await page({ cookie: 'lang=en' });
    assert.equal(en.statusCode, 200);
    assert.match(en.body, /<html lang="en">/);
    assert.match(en.body, /Document verification/);
    assert.match(en.body, /Certificate of study/);
    assert.match(en.body, /Tian Shan University/);
    assert.ok(en.body.includes(purpose.name_en));
    assert.doesNotMatch(en.body, /Справка|Проверка/);
    const kg = await page({ 'accept-language': 'ky' });
    assert.match(kg.body, /<html lang="ky">/);
    assert.match(kg.body, /Документти текшерүү/);
    assert.match(kg.body, /Окуу жеринен маалымкат/);
    assert.match(kg.body, /Тянь-Шань университети/);
    assert.ok(kg.body.includes(purpose.name_kg));
    // The link's ?lang= wins over the visitor's settings.
    assert.match((await page({ cookie: 'lang=kg' })).body, /Документти текшерүү/);
    const asked = await t.client().get(`/lms/verify/${token}?lang=en`);
    assert.match(asked.body, /Document verification/);
  });

  test('the registrar signs in as staff with the permission; settings open the single window', async () => {
    const me = await registrar.post('/lms/api/auth/enticate.json', {});
    const user = envelope<{ user: { role: number; registrarPerms: boolean } }>(me).data?.user;
    assert.equal(user?.role, 1);
    assert.equal(user?.registrarPerms, true);
  });
});
