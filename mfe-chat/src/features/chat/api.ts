import type { AxiosProgressEvent } from 'axios';
import { apiGet, apiPost, http, type SessionUser } from '@lms/shared';
import type {
  ChatCountResponse,
  ChatMessage,
  ChatMessagesResponse,
  CurrentWsResponse,
  CurrentYearResponse,
  DisciplineItem,
  GroupItem,
  PortalConfig,
  SemesterItem,
  StudentItem,
  TeacherItem,
} from '@lms/shared';

/** Chat page size and the group chat's contact id (spec §9). */
export const PAGE_SIZE = 20;
export const GROUP_CHAT_ID = -1;

/** What every chat call names: the discipline chosen in the filter chain. */
export interface Chain {
  year: number;
  ws: number;
  id_discipline: number;
  kredit: number;
  isSelect: number;
}

/** The conversation's other side: a person id, or GROUP_CHAT_ID with the group. */
export interface Peer {
  id: number;
  group: number;
}

export function targetOf(user: SessionUser, chain: Chain, peer: Peer) {
  return {
    year: chain.year,
    ws: chain.ws,
    id_discipline: chain.id_discipline,
    kredit: chain.kredit,
    id_from_type: user.role,
    id_from: user.id,
    id_to_type: peer.id === GROUP_CHAT_ID ? user.role : user.role === 1 ? 2 : 1,
    id_to: peer.id,
    id_group: peer.group,
  };
}

// The filter chain (spec §4): teachers use the teacher lists, students the student lists.
export const currentWs = () => apiGet<CurrentWsResponse>('/api/discipline/current/ws.json');
export const currentYear = () => apiGet<CurrentYearResponse>('/api/discipline/current/year.json');

interface ChainBody {
  uid: number;
  year: number;
  ws: number;
  id_discipline?: number;
  kredit?: number;
  isSelect?: number;
  id_semester?: number;
  id_group?: number;
}

export const disciplines = (user: SessionUser, body: ChainBody) =>
  apiPost<DisciplineItem[]>(
    user.role === 1 ? '/api/discipline/list.json' : '/api/discipline/forStudentDisciplinelist.json',
    body,
  );
export const semesters = (user: SessionUser, body: ChainBody) =>
  apiPost<SemesterItem[]>(
    user.role === 1
      ? '/api/discipline/semester/list.json'
      : '/api/discipline/studentSemester/list.json',
    body,
  );
export const groups = (user: SessionUser, body: ChainBody) =>
  apiPost<GroupItem[]>(
    user.role === 1 ? '/api/discipline/group/list.json' : '/api/discipline/studentGroup/list.json',
    body,
  );
export const students = (body: ChainBody) =>
  apiPost<StudentItem[]>('/api/discipline/students/list.json', body);
export const teachers = (body: ChainBody) =>
  apiPost<TeacherItem[]>('/api/discipline/teachers/list.json', body);

// Chat calls (spec §7).
type Target = ReturnType<typeof targetOf>;

export const openConversation = (target: Target) =>
  apiPost<ChatMessagesResponse>(
    target.id_to === GROUP_CHAT_ID ? '/api/chat/group/messages.json' : '/api/chat/messages.json',
    target,
  );
export const newerMessages = (target: Target, lastId: number) =>
  apiPost<ChatMessage[]>('/api/chat/new.json', { ...target, id_last_message: lastId });
export const olderMessages = (target: Target, topId: number) =>
  apiPost<ChatMessage[]>('/api/chat/old.json', { ...target, id_top_message: topId });
export const markRead = (id: number) => apiPost<number>('/api/chat/read.json', { id_message: id });
export const markAllRead = (target: Target) => apiPost<number>('/api/chat/readall.json', target);
export const deleteMessage = (id: number, uid: number) =>
  apiPost<number>('/api/chat/deletemessage.json', { id_message: id, uid });
export const unreadCounts = (
  user: SessionUser,
  scope: { year: number; ws: number; id_discipline?: number; id_group?: number },
) =>
  apiPost<ChatCountResponse>('/api/chat/count.json', {
    ...scope,
    id_from_type: user.role,
    id_from: user.id,
  });

/** Multipart send with real upload progress (0..100). */
export function sendMessage(
  target: Target,
  text: string,
  files: File[],
  onProgress: (percent: number) => void,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(target)) form.append(name, String(value));
  form.append('message', text);
  for (const file of files) form.append('files', file, file.name);
  return apiPost<ChatMessage>('/api/chat/insert.json', form, {
    // Let the browser set the multipart boundary.
    headers: { 'Content-Type': undefined },
    onUploadProgress: (event: AxiosProgressEvent) => {
      if (event.total) onProgress(Math.round((event.loaded / event.total) * 100));
    },
  });
}

export function downloadUrl(messageId: number, name: string): string {
  return `${http.defaults.baseURL ?? '/lms'}/api/chat/download.file?id=${messageId}&name=${encodeURIComponent(name)}`;
}

let config: Promise<PortalConfig> | undefined;
/** The portal's configuration (the upload limit), fetched once. */
export function portalConfig(): Promise<PortalConfig> {
  config ??= http.get<PortalConfig>('/config.json').then((response) => response.data);
  config.catch(() => {
    config = undefined;
  });
  return config;
}
