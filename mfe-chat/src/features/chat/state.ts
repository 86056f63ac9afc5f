import { atom } from 'jotai';
import {
  errorMessage,
  lmsStore,
  type DisciplineItem,
  type GroupItem,
  type SemesterItem,
  type SessionUser,
} from '@lms/shared';
import * as api from './api';
import { GROUP_CHAT_ID, type Chain } from './api';

/** A person (or the group chat) in the contact list. */
export interface Contact {
  id: number;
  name: string;
  /** Lesson types (a student's teachers) or null. */
  detail: string | null;
  subgroup: number | null;
}

/** Spec §3 "current contact": name, id, faculty, group, id_type (-1 = the group chat). */
export interface CurrentContact {
  id: number;
  name: string;
  group: number;
  /** 1 teacher, 2 student, -1 the group chat. */
  id_type: 1 | 2 | -1;
  chain: Chain;
}

export interface ChainState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  error: string | null;
  year: number | null;
  ws: number | null;
  wsName: string;
  disciplines: DisciplineItem[];
  discipline: DisciplineItem | null;
  semesters: SemesterItem[];
  semester: number | null;
  groups: GroupItem[];
  group: GroupItem | null;
  /** Teachers may narrow the student list to a subgroup; null = the whole group. */
  subgroup: number | null;
  contacts: Contact[];
  contactsStatus: 'idle' | 'loading' | 'ready' | 'failed';
}

export const INITIAL_CHAIN: ChainState = {
  status: 'idle',
  error: null,
  year: null,
  ws: null,
  wsName: '',
  disciplines: [],
  discipline: null,
  semesters: [],
  semester: null,
  groups: [],
  group: null,
  subgroup: null,
  contacts: [],
  contactsStatus: 'idle',
};

// Module-level atoms in the one lmsStore: the remote's exposed modules (./App, ./DisciplineList,
// ./ContactList, ./UnreadBadge) are separate federated modules of one container, so they share
// this module and see the same state.
export const chainAtom = atom<ChainState>(INITIAL_CHAIN);
export const currentContactAtom = atom<CurrentContact | null>(null);
/** Unread messages per contact of the current list (contact id → count; -1 the group chat). */
export const contactCountsAtom = atom<Record<number, number>>({});
/** Unread messages over all the user's conversations (the menu badge). */
export const totalUnreadAtom = atom<number>(0);

const get = () => lmsStore.get(chainAtom);
const set = (patch: Partial<ChainState>) => lmsStore.set(chainAtom, { ...get(), ...patch });

// Each choice bumps the generation, so answers to an earlier choice are dropped.
let generation = 0;
let startedFor: number | null = null;

export function chainOf(state: ChainState): Chain | null {
  if (state.year === null || state.ws === null || !state.discipline) return null;
  return {
    year: state.year,
    ws: state.ws,
    id_discipline: state.discipline.id_discipline,
    kredit: state.discipline.kredit,
    isSelect: state.discipline.isSelect,
  };
}

function body(user: SessionUser, state: ChainState) {
  return {
    uid: user.uid,
    year: state.year ?? 0,
    ws: state.ws ?? 1,
    ...(state.discipline && {
      id_discipline: state.discipline.id_discipline,
      kredit: state.discipline.kredit,
      isSelect: state.discipline.isSelect,
    }),
    ...(state.semester !== null && { id_semester: state.semester }),
    ...(state.group && { id_group: state.group.id_group }),
  };
}

function fail(error: unknown, stamp: number) {
  if (stamp !== generation) return;
  set({ status: 'failed', contactsStatus: 'failed', error: errorMessage(error) });
}

/** Current semester (ws), then the discipline list; the first discipline is chosen. */
export async function startChain(user: SessionUser): Promise<void> {
  if (startedFor === user.uid && get().status !== 'failed') return;
  startedFor = user.uid;
  const stamp = ++generation;
  lmsStore.set(chainAtom, { ...INITIAL_CHAIN, status: 'loading' });
  lmsStore.set(currentContactAtom, null);
  try {
    const [ws, year] = await Promise.all([api.currentWs(), api.currentYear()]);
    if (stamp !== generation) return;
    set({ ws: ws.ws, wsName: ws.name, year: year.id_a_year });
    const list = await api.disciplines(user, body(user, get()));
    if (stamp !== generation) return;
    set({ disciplines: list, status: 'ready' });
    const first = list[0];
    if (first) await selectDiscipline(user, first);
    else set({ contactsStatus: 'ready' });
  } catch (error) {
    fail(error, stamp);
  }
}

/** Resets everything after a sign-out or a user change. */
export function resetChain(): void {
  generation++;
  startedFor = null;
  lmsStore.set(chainAtom, INITIAL_CHAIN);
  lmsStore.set(currentContactAtom, null);
  lmsStore.set(contactCountsAtom, {});
  lmsStore.set(totalUnreadAtom, 0);
}

/** Choosing a discipline resets the contact (teacher) and the subgroup (spec §4). */
export async function selectDiscipline(user: SessionUser, discipline: DisciplineItem) {
  const stamp = ++generation;
  lmsStore.set(currentContactAtom, null);
  set({
    discipline,
    subgroup: null,
    semesters: [],
    semester: null,
    groups: [],
    group: null,
    contacts: [],
    contactsStatus: 'loading',
  });
  try {
    const list = await api.semesters(user, body(user, get()));
    if (stamp !== generation) return;
    set({ semesters: list, semester: list[0]?.id_semester ?? null });
    await loadGroups(user, stamp);
  } catch (error) {
    fail(error, stamp);
  }
}

export async function selectSemester(user: SessionUser, semester: number) {
  const stamp = ++generation;
  set({ semester, groups: [], group: null, subgroup: null, contactsStatus: 'loading' });
  try {
    await loadGroups(user, stamp);
  } catch (error) {
    fail(error, stamp);
  }
}

/** Groups of the chosen semester; the first group is activated (spec §4). */
async function loadGroups(user: SessionUser, stamp: number) {
  const list = await api.groups(user, body(user, get()));
  if (stamp !== generation) return;
  set({ groups: list, group: list[0] ?? null });
  await loadContacts(user, stamp);
}

export async function selectGroup(user: SessionUser, group: GroupItem) {
  const stamp = ++generation;
  set({ group, subgroup: null, contactsStatus: 'loading' });
  try {
    await loadContacts(user, stamp);
  } catch (error) {
    fail(error, stamp);
  }
}

export function selectSubgroup(subgroup: number | null) {
  set({ subgroup });
}

/** Students (for a teacher) or teachers (for a student), then the group chat entry. */
async function loadContacts(user: SessionUser, stamp: number) {
  const state = get();
  if (!state.group || !state.discipline || state.semester === null) {
    set({ contacts: [], contactsStatus: 'ready' });
    return;
  }
  const request = { ...body(user, state), id_group: state.group.id_group };
  const people =
    user.role === 1
      ? (await api.students(request as Parameters<typeof api.students>[0])).map((s) => ({
          id: s.id_student,
          name: s.fullName,
          detail: null,
          subgroup: s.id_subgroup,
        }))
      : (await api.teachers(request as Parameters<typeof api.teachers>[0])).map((t) => ({
          id: t.id_teacher,
          name: t.fullName,
          detail: t.lessonTypes.join(', '),
          subgroup: null,
        }));
  if (stamp !== generation) return;
  const groupChat: Contact = { id: GROUP_CHAT_ID, name: '', detail: null, subgroup: null };
  set({ contacts: [...people, groupChat], contactsStatus: 'ready' });
  await refreshCounts(user);
}

/** Unread counts of the current list and the total (count.json). */
export async function refreshCounts(user: SessionUser): Promise<void> {
  const state = get();
  const counts = await api.unreadCounts(user, {
    year: state.year ?? 0,
    ws: state.ws ?? 1,
    ...(state.discipline && { id_discipline: state.discipline.id_discipline }),
    ...(state.group && { id_group: state.group.id_group }),
  });
  lmsStore.set(totalUnreadAtom, counts.total);
  lmsStore.set(
    contactCountsAtom,
    Object.fromEntries(counts.contacts.map((c) => [c.idid, c.countMessages])),
  );
}

/**
 * Opens a conversation with a contact of the current list. Choosing a teacher resets the
 * subgroup (spec §4).
 */
export function openContact(user: SessionUser, contact: Contact, groupChatName: string) {
  const state = get();
  const chain = chainOf(state);
  if (!chain || !state.group) return;
  if (contact.id !== GROUP_CHAT_ID && user.role === 2) set({ subgroup: null });
  lmsStore.set(currentContactAtom, {
    id: contact.id,
    name: contact.id === GROUP_CHAT_ID ? groupChatName : contact.name,
    group: state.group.id_group,
    id_type: contact.id === GROUP_CHAT_ID ? -1 : user.role === 1 ? 2 : 1,
    chain,
  });
}

export function leaveConversation() {
  lmsStore.set(currentContactAtom, null);
}

/** Unread arithmetic of spec §4: one read lowers by 1, read all sets 0. */
export function lowerUnread(contactId: number, by: number | 'all') {
  const counts = lmsStore.get(contactCountsAtom);
  const current = counts[contactId] ?? 0;
  const next = by === 'all' ? 0 : Math.max(0, current - by);
  lmsStore.set(contactCountsAtom, { ...counts, [contactId]: next });
  lmsStore.set(totalUnreadAtom, Math.max(0, lmsStore.get(totalUnreadAtom) - (current - next)));
}
