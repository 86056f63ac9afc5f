import {
  AppointmentsBody,
  EmptyBody,
  Envelope,
  LiftHoldBody,
  RegistrarHoldsResponse,
  RegListBody,
  RegSmsResponse,
  RegistrarAppointmentsResponse,
  RemoveAppointmentBody,
  ROLE,
  SaveAppointmentBody,
  SetHoldBody,
  StreamCapacityBody,
  StreamStudentsBody,
  StreamStudentsQuery,
  StreamWaitlistResponse,
  STUDENT_SEARCH_MAX_LENGTH,
  STUDENT_SEARCH_MIN_LENGTH,
  StudentSearchBody,
  StudentSearchResponse,
  WaitlistEntryBody,
  WaitlistJoinBody,
  WaitlistJoinResponse,
  WaitlistStatusResponse,
  type Language,
  type SessionUser,
  type WaitlistEvent,
} from '@lms/shared/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { hiddenRecord, isRegistrar, sessionUser } from '../../access/index.js';
import { ApiError, ok } from '../../lib/http.js';
import { fill, MESSAGES } from '../../lib/messages.js';
import { DEFAULT_HEARTBEAT_MS, openEventStream } from '../../lib/sse.js';
import { INSTANT_REFUSAL, NOTICES, refusalText, SEARCH_REFUSALS } from './messages.js';
import { courseOf, type Refusal, type StudentPlace, type Term } from './rules.js';
import { searchRefusal, searchWords } from './search-rules.js';
import { refused } from './service.js';
import { createStudentDirectory } from './student-directory.js';
import { streamWaitlistCsv } from './students-csv.js';
import { createWaitlistRepository } from './waitlist-repository.js';
import type { WaitlistService } from './waitlist-service.js';
import { toRegistrarHolds, toStreamWaiters, toStudentHits, toWaitlistEntries } from './wire.js';

const iso = (ms: number) => new Date(ms).toISOString();

export interface WaitlistRouteDeps {
  /** A stream the caller may manage: their own, or any for the registrar (403 otherwise). */
  ownStream: (
    request: FastifyRequest,
    streamId: number,
  ) => Promise<{ name: string; discipline: string; lessonType: string }>;
  service: WaitlistService;
  studentOf: (user: SessionUser, uid: number | undefined) => Promise<StudentPlace>;
  clock: () => number;
  declineMs: number;
  heartbeatMs?: number;
}

/** A stored refusal code as the student reads it (a skip keeps the code, not its values). */
function reasonText(lang: Language) {
  return (code: string) => refusalText({ code } as Refusal)[lang];
}

/**
 * The waiting lists (students), the streams' lists and seats (their teacher and the registrar),
 * the holds and appointments (the registrar), and the student's live events. Registered inside
 * the registration routes (same prefix, same session hook).
 */
export function waitlistRoutes(
  app: FastifyInstance,
  deps: WaitlistRouteDeps,
): {
  status: (lang: Language, student: StudentPlace, term: Term) => Promise<WaitlistStatusResponse>;
} {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const waitlist = createWaitlistRepository(app.db.kysely);
  const directory = createStudentDirectory(app.db.kysely);
  const studentOnly = app.requireRole(ROLE.student);
  const teacherOnly = app.requireRole(ROLE.teacher);
  const registrarOnly = (
    request: FastifyRequest,
    _reply: unknown,
    done: (error?: Error) => void,
  ) => {
    done(isRegistrar(sessionUser(request)) ? undefined : new ApiError(403, MESSAGES.forbidden));
  };
  const termOf = (body: { id_a_year: number; id_semester: number }) => ({
    yearId: body.id_a_year,
    ws: body.id_semester,
  });

  // ---- The student's lists, holds and appointment ----

  api.post(
    '/waitlist/join.json',
    {
      onRequest: studentOnly,
      schema: { body: WaitlistJoinBody, response: { 200: Envelope(WaitlistJoinResponse) } },
    },
    async (request) => {
      const body = request.body;
      const student = await deps.studentOf(sessionUser(request), body.uid);
      const term = termOf(body);
      const id = await deps.service.join(
        request.lang,
        student,
        term,
        { disciplineId: body.id_discipline, teacherId: body.id_teacher, streamId: body.subgroup },
        deps.clock(),
      );
      const rows = await waitlist.studentLists(request.lang, student.studentId, term);
      const row = rows.find((r) => r.id === id);
      return ok({
        id,
        // A seat freed meanwhile may have promoted the student already (position 0).
        position: row?.status === 'waiting' ? Number(row.position) : 0,
        sms: NOTICES.joinedList[request.lang],
      });
    },
  );

  /** The student's lists, holds and appointment of a term (waitlist/status, start.json). */
  const status = async (lang: Language, student: StudentPlace, term: Term) => {
    const now = deps.clock();
    const [rows, holds, opensAt, group] = await Promise.all([
      waitlist.studentLists(lang, student.studentId, term),
      waitlist.holds(student.studentId, term.yearId),
      waitlist.appointment(student, term),
      waitlist.admissionYear(student.groupId),
    ]);
    return {
      entries: toWaitlistEntries(rows, reasonText(lang), deps.declineMs, now),
      holds: [
        ...(holds.tuitionUnpaid
          ? [{ kind: 'tuition' as const, text: refusalText({ code: 'tuitionHold' })[lang] }]
          : []),
        ...holds.manual.map((note) => ({
          kind: 'manual' as const,
          text: refusalText({ code: 'hold', note })[lang],
        })),
      ],
      appointment:
        opensAt === null
          ? null
          : {
              opensAt: iso(opensAt),
              open: now >= opensAt,
              course: courseOf(term.yearId, group ?? term.yearId),
            },
      now: iso(now),
    };
  };

  api.post(
    '/waitlist/status.json',
    {
      onRequest: studentOnly,
      schema: { body: RegListBody, response: { 200: Envelope(WaitlistStatusResponse) } },
    },
    async (request) => {
      const student = await deps.studentOf(sessionUser(request), request.body.uid);
      return ok(await status(request.lang, student, termOf(request.body)));
    },
  );

  for (const [path, notice] of [
    ['/waitlist/leave.json', NOTICES.leftList],
    ['/waitlist/decline.json', NOTICES.declined],
  ] as const) {
    api.post(
      path,
      {
        onRequest: studentOnly,
        schema: { body: WaitlistEntryBody, response: { 200: Envelope(RegSmsResponse) } },
      },
      async (request) => {
        const student = await deps.studentOf(sessionUser(request), undefined);
        const write = path === '/waitlist/leave.json' ? deps.service.leave : deps.service.decline;
        await write(student.studentId, request.body.id, deps.clock());
        return ok({ sms: notice[request.lang] });
      },
    );
  }

  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });
  app.get('/events', { onRequest: studentOnly }, async (request, reply) => {
    const student = await deps.studentOf(sessionUser(request), undefined);
    const stream = openEventStream(request, reply, deps.heartbeatMs ?? DEFAULT_HEARTBEAT_MS);
    const unsubscribe = app.registrationEvents.subscribe((event) => {
      if (event.studentId !== student.studentId) return;
      const data: WaitlistEvent = {
        kind: event.kind,
        subgroup: event.streamId,
        id_discipline: event.disciplineId,
        id_disciplineForStudent: event.registrationId,
      };
      stream.send('waitlist', data);
    });
    stream.onEnd(unsubscribe);
    streams.add(stream.end);
    stream.onEnd(() => streams.delete(stream.end));
  });

  // ---- A stream's list and seats: its teacher, or the registrar ----

  const managedStream = deps.ownStream;

  api.post(
    '/teacher/waitlist.json',
    {
      onRequest: teacherOnly,
      schema: { body: StreamStudentsBody, response: { 200: Envelope(StreamWaitlistResponse) } },
    },
    async (request) => {
      await managedStream(request, request.body.subgroup);
      return ok(toStreamWaiters(await waitlist.streamList(request.lang, request.body.subgroup)));
    },
  );
  api.get(
    '/teacher/waitlist.csv',
    { onRequest: teacherOnly, schema: { querystring: StreamStudentsQuery } },
    async (request, reply) => {
      const streamId = Number(request.query.subgroup);
      const stream = await managedStream(request, streamId);
      const waiters = toStreamWaiters(await waitlist.streamList(request.lang, streamId));
      const file = streamWaitlistCsv(request.lang, stream, waiters);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', file.disposition)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'no-store')
        .send(file.body);
    },
  );
  api.post(
    '/teacher/capacity.json',
    {
      onRequest: teacherOnly,
      schema: { body: StreamCapacityBody, response: { 200: Envelope(RegSmsResponse) } },
    },
    async (request) => {
      await managedStream(request, request.body.subgroup);
      if (!(await deps.service.setCapacity(request.body.subgroup, request.body.capacity))) {
        throw refused({ code: 'capacityBelowTaken' });
      }
      return ok({ sms: NOTICES.capacitySaved[request.lang] });
    },
  );

  // ---- Holds and appointments: the registrar ----

  api.post(
    '/holds/list.json',
    {
      onRequest: registrarOnly,
      config: { access: 'registrar' },
      schema: { body: EmptyBody, response: { 200: Envelope(RegistrarHoldsResponse) } },
    },
    async () => ok(toRegistrarHolds(await waitlist.holdList())),
  );
  api.post(
    '/holds/set.json',
    {
      onRequest: registrarOnly,
      config: { access: 'registrar' },
      schema: { body: SetHoldBody, response: { 200: Envelope(RegSmsResponse) } },
    },
    async (request) => {
      if (!(await waitlist.studentExists(request.body.id_student))) throw hiddenRecord();
      await waitlist.insertHold(
        request.body.id_student,
        request.body.note.trim(),
        sessionUser(request).uid,
        deps.clock(),
      );
      return ok({ sms: NOTICES.holdSet[request.lang] });
    },
  );
  api.post(
    '/holds/students.json',
    {
      onRequest: registrarOnly,
      config: { access: 'registrar' },
      schema: { body: StudentSearchBody, response: { 200: Envelope(StudentSearchResponse) } },
    },
    async (request) => {
      const refusal = searchRefusal(request.body.query);
      if (refusal) {
        const n =
          refusal === 'searchTooShort' ? STUDENT_SEARCH_MIN_LENGTH : STUDENT_SEARCH_MAX_LENGTH;
        throw new ApiError(400, fill(SEARCH_REFUSALS[refusal], { n }));
      }
      const found = await directory.search(request.lang, searchWords(request.body.query));
      return ok({ students: toStudentHits(found.students), total: found.total });
    },
  );
  api.post(
    '/holds/lift.json',
    {
      onRequest: registrarOnly,
      config: { access: 'registrar' },
      schema: { body: LiftHoldBody, response: { 200: Envelope(RegSmsResponse) } },
    },
    async (request) => {
      if (!(await waitlist.deleteHold(request.body.id))) throw hiddenRecord();
      return ok({ sms: NOTICES.holdLifted[request.lang] });
    },
  );
  api.post(
    '/appointments/save.json',
    {
      onRequest: registrarOnly,
      config: { access: 'registrar' },
      schema: { body: SaveAppointmentBody, response: { 200: Envelope(RegSmsResponse) } },
    },
    async (request) => {
      const opensAt = Date.parse(request.body.opensAt);
      if (Number.isNaN(opensAt)) throw new ApiError(400, INSTANT_REFUSAL);
      await waitlist.saveAppointment(termOf(request.body), request.body.course, opensAt);
      return ok({ sms: NOTICES.appointmentSaved[request.lang] });
    },
  );
  api.post(
    '/appointments/list.json',
    {
      onRequest: registrarOnly,
      config: { access: 'registrar' },
      schema: {
        body: AppointmentsBody,
        response: { 200: Envelope(RegistrarAppointmentsResponse) },
      },
    },
    async (request) =>
      ok(
        (await waitlist.appointmentList(termOf(request.body))).map((row) => ({
          course: row.course,
          opensAt: new Date(row.opens_at).toISOString(),
        })),
      ),
  );
  api.post(
    '/appointments/remove.json',
    {
      onRequest: registrarOnly,
      config: { access: 'registrar' },
      schema: { body: RemoveAppointmentBody, response: { 200: Envelope(RegSmsResponse) } },
    },
    async (request) => {
      if (!(await waitlist.removeAppointment(termOf(request.body), request.body.course))) {
        throw hiddenRecord();
      }
      return ok({ sms: NOTICES.appointmentRemoved[request.lang] });
    },
  );

  return { status };
}
