import type { Migration } from 'kysely';

/**
 * A chat message sent from a phone's outbox carries the key the phone gave it: a message sent
 * again with the same key (the answer was lost, the outbox tried again) is the same message.
 * Unique per sender; messages without a key (most) are not constrained.
 */
export function chatMessageKeysMigration(): Migration {
  return {
    async up(db) {
      await db.schema.alterTable('chat_messages').addColumn('client_key', 'text').execute();
      await db.schema
        .createIndex('chat_messages_client_key_idx')
        .on('chat_messages')
        .columns(['sender_role', 'sender_id', 'client_key'])
        .unique()
        .execute();
    },
    async down(db) {
      await db.schema.dropIndex('chat_messages_client_key_idx').execute();
      await db.schema.alterTable('chat_messages').dropColumn('client_key').execute();
    },
  };
}
