import {
  apiUpload,
  apiUrl,
  CHAT_API,
  GROUP_CHAT_ID,
  postEndpoint,
  ROLE,
  type ChatTarget,
  type SessionUser,
} from '@lms/shared';
import type { Chain } from '../../chain';

/** The conversation's other side: a person id, or GROUP_CHAT_ID with the group. */
export interface Peer {
  id: number;
  group: number;
}

/** The payload naming one conversation (spec §7), from the session user's side. */
export function targetOf(user: SessionUser, chain: Chain, peer: Peer): ChatTarget {
  const other = user.role === ROLE.teacher ? ROLE.student : ROLE.teacher;
  return {
    year: chain.year,
    ws: chain.ws,
    id_discipline: chain.id_discipline,
    kredit: chain.kredit,
    id_from_type: user.role,
    id_from: user.id,
    id_to_type: peer.id === GROUP_CHAT_ID ? user.role : other,
    id_to: peer.id,
    id_group: peer.group,
  };
}

export const conversationKeys = {
  one: (uid: number, target: ChatTarget) => ['chat', 'conversation', uid, target] as const,
};

const personalPage = postEndpoint(CHAT_API.messages);
const groupPage = postEndpoint(CHAT_API.groupMessages);

/** messages.json / group/messages.json: the page around the first unread (or the newest). */
export const openConversation = (target: ChatTarget) =>
  target.id_to === GROUP_CHAT_ID ? groupPage(target) : personalPage(target);
/** new.json: up to a page of messages after `id_last_message`, oldest first. */
export const newerMessages = postEndpoint(CHAT_API.newer);
/** old.json: up to a page of messages before `id_top_message`. */
export const olderMessages = postEndpoint(CHAT_API.older);
/** read.json: marks one message read. */
export const markRead = postEndpoint(CHAT_API.read);
/** readall.json: marks the whole conversation read. */
export const markAllRead = postEndpoint(CHAT_API.readAll);
/** deletemessage.json: answers 1 when the message was deleted. */
export const deleteMessage = postEndpoint(CHAT_API.remove);

/** insert.json: text and files as multipart, with real upload progress and no time limit. */
export function sendMessage(
  target: ChatTarget,
  text: string,
  files: readonly File[],
  onProgress: (percent: number) => void,
) {
  return apiUpload(
    CHAT_API.insert,
    { fields: { ...definedFields(target), message: text }, files },
    onProgress,
  );
}

function definedFields(target: ChatTarget): Record<string, number> {
  return Object.fromEntries(
    Object.entries(target).filter((entry): entry is [string, number] => entry[1] !== undefined),
  );
}

/** GET chat/download.file?id=<message id>&name=<file name> */
export function downloadUrl(messageId: number, name: string): string {
  return apiUrl(CHAT_API.download, { id: messageId, name });
}
