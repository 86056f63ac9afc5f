import type { Generated } from 'kysely';

/** The areas whose records carry files; the folder on disk is uploads/<area>/<owner id>/. */
export type AttachmentArea = 'news' | 'chat' | 'library' | 'umk' | 'orders';

/** One file attached to a record of an area (see migrations/0004_attachments.ts). */
export interface AttachmentTable {
  id: Generated<number>;
  owner_area: AttachmentArea;
  /** The id of the owning record (news item, chat message, …) in its area. */
  owner_id: number;
  /** 1, 2, … in the order the files were attached. */
  position: number;
  /** The generated name on disk (uploads/<area>/<owner id>/<stored name>); never the client's. */
  stored_name: string;
  /** The name the user uploaded (made safe), shown and used to download. */
  original_name: string;
  size: number;
  media_type: string;
  /** The user (users.id) who attached it; null when unknown (files of older data). */
  created_by: number | null;
  created_at: number;
}
