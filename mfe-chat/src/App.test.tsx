import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import {
  ConfirmHost,
  http,
  i18n,
  initI18n,
  clearServerState,
  lmsStore,
  PortalProviders,
  userAtom,
  type ChatMessage,
  type SessionUser,
} from '@lms/shared';
import { envelope, stubNetwork, type Reply, type StubbedNetwork } from '@lms/shared/testing';
import {
  describeNamespace,
  testStudent as student,
  testTeacher as teacher,
} from '@lms/shared/testing';
import App from './App';
import ContactList from './ContactList';
import DisciplineList from './DisciplineList';
import {
  chainAtom,
  contactCountsAtom,
  currentContactAtom,
  resetChain,
  totalUnreadAtom,
} from './features/chat/state';
import en from './locales/en/chat.json';
import kg from './locales/kg/chat.json';
import ru from './locales/ru/chat.json';

const DISCIPLINES = [
  { id_discipline: 9, name: 'Тестирование ПО', kredit: 5, isSelect: 0 },
  { id_discipline: 4, name: 'Базы данных', kredit: 4, isSelect: 0 },
];

function message(id: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
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
const EMPTY_CONVERSATION: Reply = {
  status: 200,
  data: envelope({
    messages: [],
    unreades_start: null,
    unreades_total: 0,
    hasOlder: false,
    hasNewer: false,
  }),
};

type Handler = (path: string, body: Record<string, unknown>) => Reply | undefined;

let network: StubbedNetwork;
let handler: Handler;

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
  if (path.endsWith('current/ws.json'))
    return { status: 200, data: envelope({ ws: 1, name: 'Осенний', active: [] }) };
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

function renderChat(user: SessionUser, ui: ReactNode) {
  lmsStore.set(userAtom, user);
  return render(
    <PortalProviders>
      <MemoryRouter initialEntries={['/lms/chat']}>
        {ui}
        <ConfirmHost />
      </MemoryRouter>
    </PortalProviders>,
  );
}

const calls = (suffix: string) =>
  network.requests.filter((r) => (r.url ?? '').endsWith(suffix)).map(bodyOf);

beforeAll(async () => {
  await initI18n();
});

beforeEach(async () => {
  await act(() => i18n.changeLanguage('ru'));
  handler = () => undefined;
  network = stubNetwork(http, answer);
  resetChain();
});

afterEach(() => {
  network.restore();
  lmsStore.set(userAtom, null);
  resetChain();
});

describeNamespace('chat', { kg, ru, en });

describe('filter chain', () => {
  it('teacher: ws → disciplines → semesters → groups (first active) → students + group chat', async () => {
    renderChat(
      teacher,
      <>
        <DisciplineList />
        <ContactList />
      </>,
    );
    const contacts = await screen.findByRole('list', { name: 'Контакты' });
    expect(within(contacts).getByText('Жумабаева Айгерим')).toBeInTheDocument();
    expect(within(contacts).getByText('Групповой чат')).toBeInTheDocument();
    expect(screen.getByText('Семестр: Осенний')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByText('Semester: Fall')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('ru'));
    expect(screen.getByRole('button', { name: /Тестирование ПО/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // Teachers use the teacher lists; the first group is the active one.
    expect(calls('discipline/list.json')[0]).toMatchObject({ uid: 7, year: 26, ws: 1 });
    expect(calls('students/list.json')[0]).toMatchObject({
      id_discipline: 9,
      id_semester: 3,
      id_group: 2,
    });
    // Unread counts per contact and for the group chat.
    expect(within(contacts).getByLabelText('Непрочитанных: 4')).toBeInTheDocument();
    expect(within(contacts).getByLabelText('Непрочитанных: 2')).toBeInTheDocument();
    expect(lmsStore.get(totalUnreadAtom)).toBe(7);
    // Two semesters and two groups: the contact filter shows.
    expect(screen.getByLabelText('Семестр')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Группа'), '5');
    await waitFor(() => expect(calls('students/list.json').at(-1)).toMatchObject({ id_group: 5 }));
  });

  it('choosing a discipline resets the contact and the subgroup; one group and semester hide the filter', async () => {
    renderChat(
      teacher,
      <>
        <DisciplineList />
        <ContactList />
      </>,
    );
    const contacts = await screen.findByRole('list', { name: 'Контакты' });
    await userEvent.click(within(contacts).getByText('Исаков Нурбек'));
    expect(lmsStore.get(currentContactAtom)).toMatchObject({ id: 14, id_type: 2, group: 2 });
    await userEvent.click(screen.getByRole('button', { name: /Базы данных/ }));
    expect(lmsStore.get(currentContactAtom)).toBeNull();
    expect(lmsStore.get(chainAtom).subgroup).toBeNull();
    await waitFor(() =>
      expect(calls('students/list.json').at(-1)).toMatchObject({ id_discipline: 4 }),
    );
    expect(screen.queryByLabelText('Семестр')).not.toBeInTheDocument();
  });

  it('student: the teacher lists, teachers and the group chat', async () => {
    renderChat(student, <ContactList />);
    const contacts = await screen.findByRole('list', { name: 'Контакты' });
    expect(within(contacts).getByText('Асанов Бакыт Маратович')).toBeInTheDocument();
    expect(within(contacts).getByText('Лекция')).toBeInTheDocument();
    expect(calls('forStudentDisciplinelist.json')).toHaveLength(1);
    expect(calls('teachers/list.json')[0]).toMatchObject({ uid: 40, id_group: 2 });
    await userEvent.click(within(contacts).getByText('Групповой чат'));
    expect(lmsStore.get(currentContactAtom)).toMatchObject({
      id: -1,
      id_type: -1,
      name: 'Групповой чат',
    });
  });
});

describe('conversation', () => {
  async function openWith(responses: Handler) {
    handler = responses;
    renderChat(
      student,
      <>
        <ContactList />
        <App />
      </>,
    );
    const contacts = await screen.findByRole('list', { name: 'Контакты' });
    await userEvent.click(within(contacts).getByText('Асанов Бакыт Маратович'));
  }

  it('an empty conversation says so', async () => {
    await openWith((path) =>
      path.endsWith('chat/messages.json') ? EMPTY_CONVERSATION : undefined,
    );
    expect(await screen.findByText('Нет сообщенний')).toBeInTheDocument();
    expect(calls('chat/messages.json')[0]).toMatchObject({
      id_from: 12,
      id_from_type: 2,
      id_to: 3,
      id_to_type: 1,
      id_discipline: 9,
      year: 26,
      ws: 1,
    });
  });

  it('opens around the first unread, pages older, reads all, deletes only on 1', async () => {
    const page = [
      message(21),
      message(22),
      message(23),
      message(24, { ismine: false }),
      message(25),
    ];
    let deleteAnswer = 0;
    await openWith((path, body) => {
      if (path.endsWith('chat/messages.json'))
        return {
          status: 200,
          data: envelope({
            messages: page,
            unreades_start: 23,
            unreades_total: 3,
            hasOlder: true,
            hasNewer: false,
          }),
        };
      if (path.endsWith('chat/old.json')) {
        expect(body.id_top_message).toBe(21);
        return { status: 200, data: envelope([message(19), message(20)]) };
      }
      if (path.endsWith('chat/readall.json')) return { status: 200, data: envelope(0) };
      if (path.endsWith('chat/deletemessage.json'))
        return { status: 200, data: envelope(deleteAnswer) };
      return undefined;
    });
    const log = await screen.findByRole('log');
    expect(await within(log).findByText('Сообщение 23')).toBeInTheDocument();
    expect(within(log).getByRole('separator')).toHaveTextContent('Новые сообщения');
    // Older page: fewer than 20, so no more older.
    await userEvent.click(within(log).getByRole('button', { name: 'Ранние сообщения' }));
    expect(await within(log).findByText('Сообщение 19')).toBeInTheDocument();
    expect(within(log).queryByRole('button', { name: 'Ранние сообщения' })).not.toBeInTheDocument();
    const texts = within(log)
      .getAllByText(/^Сообщение \d+$/)
      .map((node) => node.textContent);
    expect(texts).toEqual([
      'Сообщение 19',
      'Сообщение 20',
      'Сообщение 21',
      'Сообщение 22',
      'Сообщение 23',
      'Сообщение 24',
      'Сообщение 25',
    ]);
    // Read all: the contact's count goes to 0 and the total drops by as much.
    act(() => {
      lmsStore.set(contactCountsAtom, { 3: 3 });
      lmsStore.set(totalUnreadAtom, 5);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Прочитать все' }));
    await waitFor(() => expect(lmsStore.get(contactCountsAtom)[3]).toBe(0));
    expect(lmsStore.get(totalUnreadAtom)).toBe(2);
    // Delete own message 22: confirmed, but the server answers 0 → it stays.
    const own = within(log).getByText('Сообщение 22').closest('article') as HTMLElement;
    await userEvent.click(within(own).getByRole('button', { name: 'Удалить' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: /ОК|Да|Удалить|OK/i }),
    );
    await waitFor(() => expect(calls('chat/deletemessage.json')).toHaveLength(1));
    expect(within(log).getByText('Сообщение 22')).toBeInTheDocument();
    // The server answers 1 → removed.
    deleteAnswer = 1;
    await userEvent.click(within(own).getByRole('button', { name: 'Удалить' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: /ОК|Да|Удалить|OK/i }),
    );
    await waitFor(() => expect(within(log).queryByText('Сообщение 22')).not.toBeInTheDocument());
    expect(calls('chat/deletemessage.json').at(-1)).toEqual({ id_message: 22, uid: 40 });
  });

  it('refuses files over the limit before sending', async () => {
    await openWith((path) =>
      path.endsWith('chat/messages.json') ? EMPTY_CONVERSATION : undefined,
    );
    await screen.findByText('Нет сообщенний');
    const big = new File([new Uint8Array(2000)], 'big.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText('Прикрепить файлы'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent('Файлы слишком большие');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(calls('chat/insert.json')).toHaveLength(0);
  });
});
