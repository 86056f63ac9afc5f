import {
  ABSENCE_MARK,
  type ChatEvent,
  type OrderEvent,
  type PushKind,
  type PushPayload,
  type QrVisitEvent,
} from '@lms/shared/contract';
import type { FastifyBaseLogger } from 'fastify';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { AccessRepository } from '../../access/index.js';
import type { EventBus } from '../../lib/event-bus.js';
import webpush from 'web-push';
import { fill, type Text } from '../../lib/messages.js';
import { mayUseConversation, toMessage, type ChatRepository } from '../chat/index.js';
import type { JournalMarkEvent } from '../journal/index.js';
import type { NewsEvent, NewsRepository } from '../news/index.js';
import type { RegistrationEvent } from '../registration/index.js';
import type { ScheduleNotice } from '../rooms/index.js';
import type { StatementNoticeEvent, StatementsRepository } from '../statements/index.js';
import { formatterFor } from '@lms/shared/format';
import {
  CHAT_PREVIEW,
  MARK_TEXTS,
  ORDER_STATUS_TEXTS,
  PUSH_TEXTS,
  SCHEDULE_TEXTS,
  TEACHING_TEXTS,
  TEACHING_TITLES,
} from './messages.js';
import type { PushRepository, PushTarget, PushTargetPerson } from './repository.js';
import type { VapidKeys } from './vapid.js';
import {
  endpointRefusal,
  isNonPublicAddress,
  trustedPrivateHost,
  type pushServicePatterns,
} from './endpoint-rules.js';

/** How long a push service keeps a message for a device that is offline (seconds). */
const TTL_S = 24 * 60 * 60;
/** Longest chat preview shown (characters); push payloads are limited to ~4 KB. */
const PREVIEW_MAX = 300;

/** What one notification says, given the subscription (its language and previews). */
type Compose = (target: PushTarget) => PushPayload;

function simple(kind: PushKind, title: Text, body: Text, url: string, tag: string): Compose {
  return ({ lang }) => ({ kind, title: title[lang], body: body[lang], url, tag });
}

/**
 * Sends the notifications of the events this process publishes (each event once across the
 * cluster: `subscribeOwn`), to the subscriptions of the people each concerns and nobody else.
 * A subscription the push service no longer knows (404/410) is dropped.
 */
export interface PushSenderDeps {
  push: PushRepository;
  vapid: VapidKeys;
  /**
   * The questions of who an event concerns (a group chat's members, a news item's readers) and
   * the statement a teacher's notice names.
   */
  repos: {
    chat: ChatRepository;
    access: AccessRepository;
    news: NewsRepository;
    statements: Pick<StatementsRepository, 'named'>;
  };
  /** The buses whose own events are notified. */
  buses: {
    chat: EventBus<ChatEvent>;
    order: EventBus<OrderEvent>;
    visit: EventBus<QrVisitEvent>;
    journal: EventBus<JournalMarkEvent>;
    news: EventBus<NewsEvent>;
    registration: EventBus<RegistrationEvent>;
    schedule: EventBus<ScheduleNotice>;
    statement: EventBus<StatementNoticeEvent>;
  };
  log: FastifyBaseLogger;
  /** The push services the server may connect to (endpoint-rules.ts). */
  services: ReturnType<typeof pushServicePatterns>;
  /** Plain http:// push services allowed (a trusted network's). */
  plainHttp: boolean;
}

/**
 * Resolves a push service's name as the connection does, and refuses an address no push service
 * on the internet has: checked on the address actually connected to, so a name re-pointed after
 * the subscription was accepted (DNS rebinding) reaches nothing inside the network.
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((entry) => isNonPublicAddress(entry.address));
    if (refused || addresses.length === 0) {
      return callback(
        Object.assign(new Error(`${hostname} resolves to a non-public address`), {
          code: 'EPUSHADDRESS',
        }),
        '',
        0,
      );
    }
    if (options.all)
      return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

export interface Delivery {
  endpoint: string;
  method: string;
  headers: Record<string, string>;
  body: Buffer | null;
}

/** Sends one request to a push service; its status. Redirects are not followed. */
export function deliver(delivery: Delivery, trusted: boolean): Promise<number> {
  const url = new URL(delivery.endpoint);
  const options: RequestOptions = {
    method: delivery.method,
    headers: delivery.headers,
    timeout: 10_000,
    ...(trusted ? {} : { lookup: publicOnlyLookup }),
  };
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      options,
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('push service timed out')));
    request.on('error', reject);
    request.end(delivery.body ?? undefined);
  });
}

export function startPushSender(deps: PushSenderDeps) {
  const { push, vapid, repos, buses, log, services, plainHttp } = deps;
  const { chat, access, news, statements } = repos;

  async function sendOne(target: PushTarget, payload: PushPayload): Promise<void> {
    // Kept from before the services were configured as they are now: never contacted again.
    if (endpointRefusal(target.endpoint, services, plainHttp) !== null) {
      await push.drop(target.id);
      return;
    }
    const details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: target.keys },
      JSON.stringify(payload),
      { vapidDetails: vapid, TTL: TTL_S, contentEncoding: 'aes128gcm' },
    );
    const status = await deliver(
      {
        endpoint: details.endpoint,
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body ?? null,
      },
      trustedPrivateHost(details.endpoint, services),
    );
    if (status === 404 || status === 410) await push.drop(target.id);
    else if (status < 200 || status >= 300) {
      log.warn({ status }, 'push service refused a notification');
    }
  }

  async function send(targets: PushTarget[], compose: Compose): Promise<void> {
    await Promise.all(
      targets.map((target) =>
        sendOne(target, compose(target)).catch((error: unknown) =>
          log.warn({ err: error }, 'push notification not sent'),
        ),
      ),
    );
  }

  async function onChat(event: ChatEvent): Promise<void> {
    if (event.kind !== 'message') return;
    const ref = event.conversation;
    const isActor = (t: PushTargetPerson) =>
      t.role === event.actor.role && t.personId === event.actor.id;
    let targets: PushTargetPerson[];
    if (ref.teacherId !== null && ref.studentId !== null) {
      const other =
        event.actor.role === 1
          ? { role: 2 as const, id: ref.studentId }
          : { role: 1 as const, id: ref.teacherId };
      targets = await push.ofPerson('chat', other.role, other.id);
    } else {
      targets = await push.groupChatCandidates(ref.id_group);
    }
    const allowed: PushTargetPerson[] = [];
    for (const target of targets) {
      if (isActor(target)) continue;
      const person = { role: target.role, id: target.personId };
      if (await mayUseConversation(access, person, ref)) allowed.push(target);
    }
    if (allowed.length === 0) return;
    const stored = await chat.byId(event.id_message);
    if (!stored) return;
    const shown = toMessage({ role: allowed[0]!.role, id: allowed[0]!.personId }, stored.message);
    const text = shown.message.slice(0, PREVIEW_MAX);
    const author = shown.fio;
    const tag = `chat-${ref.year}-${ref.ws}-${ref.id_discipline}-${ref.id_group}-${ref.teacherId ?? 0}-${ref.studentId ?? 0}`;
    await send(allowed, ({ lang, allowPreviews }) => ({
      kind: 'chat',
      title: PUSH_TEXTS.chatTitle[lang],
      body: allowPreviews
        ? fill(CHAT_PREVIEW.preview, { author, text })[lang]
        : PUSH_TEXTS.chatHidden[lang],
      url: '/lms/chat',
      tag,
    }));
  }

  async function onOrder(event: OrderEvent): Promise<void> {
    if (event.kind !== 'moved' || event.status === null) return;
    const targets = await push.ofPerson('orders', 2, event.studentId);
    await send(
      targets,
      simple(
        'orders',
        PUSH_TEXTS.orderTitle,
        ORDER_STATUS_TEXTS[event.status],
        '/lms/singlewindow',
        `order-${event.id_order}`,
      ),
    );
  }

  async function onVisit(event: QrVisitEvent): Promise<void> {
    const targets = await push.ofPerson('marks', 2, event.id_student);
    await send(
      targets,
      simple(
        'marks',
        PUSH_TEXTS.marksTitle,
        event.present ? PUSH_TEXTS.present : PUSH_TEXTS.absent,
        '/lms/journal',
        `visit-${event.id_qr}`,
      ),
    );
  }

  async function onMark(event: JournalMarkEvent): Promise<void> {
    const targets = await push.ofPerson('marks', 2, event.studentId);
    const body =
      event.mark === ABSENCE_MARK
        ? PUSH_TEXTS.absent
        : fill(MARK_TEXTS.grade, { mark: event.mark });
    await send(
      targets,
      simple('marks', PUSH_TEXTS.marksTitle, body, '/lms/journal', `mark-${event.lessonId}`),
    );
  }

  async function onNews(event: NewsEvent): Promise<void> {
    const targets = (await push.wanting('news')).filter((t) => t.userId !== event.authorUid);
    const byUser = await news.readersOf(
      targets.map((t) => ({ uid: t.userId, role: t.role, personId: t.personId })),
    );
    // The author gets no notification, so whether someone may read the item depends only on
    // their role and faculty (news/repository.ts visibleTo): asked once per pair.
    const textFor = new Map<string, Promise<string | undefined>>();
    const readers: { target: PushTargetPerson; text: string }[] = [];
    for (const target of targets) {
      const reader = byUser.get(target.userId)!;
      const key = `${reader.role}:${reader.facultyId}`;
      if (!textFor.has(key)) textFor.set(key, news.visibleText(reader, event.id_news));
      const text = await textFor.get(key);
      if (text !== undefined) readers.push({ target, text: text.slice(0, PREVIEW_MAX) });
    }
    await Promise.all(
      readers.map(({ target, text }) =>
        send([target], ({ lang, allowPreviews }) => ({
          kind: 'news',
          title: PUSH_TEXTS.newsTitle[lang],
          body: allowPreviews ? text : PUSH_TEXTS.newsHidden[lang],
          url: '/lms/news',
          tag: `news-${event.id_news}`,
        })),
      ),
    );
  }

  async function onWaitlist(event: RegistrationEvent): Promise<void> {
    if (event.kind !== 'promoted') return;
    const targets = await push.ofPerson('waitlist', 2, event.studentId);
    await send(
      targets,
      simple(
        'waitlist',
        PUSH_TEXTS.waitlistTitle,
        PUSH_TEXTS.waitlistBody,
        '/lms/registration',
        `waitlist-${event.streamId}`,
      ),
    );
  }

  async function onSchedule(event: ScheduleNotice): Promise<void> {
    const targets = await push.ofGroupStudents('schedule', event.groupId);
    const cancelled = event.kind === 'bookingCancelled';
    await send(targets, ({ lang }) => {
      const params = { date: formatterFor(lang).date(event.date), start: event.start };
      return {
        kind: 'schedule',
        title: (cancelled ? PUSH_TEXTS.cancelledTitle : PUSH_TEXTS.webinarTitle)[lang],
        body: cancelled
          ? SCHEDULE_TEXTS.cancelled[lang]({ ...params, room: event.place })
          : SCHEDULE_TEXTS.webinarSoon[lang](params),
        url: cancelled ? '/lms/schedule' : `/lms/webinars/${event.id}`,
        tag: `${event.kind}-${event.id}`,
      };
    });
  }

  async function onStatementNotice(event: StatementNoticeEvent): Promise<void> {
    const targets = await push.ofPerson('teaching', 1, event.teacherId);
    if (targets.length === 0) return;
    const langs = [...new Set(targets.map((target) => target.lang))];
    const named = new Map(
      await Promise.all(
        langs.map(async (lang) => [lang, await statements.named(lang, event.statementId)] as const),
      ),
    );
    await send(targets, ({ lang }) => {
      const sheet = named.get(lang);
      const params = {
        discipline: sheet?.discipline ?? '',
        group: sheet?.group_name ?? '',
        date: formatterFor(lang).date(sheet?.deadline),
      };
      return {
        kind: 'teaching',
        title: TEACHING_TITLES[event.kind][lang],
        body: TEACHING_TEXTS[event.kind][lang](params),
        url: `/lms/statement?id=${event.statementId}`,
        tag: `statement-${event.kind}-${event.statementId}`,
      };
    });
  }

  const handle =
    <Event>(name: string, work: (event: Event) => Promise<void>) =>
    (event: Event) => {
      work(event).catch((error: unknown) =>
        log.warn({ err: error }, `push notifications of a ${name} event not sent`),
      );
    };
  const stops = [
    buses.chat.subscribeOwn(handle('chat', onChat)),
    buses.order.subscribeOwn(handle('order', onOrder)),
    buses.visit.subscribeOwn(handle('visit', onVisit)),
    buses.journal.subscribeOwn(handle('journal', onMark)),
    buses.news.subscribeOwn(handle('news', onNews)),
    buses.registration.subscribeOwn(handle('registration', onWaitlist)),
    buses.schedule.subscribeOwn(handle('schedule', onSchedule)),
    buses.statement.subscribeOwn(handle('statement notice', onStatementNotice)),
  ];
  return () => stops.forEach((stop) => stop());
}
