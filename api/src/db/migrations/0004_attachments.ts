import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { sql, type Kysely, type Migration } from 'kysely';
import { mediaTypeOf } from '../../lib/media-types.js';
import type { Dialect } from '../database.js';
import { inTransaction, tableWithId } from './dialect.js';

/** How chat joined the names of a message's files before this migration. */
const OLD_CHAT_SEPARATOR = ';!;';

interface Row {
  owner_area: 'news' | 'chat';
  owner_id: number;
  position: number;
  stored_name: string;
  original_name: string;
  size: number;
  media_type: string;
  created_by: number | null;
  created_at: number;
}

/**
 * One attachments table for every area (news and chat now; library, UMK and document orders
 * next). Moves news' `news_files` rows and chat's `;!;`-joined `chat_messages.files` names into
 * it, then drops both. Chat stored a message's n-th file on disk as `f<n>`; its size is read
 * from disk (0 when the file is gone). Files stay where they are: uploads/<area>/<id>/.
 */
export function attachmentsMigration(dialect: Dialect, dataDir: string): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await inTransaction(dialect, db, async (trx) => {
        await tableWithId(dialect, trx, 'attachments')
          .addColumn('owner_area', 'text', (c) => c.notNull())
          .addColumn('owner_id', 'integer', (c) => c.notNull())
          .addColumn('position', 'integer', (c) => c.notNull())
          .addColumn('stored_name', 'text', (c) => c.notNull())
          .addColumn('original_name', 'text', (c) => c.notNull())
          .addColumn('size', 'bigint', (c) => c.notNull())
          .addColumn('media_type', 'text', (c) => c.notNull())
          .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addUniqueConstraint('attachments_owner_position_unique', [
            'owner_area',
            'owner_id',
            'position',
          ])
          .execute();

        const rows: Row[] = [];
        const news = await sql<{
          news_id: number;
          original_name: string;
          stored_name: string;
          size: number | string;
          sort_order: number;
          author_uid: number;
          created_at: number | string;
        }>`select f.news_id, f.original_name, f.stored_name, f.size, f.sort_order,
                  n.author_uid, n.created_at
             from news_files f join news n on n.id = f.news_id
            order by f.news_id, f.sort_order, f.id`.execute(trx);
        let previous = { id: 0, position: 0 };
        for (const file of news.rows) {
          const position = file.news_id === previous.id ? previous.position + 1 : 1;
          previous = { id: file.news_id, position };
          rows.push({
            owner_area: 'news',
            owner_id: file.news_id,
            position,
            stored_name: file.stored_name,
            original_name: file.original_name,
            size: Number(file.size),
            media_type: mediaTypeOf(file.original_name),
            created_by: file.author_uid,
            created_at: Number(file.created_at),
          });
        }

        const chat = await sql<{
          id: number;
          files: string;
          created_at: number | string;
          uid: number | null;
        }>`select m.id, m.files, m.created_at, u.id as uid
             from chat_messages m
             left join users u on (m.sender_role = 1 and u.teacher_id = m.sender_id)
                               or (m.sender_role = 2 and u.student_id = m.sender_id)
            where m.files <> ''
            order by m.id`.execute(trx);
        for (const message of chat.rows) {
          const names = message.files.split(OLD_CHAT_SEPARATOR);
          for (const [index, name] of names.entries()) {
            const storedName = `f${index + 1}`;
            const onDisk = await stat(
              join(dataDir, 'uploads', 'chat', String(message.id), storedName),
            ).catch(() => undefined);
            rows.push({
              owner_area: 'chat',
              owner_id: message.id,
              position: index + 1,
              stored_name: storedName,
              original_name: name,
              size: onDisk?.isFile() ? onDisk.size : 0,
              media_type: mediaTypeOf(name),
              created_by: message.uid,
              created_at: Number(message.created_at),
            });
          }
        }
        // Batches stay under both databases' limits on bound parameters.
        for (let offset = 0; offset < rows.length; offset += 100) {
          await (trx as Kysely<{ attachments: Row }>)
            .insertInto('attachments')
            .values(rows.slice(offset, offset + 100))
            .execute();
        }

        await trx.schema.dropTable('news_files').execute();
        await trx.schema.alterTable('chat_messages').dropColumn('files').execute();
      });
    },
    // No `down`: once other areas attach files, the old news and chat shapes cannot hold them.
  };
}
