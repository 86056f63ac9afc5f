import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { tableWithId } from './dialect.js';

/**
 * Chat: messages of personal (teacher ↔ student, per discipline and semester) and group
 * conversations, and per-reader read marks. `conversation` is a text key naming the
 * conversation (see repositories/chat.ts), so paging is one indexed range scan on both databases.
 */
export function chatMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await tableWithId(dialect, db, 'chat_messages')
        .addColumn('conversation', 'text', (c) => c.notNull())
        .addColumn('year_id', 'integer', (c) => c.notNull())
        .addColumn('ws_id', 'integer', (c) => c.notNull())
        .addColumn('discipline_id', 'integer', (c) => c.notNull().references('disciplines.id'))
        .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id'))
        .addColumn('teacher_id', 'integer', (c) => c.references('teachers.id'))
        .addColumn('student_id', 'integer', (c) => c.references('students.id'))
        .addColumn('sender_role', 'integer', (c) => c.notNull())
        .addColumn('sender_id', 'integer', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('files', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('chat_messages_conversation_idx')
        .on('chat_messages')
        .columns(['conversation', 'id'])
        .execute();
      await db.schema
        .createIndex('chat_messages_student_idx')
        .on('chat_messages')
        .columns(['student_id', 'sender_role'])
        .execute();
      await db.schema
        .createIndex('chat_messages_teacher_idx')
        .on('chat_messages')
        .columns(['teacher_id', 'sender_role'])
        .execute();
      await db.schema
        .createIndex('chat_messages_group_idx')
        .on('chat_messages')
        .columns(['group_id', 'year_id', 'ws_id'])
        .execute();
      await db.schema
        .createTable('chat_reads')
        .addColumn('message_id', 'integer', (c) =>
          c.notNull().references('chat_messages.id').onDelete('cascade'),
        )
        .addColumn('reader_role', 'integer', (c) => c.notNull())
        .addColumn('reader_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('chat_reads_pk', ['reader_role', 'reader_id', 'message_id'])
        .execute();
      await db.schema
        .createIndex('chat_reads_message_idx')
        .on('chat_reads')
        .column('message_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('chat_reads').execute();
      await db.schema.dropTable('chat_messages').execute();
    },
  };
}
