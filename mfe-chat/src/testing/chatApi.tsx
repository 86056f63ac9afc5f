// Test support of the chat remote's suites: the API as the filter chain sees it, and the
// chat panes rendered inside the portal's providers.
import type { InternalAxiosRequestConfig } from 'axios';
import type { ReactNode } from 'react';
import {
  ConfirmHost,
  http,
  lmsStore,
  userAtom,
  type ChatMessage,
  type SessionUser,
} from '@lms/shared';
import {
  envelope,
  renderInPortal,
  signInForEachTest,
  stubNetwork,
  type Reply,
  type StubbedNetwork,
} from '@lms/shared/testing';
import { resetSelection } from '../features/chain';

const DISCIPLINES = [
  { id_discipline: 9, name: 'Тестирование ПО', kredit: 5, isSelect: 0 },
  { id_discipline: 4, name: 'Базы данных', kredit: 4, isSelect: 0 },
];

export function message(id: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id_message: id,
    message: `Сообщение ${id}`,
    files: [],
    ismine: id % 2 === 0,
    fio: 'Жумабаева Айгерим',
    created: Date.UTC(2026, 10, 20, 9, 30),
    ...overrides,
  };
}

/** The answer of messages.json for a conversation with no messages. */
export const EMPTY_CONVERSATION: Reply = {
  status: 200,
  data: envelope({
    messages: [],
    unreades_start: null,
    unreades_total: 0,
    hasOlder: false,
    hasNewer: false,
  }),
};

export type Handler = (path: string, body: Record<string, unknown>) => Reply | undefined;

let network: StubbedNetwork;
let handler: Handler = () => undefined;

/** Answers the chat calls of one test (the filter chain has its default answers). */
export function answerWith(responses: Handler): void {
  handler = responses;
}

function bodyOf(config: InternalAxiosRequestConfig): Record<string, unknown> {
  if (typeof config.data === 'string' && config.data !== '') return JSON.parse(config.data);
  return {};
}

/** The API as the filter chain sees it; `handler` answers the chat calls of each test. */
function answer(config: InternalAxiosRequestConfig): Reply {
  const path = config.url ?? '';
  const body = bodyOf(config);
  const specific = handler(path, body);
  if (specific) return specific;
  if (path.endsWith('current/ws.json')) {
    // Like the API: catalogue names in the language of the `lang` cookie.
    const english = /(?:^|; )lang=en(?:;|$)/.test(document.cookie);
    return {
      status: 200,
      data: envelope({ ws: 1, name: english ? 'Fall' : 'Осенний', active: [] }),
    };
  }
  if (path.endsWith('current/year.json'))
    return { status: 200, data: envelope({ id_a_year: 26, name: '2026-27' }) };
  if (path.endsWith('forStudentDisciplinelist.json'))
    return { status: 200, data: envelope(DISCIPLINES) };
  if (path.endsWith('discipline/list.json')) return { status: 200, data: envelope(DISCIPLINES) };
  if (path.endsWith('emester/list.json'))
    return {
      status: 200,
      data: envelope(
        body.id_discipline === 9
          ? [
              { id_semester: 3, name: '3 семестр' },
              { id_semester: 5, name: '5 семестр' },
            ]
          : [{ id_semester: 3, name: '3 семестр' }],
      ),
    };
  if (path.endsWith('roup/list.json'))
    return {
      status: 200,
      data: envelope([
        { id_group: 2, name: 'ПИ-1-25', subgroups: [] },
        ...(body.id_discipline === 9 ? [{ id_group: 5, name: 'ПИ-2-25', subgroups: [] }] : []),
      ]),
    };
  if (path.endsWith('students/list.json'))
    return {
      status: 200,
      data: envelope([
        {
          id_student: 13,
          fullName: 'Жумабаева Айгерим',
          id_group: body.id_group,
          id_subgroup: null,
        },
        { id_student: 14, fullName: 'Исаков Нурбек', id_group: body.id_group, id_subgroup: null },
      ]),
    };
  if (path.endsWith('teachers/list.json'))
    return {
      status: 200,
      data: envelope([
        {
          id_teacher: 3,
          fullName: 'Асанов Бакыт Маратович',
          position: 'Доцент',
          lessonTypes: ['Лекция'],
        },
      ]),
    };
  if (path.endsWith('chat/count.json'))
    return {
      status: 200,
      data: envelope({
        total: 7,
        contacts: [
          { idid: 13, countMessages: 4 },
          { idid: -1, countMessages: 2 },
        ],
      }),
    };
  if (path.endsWith('chat/countbydiscipline.json'))
    return {
      status: 200,
      data: envelope([
        { id_discipline: 9, id_group: 2, countMessages: 6 },
        { id_discipline: 9, id_group: 5, countMessages: 3 },
        { id_discipline: 4, id_group: 2, countMessages: 1 },
      ]),
    };
  if (path.endsWith('config.json'))
    return {
      status: 200,
      data: {
        uploadLimitBytes: 1000,
        name: { kg: '', ru: '', en: '' },
        version: '1',
        api: { base: '/lms/api', version: 1 },
      },
    };
  return { status: 404, data: { result: true, error: `unexpected ${path}`, data: null } };
}

export function renderChat(user: SessionUser, ui: ReactNode) {
  lmsStore.set(userAtom, user);
  return renderInPortal(
    <>
      {ui}
      <ConfirmHost />
    </>,
    '/lms/chat',
  );
}

export const calls = (suffix: string) =>
  network.requests.filter((r) => (r.url ?? '').endsWith(suffix)).map(bodyOf);

/** The fake API, Russian, and nothing chosen or cached, around every test of the file. */
export function withChatApi(): void {
  signInForEachTest();
  beforeEach(() => {
    handler = () => undefined;
    network = stubNetwork(http, answer);
  });
  afterEach(() => {
    network.restore();
    resetSelection();
  });
}
