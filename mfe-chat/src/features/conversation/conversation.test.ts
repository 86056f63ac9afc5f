import type { ChatMessage, SessionUser } from '@lms/shared';
import type { Chain, CurrentContact } from '../chain';
import { concernsContact, conversationReducer, INITIAL_CONVERSATION } from './conversation';

const msg = (id: number): ChatMessage => ({
  id_message: id,
  message: String(id),
  files: [],
  ismine: false,
  fio: '',
  created: 0,
});
const range = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => msg(from + i));

const opened = conversationReducer(INITIAL_CONVERSATION, {
  type: 'opened',
  page: {
    messages: range(50, 20),
    unreades_start: 55,
    unreades_total: 15,
    hasOlder: true,
    hasNewer: true,
  },
});

describe('conversation rules', () => {
  it('opening remembers the first unread and the count', () => {
    expect(opened.status).toBe('ready');
    expect(opened.firstUnread).toBe(55);
    expect(opened.unreadTotal).toBe(15);
    expect(opened.scroll).toEqual({ kind: 'unread', id: 55 });
  });

  it('older pages are prepended; exactly 20 may have more, fewer than 20 end it', () => {
    const full = conversationReducer(opened, { type: 'older', messages: range(30, 20) });
    expect(full.messages[0]?.id_message).toBe(30);
    expect(full.hasOlder).toBe(true);
    const last = conversationReducer(full, { type: 'older', messages: range(11, 19) });
    expect(last.messages[0]?.id_message).toBe(11);
    expect(last.hasOlder).toBe(false);
  });

  it('newer pages are appended the same way, without duplicates', () => {
    const more = conversationReducer(opened, {
      type: 'newer',
      messages: range(69, 20),
      paging: true,
    });
    expect(more.messages.map((m) => m.id_message)).toEqual(range(50, 39).map((m) => m.id_message));
    expect(more.hasNewer).toBe(true);
    const end = conversationReducer(more, { type: 'newer', messages: range(89, 3), paging: true });
    expect(end.hasNewer).toBe(false);
  });

  it('one read lowers the count by 1; read all sets 0', () => {
    const one = conversationReducer(opened, { type: 'read', count: 1 });
    expect(one.unreadTotal).toBe(14);
    expect(conversationReducer(one, { type: 'read', count: 'all' }).unreadTotal).toBe(0);
  });

  it('a deleted message leaves the list', () => {
    const after = conversationReducer(opened, { type: 'removed', id: 52 });
    expect(after.messages.some((m) => m.id_message === 52)).toBe(false);
    expect(after.messages).toHaveLength(19);
  });
});

describe('which live events concern the open conversation', () => {
  const teacher: SessionUser = { id: 3, uid: 7, role: 1, fullName: 'T', newsPerms: false };
  const chain: Chain = { year: 26, ws: 1, id_discipline: 9, kredit: 5, isSelect: 0 };
  const personal: CurrentContact = { id: 13, name: 'S', group: 2, id_type: 2, chain };
  const group: CurrentContact = { id: -1, name: 'G', group: 2, id_type: -1, chain };
  const ref = { year: 26, ws: 1, id_discipline: 9, id_group: 2 };

  it('matches the personal conversation by both people and the group chat by group', () => {
    expect(concernsContact({ ...ref, teacherId: 3, studentId: 13 }, teacher, personal)).toBe(true);
    expect(concernsContact({ ...ref, teacherId: 3, studentId: 14 }, teacher, personal)).toBe(false);
    expect(concernsContact({ ...ref, teacherId: null, studentId: null }, teacher, group)).toBe(
      true,
    );
    expect(concernsContact({ ...ref, teacherId: null, studentId: null }, teacher, personal)).toBe(
      false,
    );
    expect(
      concernsContact({ ...ref, id_discipline: 4, teacherId: 3, studentId: 13 }, teacher, personal),
    ).toBe(false);
  });
});
