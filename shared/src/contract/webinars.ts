import { Type, type Static } from '@sinclair/typebox';
import { WEBINAR_CHAT_MAX_LENGTH } from './constants.js';
import { withSchemas } from './endpoint.js';
import { WEBINARS_ADDRESSES } from './endpoints/webinars.js';
import { EmptyBody, Id } from './envelope.js';
import { TeachingChoicesResponse } from './rooms.js';

// Webinars (api/src/areas/webinars): online lessons a teacher schedules for a group they teach,
// joined from the portal (attendance kept), on BigBlueButton when the portal has one
// (LMS_BBB_URL, LMS_BBB_SECRET), else in the portal's own small-group room (WebRTC, signalled
// through the portal's event stream). Routes under /lms/api/webinars, signed in. Dates and
// times are the university's.

/** Shortest and longest online lesson, in minutes. */
export const WEBINAR_DURATION_MIN = 15;
export const WEBINAR_DURATION_MAX = 240;
/** How many people the embedded room takes (peer-to-peer: each sends to each). */
export const WEBINAR_ROOM_SIZE = 8;
/** How long before its start a webinar may be joined, in minutes. */
export const WEBINAR_OPENS_BEFORE_MIN = 15;
/** The longest signalling message (an SDP offer with its candidates). */
export const WEBINAR_SIGNAL_MAX_LENGTH = 30_000;

/**
 * scheduled: not open yet; open: may be joined now (from 15 minutes before its start to its
 * end); over; cancelled.
 */
export const WebinarState = Type.Union([
  Type.Literal('scheduled'),
  Type.Literal('open'),
  Type.Literal('over'),
  Type.Literal('cancelled'),
]);
export type WebinarState = Static<typeof WebinarState>;

export const WebinarEngine = Type.Union([Type.Literal('embedded'), Type.Literal('bbb')]);
export type WebinarEngine = Static<typeof WebinarEngine>;

/** An online lesson, as its teacher, its group and their schedules show it. */
export const Webinar = Type.Object({
  id: Id,
  /** 'YYYY-MM-DD', 'HH:MM' and 'HH:MM' in the university's time zone. */
  date: Type.String(),
  start: Type.String(),
  end: Type.String(),
  /** Epoch ms of the start. */
  starts_at: Type.Integer(),
  duration: Type.Integer(),
  id_group: Id,
  group: Type.String(),
  id_discipline: Id,
  discipline: Type.String(),
  id_teacher: Id,
  teacher: Type.String(),
  /** Cancelled webinars stay in the group's schedule, marked, so the group learns of it. */
  cancelled: Type.Boolean(),
  state: WebinarState,
});
export type Webinar = Static<typeof Webinar>;

/** POST webinars/teaching.json {} (teachers): the groups and disciplines the teacher teaches now. */
export const WebinarTeachingResponse = TeachingChoicesResponse;

/** POST webinars/list.json {}: the teacher's or the student's group's webinars from today on. */
export const WebinarListResponse = Type.Object({
  engine: WebinarEngine,
  /** The university's date and time now, 'YYYY-MM-DDTHH:MM' (the server's clock). */
  now: Type.String(),
  webinars: Type.Array(Webinar),
});
export type WebinarListResponse = Static<typeof WebinarListResponse>;

/** POST webinars/schedule.json (teachers): an online lesson for one of their groups. */
export const ScheduleWebinarBody = Type.Object({
  id_group: Id,
  id_discipline: Id,
  /** The start in the university's time zone, 'YYYY-MM-DDTHH:MM'. */
  start: Type.String({
    pattern: '^20[0-9]{2}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}$',
    examples: ['2026-11-18T14:00'],
  }),
  duration: Type.Integer({
    minimum: WEBINAR_DURATION_MIN,
    maximum: WEBINAR_DURATION_MAX,
    examples: [80],
  }),
});
export type ScheduleWebinarBody = Static<typeof ScheduleWebinarBody>;

/** A webinar named by its id (cancel, join, attendance). */
export const WebinarIdBody = Type.Object({ id: Id });
export type WebinarIdBody = Static<typeof WebinarIdBody>;

/**
 * POST webinars/join.json {id}: the teacher or a student of the group enters (a student's join
 * is recorded). BigBlueButton: `url` is where the browser goes. Embedded: the room is
 * /lms/api/webinars/events?id= (the signalling stream) and `me` the caller's id in it.
 */
export const WebinarJoinResponse = Type.Object({
  webinar: Webinar,
  engine: WebinarEngine,
  url: Type.Union([Type.String(), Type.Null()]),
  me: Id,
  host: Type.Boolean(),
});
export type WebinarJoinResponse = Static<typeof WebinarJoinResponse>;

/** One student of the webinar's group: when they first and last joined (null: never). */
export const WebinarAttendee = Type.Object({
  id: Id,
  name: Type.String(),
  joined: Type.Union([Type.Integer(), Type.Null()]),
  last: Type.Union([Type.Integer(), Type.Null()]),
});
export type WebinarAttendee = Static<typeof WebinarAttendee>;

/** POST webinars/attendance.json {id} (the webinar's teacher): the group and who joined. */
export const WebinarAttendanceResponse = Type.Object({
  webinar: Webinar,
  students: Type.Array(WebinarAttendee),
});
export type WebinarAttendanceResponse = Static<typeof WebinarAttendanceResponse>;

/**
 * POST webinars/journal.json {id} (the webinar's teacher, once it is open or over): the students
 * who joined are put on the journal lesson of the webinar's group and discipline on its date (the
 * teacher's lecture, else the first lesson type they give the group; the period containing its
 * start), created when missing, as present; a student already on that lesson's list keeps the
 * mark the teacher gave. `marked`: students written now; `joined`: students who joined.
 */
export const WebinarJournalResponse = Type.Object({
  marked: Type.Integer({ minimum: 0 }),
  joined: Type.Integer({ minimum: 0 }),
  id_lesson: Id,
  date: Type.String(),
  id_vid_zaniatiy: Id,
  id_time: Id,
});
export type WebinarJournalResponse = Static<typeof WebinarJournalResponse>;

/** One playback of a recording (BigBlueButton's formats: presentation, podcast, video, …). */
export const WebinarPlayback = Type.Object({
  type: Type.String(),
  url: Type.String(),
  /** Minutes. */
  length: Type.Integer({ minimum: 0 }),
});

/** A published recording of a webinar on BigBlueButton (epoch ms). */
export const WebinarRecording = Type.Object({
  id: Type.String(),
  start: Type.Integer(),
  end: Type.Integer(),
  participants: Type.Integer({ minimum: 0 }),
  playback: Type.Array(WebinarPlayback),
});
export type WebinarRecording = Static<typeof WebinarRecording>;

/**
 * POST webinars/recordings.json {id} (the webinar's teacher or a student of its group): its
 * published recordings, from BigBlueButton's getRecordings. The embedded room records nothing:
 * `engine` 'embedded' and no recordings.
 */
export const WebinarRecordingsResponse = Type.Object({
  engine: WebinarEngine,
  recordings: Type.Array(WebinarRecording),
});
export type WebinarRecordingsResponse = Static<typeof WebinarRecordingsResponse>;

export const WebinarSignalKind = Type.Union([
  Type.Literal('offer'),
  Type.Literal('answer'),
  Type.Literal('ice'),
]);
export type WebinarSignalKind = Static<typeof WebinarSignalKind>;

/**
 * POST webinars/signal.json: a WebRTC message for one other person in the embedded room
 * (relayed on their event stream only; both must be in the room).
 */
export const WebinarSignalBody = Type.Object({
  id: Id,
  to: Id,
  kind: WebinarSignalKind,
  payload: Type.String({ minLength: 1, maxLength: WEBINAR_SIGNAL_MAX_LENGTH }),
});
export type WebinarSignalBody = Static<typeof WebinarSignalBody>;
export const WebinarSignalResponse = Type.Object({ sent: Type.Boolean() });

/** GET webinars/events?id=: the embedded room's signalling stream. */
export const WebinarEventsQuery = Type.Object({
  id: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }),
});

/** Someone in the embedded room. */
export const WebinarPeer = Type.Object({ id: Id, name: Type.String(), host: Type.Boolean() });
export type WebinarPeer = Static<typeof WebinarPeer>;

/** A raised hand in the embedded room: who, and since when (epoch ms). */
export const WebinarHand = Type.Object({ id: Id, name: Type.String(), at: Type.Integer() });
export type WebinarHand = Static<typeof WebinarHand>;

/** One message of the room's chat (`from`: the sender's id in the room). */
export const WebinarChatMessage = Type.Object({
  id: Id,
  from: Id,
  name: Type.String(),
  text: Type.String(),
  at: Type.Integer(),
});
export type WebinarChatMessage = Static<typeof WebinarChatMessage>;

/**
 * POST webinars/hand.json {id, raised} (a student in the embedded room): raises or lowers their
 * hand; everyone in the room hears the hands in the order they were raised (`hands`).
 */
export const WebinarHandBody = Type.Object({ id: Id, raised: Type.Boolean() });
export type WebinarHandBody = Static<typeof WebinarHandBody>;
export const WebinarHandsResponse = Type.Object({ hands: Type.Array(WebinarHand) });
export type WebinarHandsResponse = Static<typeof WebinarHandsResponse>;

/**
 * POST webinars/chat.json {id, text} (someone in the embedded room): a message to the room's
 * chat, heard by everyone in it (`chat`); a newcomer hears the latest in `welcome`.
 */
export const WebinarChatBody = Type.Object({
  id: Id,
  text: Type.String({ minLength: 1, maxLength: WEBINAR_CHAT_MAX_LENGTH }),
});
export type WebinarChatBody = Static<typeof WebinarChatBody>;

/**
 * What the room's stream sends: `welcome` (to the newcomer: who is there, the raised hands and
 * the latest chat), `joined`, `left`, `hands`, `chat`, and `signal` (a message from another
 * person for the reader).
 */
export type WebinarRoomEvent =
  | {
      name: 'welcome';
      data: { me: number; peers: WebinarPeer[]; hands: WebinarHand[]; chat: WebinarChatMessage[] };
    }
  | { name: 'hands'; data: { hands: WebinarHand[] } }
  | { name: 'chat'; data: WebinarChatMessage }
  | { name: 'joined'; data: WebinarPeer }
  | { name: 'left'; data: { id: number } }
  | { name: 'signal'; data: { from: number; kind: WebinarSignalKind; payload: string } };

export const WEBINARS_ENDPOINTS = withSchemas(WEBINARS_ADDRESSES, {
  teaching: { body: EmptyBody, response: WebinarTeachingResponse },
  list: { body: EmptyBody, response: WebinarListResponse },
  schedule: { body: ScheduleWebinarBody, response: Webinar },
  cancel: { body: WebinarIdBody, response: Webinar },
  join: { body: WebinarIdBody, response: WebinarJoinResponse },
  attendance: { body: WebinarIdBody, response: WebinarAttendanceResponse },
  journal: { body: WebinarIdBody, response: WebinarJournalResponse },
  recordings: { body: WebinarIdBody, response: WebinarRecordingsResponse },
  signal: { body: WebinarSignalBody, response: WebinarSignalResponse },
  hand: { body: WebinarHandBody, response: WebinarHandsResponse },
  chat: { body: WebinarChatBody, response: WebinarChatMessage },
  events: { querystring: WebinarEventsQuery },
});
