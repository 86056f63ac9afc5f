import { atom, useAtomValue } from 'jotai';
import { GROUP_CHAT_ID, lmsStore, ROLE, useSession, type SessionUser } from '@lms/shared';
import type { Chain, Contact, CurrentContact } from './types';

/**
 * What the user chose in the filter chain. Lists come from the server-state cache; a step the
 * user has not chosen (null) falls back to the list's first entry (spec §4).
 */
export interface ChainSelection {
  /** The account the choices belong to: another user starts from nothing. */
  uid: number | null;
  discipline: { id_discipline: number; isSelect: number } | null;
  semester: number | null;
  group: number | null;
  /** Teachers may narrow the student list to a subgroup; null = the whole group. */
  subgroup: number | null;
}

export const EMPTY_SELECTION: ChainSelection = {
  uid: null,
  discipline: null,
  semester: null,
  group: null,
  subgroup: null,
};

// Module-level atoms in the one lmsStore: the remote's exposed modules (./App, ./DisciplineList,
// ./ContactList, ./UnreadBadge) are separate federated modules of one container, so they share
// this module and see the same choices.
export const selectionAtom = atom<ChainSelection>(EMPTY_SELECTION);
/** The open conversation (spec §3 "current contact") and whose it is; null when none is open. */
export const currentContactAtom = atom<{ uid: number; contact: CurrentContact } | null>(null);

/** The signed-in user's open conversation, or null. */
export function useCurrentContact(): CurrentContact | null {
  const { user } = useSession();
  const current = useAtomValue(currentContactAtom, { store: lmsStore });
  return current && current.uid === user?.uid ? current.contact : null;
}

function choose(user: SessionUser, patch: Partial<ChainSelection>) {
  const current = lmsStore.get(selectionAtom);
  const base = current.uid === user.uid ? current : { ...EMPTY_SELECTION, uid: user.uid };
  lmsStore.set(selectionAtom, { ...base, ...patch });
}

/** Choosing a discipline resets the contact, the semester, the group and the subgroup (spec §4). */
export function selectDiscipline(
  user: SessionUser,
  discipline: { id_discipline: number; isSelect: number },
) {
  lmsStore.set(currentContactAtom, null);
  choose(user, {
    discipline: { id_discipline: discipline.id_discipline, isSelect: discipline.isSelect },
    semester: null,
    group: null,
    subgroup: null,
  });
}

export function selectSemester(user: SessionUser, semester: number) {
  choose(user, { semester, group: null, subgroup: null });
}

export function selectGroup(user: SessionUser, group: number) {
  choose(user, { group, subgroup: null });
}

export function selectSubgroup(user: SessionUser, subgroup: number | null) {
  choose(user, { subgroup });
}

/**
 * Opens a conversation with a contact of the current list. Choosing a teacher resets the
 * subgroup (spec §4).
 */
export function openContact(
  user: SessionUser,
  chain: Chain,
  group: number,
  contact: Contact,
  groupChatName: string,
) {
  const isGroupChat = contact.id === GROUP_CHAT_ID;
  if (!isGroupChat && user.role === ROLE.student) choose(user, { subgroup: null });
  lmsStore.set(currentContactAtom, {
    uid: user.uid,
    contact: {
      id: contact.id,
      name: isGroupChat ? groupChatName : contact.name,
      group,
      id_type: isGroupChat ? -1 : user.role === ROLE.teacher ? ROLE.student : ROLE.teacher,
      chain,
    },
  });
}

export function leaveConversation() {
  lmsStore.set(currentContactAtom, null);
}

/** Forgets every choice (a sign-out, another user). */
export function resetSelection() {
  lmsStore.set(selectionAtom, EMPTY_SELECTION);
  lmsStore.set(currentContactAtom, null);
}
