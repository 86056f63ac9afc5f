import { createHash, createHmac } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

// BigBlueButton's API (docs.bigbluebutton.org, "API Reference"): every call is a GET of
// <server>/bigbluebutton/api/<call>?<query>&checksum=<hex>, where the checksum is the SHA-1 (or,
// on servers that allow it, SHA-256) of the call's name, the query string exactly as sent, and
// the shared secret, concatenated.

/** The calls the portal makes. */
export type BbbCall = 'create' | 'join' | 'end' | 'getMeetings' | 'getRecordings';
export type BbbAlgorithm = 'sha1' | 'sha256';

/** Where the portal's BigBlueButton is (LMS_BBB_URL, LMS_BBB_SECRET, LMS_BBB_CHECKSUM). */
export interface BbbConfig {
  /** The API's address, e.g. https://bbb.example.kg/bigbluebutton/api (or the /bigbluebutton/ above it). */
  url: string;
  secret: string;
  algorithm: BbbAlgorithm;
}

/** The configuration from the environment; null when either variable is missing. */
export function bbbConfigOf(env: Record<string, string | undefined>): BbbConfig | null {
  const url = env.LMS_BBB_URL?.trim();
  const secret = env.LMS_BBB_SECRET?.trim();
  if (!url || !secret) return null;
  const algorithm = env.LMS_BBB_CHECKSUM === 'sha256' ? 'sha256' : 'sha1';
  return { url, secret, algorithm };
}

/** The checksum of a call: hash(call + query + secret). */
export function bbbChecksum(
  call: string,
  query: string,
  secret: string,
  algorithm: BbbAlgorithm = 'sha1',
): string {
  return createHash(algorithm).update(`${call}${query}${secret}`).digest('hex');
}

/** The API's base address, ending in /api (no slash after). */
export function bbbApiBase(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return trimmed.endsWith('/api') ? trimmed : `${trimmed}/api`;
}

/**
 * The signed address of a call: its parameters in the order given, form-encoded (a space is
 * '+'), then the checksum of exactly that query.
 */
export function bbbUrl(config: BbbConfig, call: BbbCall, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  const checksum = bbbChecksum(call, query, config.secret, config.algorithm);
  return `${bbbApiBase(config.url)}/${call}?${query}${query ? '&' : ''}checksum=${checksum}`;
}

/** A meeting's two passwords, derived from the secret (never stored, never sent to a browser). */
function passwords(config: BbbConfig, meetingId: string) {
  const of = (role: string) =>
    createHmac('sha256', config.secret).update(`${role}:${meetingId}`).digest('hex').slice(0, 16);
  return { attendeePW: of('attendee'), moderatorPW: of('moderator') };
}

/** What the portal asks of its BigBlueButton for one webinar. */
export function bbbCalls(config: BbbConfig) {
  return {
    create(meeting: { id: string; name: string; durationMin: number; logoutUrl: string }) {
      return bbbUrl(config, 'create', {
        name: meeting.name,
        meetingID: meeting.id,
        ...passwords(config, meeting.id),
        duration: String(meeting.durationMin),
        record: 'true',
        logoutURL: meeting.logoutUrl,
      });
    },
    join(meeting: { id: string }, person: { name: string; userId: number; moderator: boolean }) {
      const pw = passwords(config, meeting.id);
      return bbbUrl(config, 'join', {
        fullName: person.name,
        meetingID: meeting.id,
        password: person.moderator ? pw.moderatorPW : pw.attendeePW,
        role: person.moderator ? 'MODERATOR' : 'VIEWER',
        userID: String(person.userId),
        redirect: 'true',
      });
    },
    end(meeting: { id: string }) {
      return bbbUrl(config, 'end', {
        meetingID: meeting.id,
        password: passwords(config, meeting.id).moderatorPW,
      });
    },
    getMeetings() {
      return bbbUrl(config, 'getMeetings', {});
    },
    getRecordings(meetingIds: readonly string[]) {
      return bbbUrl(config, 'getRecordings', { meetingID: meetingIds.join(',') });
    },
  };
}

/** Whether a BigBlueButton answer (XML) says SUCCESS. */
export function bbbSucceeded(xml: string): boolean {
  return /<returncode>\s*SUCCESS\s*<\/returncode>/.test(xml);
}

/** One recording of a meeting, as getRecordings answers it, with its playback formats. */
export interface BbbRecording {
  recordId: string;
  meetingId: string;
  name: string;
  published: boolean;
  state: string;
  /** Epoch ms. */
  startTime: number;
  endTime: number;
  participants: number;
  formats: { type: string; url: string; lengthMin: number }[];
}

const recordingsParser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === 'recording' || name === 'format',
});

const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/**
 * The recordings of a getRecordings answer (the API reference's `<response><recordings>
 * <recording>…`), oldest first; null when the answer is no XML or not SUCCESS.
 */
export function parseRecordings(xml: string): BbbRecording[] | null {
  if (XMLValidator.validate(xml) !== true) return null;
  const parsed = recordingsParser.parse(xml) as {
    response?: { returncode?: unknown; recordings?: { recording?: Record<string, unknown>[] } };
  };
  const response = parsed.response;
  if (!response || text(response.returncode) !== 'SUCCESS') return null;
  const recordings = response.recordings?.recording ?? [];
  return recordings
    .map((r) => {
      const playback = r.playback as { format?: Record<string, unknown>[] } | undefined;
      return {
        recordId: text(r.recordID),
        meetingId: text(r.meetingID),
        name: text(r.name),
        published: text(r.published) === 'true',
        state: text(r.state),
        startTime: Number(text(r.startTime)) || 0,
        endTime: Number(text(r.endTime)) || 0,
        participants: Number(text(r.participants)) || 0,
        formats: (playback?.format ?? [])
          .map((f) => ({
            type: text(f.type),
            url: text(f.url),
            lengthMin: Number(text(f.length)) || 0,
          }))
          .filter((f) => /^https?:\/\//.test(f.url)),
      };
    })
    .sort((a, b) => a.startTime - b.startTime);
}
