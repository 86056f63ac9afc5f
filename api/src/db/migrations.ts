import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db, Dialect } from './database.js';
import { academicCoreMigration } from './migrations/0001_academic_core.js';
import { newsMigration } from './migrations/0002_news.js';
import { chatMigration } from './migrations/0003_chat.js';
import { attachmentsMigration } from './migrations/0004_attachments.js';
import { journalMigration } from './migrations/0005_journal.js';
import { registrationMigration } from './migrations/0006_registration.js';
import { paymentsMigration } from './migrations/0007_payments.js';
import { libraryMigration } from './migrations/0008_library.js';
import { loginAttemptsMigration } from './migrations/0009_login_attempts.js';
import { ordersMigration } from './migrations/0010_orders.js';
import { scheduleMigration } from './migrations/0011_schedule.js';
import { librarySearchMigration } from './migrations/0013_library_search.js';
import { sessionIdleMigration } from './migrations/0014_session_idle.js';
import { catalogueNamesMigration } from './migrations/0015_catalogue_names.js';
import { missingKeysMigration } from './migrations/0016_missing_keys.js';
import { dataVersionsMigration } from './migrations/0018_data_versions.js';
import { chatUnreadMigration } from './migrations/0019_chat_unread.js';
import { openPaymentCancelledOrderMigration } from './migrations/0020_open_payment_cancelled_order.js';
import { journalCellVersionsMigration } from './migrations/0021_journal_cell_versions.js';
import { qrPasskeysMigration } from './migrations/0022_qr_passkeys.js';
import { issuedOnceMigration } from './migrations/0023_issued_once.js';
import { registrationWaitlistMigration } from './migrations/0024_registration_waitlist.js';
import { chatMessageKeysMigration } from './migrations/0025_chat_message_keys.js';
import { remoteHealthMigration } from './migrations/0026_remote_health.js';
import { pushSubscriptionsMigration } from './migrations/0027_push_subscriptions.js';
import { studentDirectoryVersionMigration } from './migrations/0028_student_directory_version.js';
import { receiptNumbersMigration } from './migrations/0029_receipt_numbers.js';
import { testingMigration } from './migrations/0030_testing.js';
import { statementsMigration } from './migrations/0040_statements.js';
import { questionnairesMigration } from './migrations/0050_questionnaires.js';
import { roomsMigration } from './migrations/0060_rooms.js';
import { workloadMigration } from './migrations/0070_workload.js';
import { documentsMigration } from './migrations/0110_documents.js';
import { webinarsMigration } from './migrations/0080_webinars.js';
import { slotHoldsMigration } from './migrations/0120_slot_holds.js';
import { scheduleNoticesMigration } from './migrations/0126_schedule_notices.js';
import { statementPasskeysMigration } from './migrations/0131_statement_passkeys.js';
import { statementRetakesMigration } from './migrations/0138_statement_retakes.js';
import { testingOfflineReviewMigration } from './migrations/0144_testing_offline_review.js';
import { testingChainsMigration } from './migrations/0154_testing_chains.js';
import { testingSignaturesMigration } from './migrations/0155_testing_signatures.js';
import { statementNoticesMigration } from './migrations/0156_statement_notices.js';
import { testingAdmissionsMigration } from './migrations/0157_testing_admissions.js';
import { auditOneIndexMigration } from './migrations/0158_audit_one_index.js';
import { auditMigration } from './migrations/0100_audit.js';
import { staffAccessMigration } from './migrations/0121_staff_access.js';

// Migrations live in code (not a folder scan) so they run the same from src (tsx) and dist.
// One file per area in migrations/, named like the migration it holds; the column types that
// differ between the dialects come from migrations/dialect.ts.

export class InCodeMigrationProvider implements MigrationProvider {
  constructor(
    private readonly dialect: Dialect,
    /** Where uploads live: migrations that move attachments read the files' sizes there. */
    private readonly dataDir: string,
  ) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    // Names sort in application order; never rename one that has shipped.
    return {
      '0001_academic_core': academicCoreMigration(this.dialect),
      '0002_news': newsMigration(this.dialect),
      '0003_chat': chatMigration(this.dialect),
      '0004_attachments': attachmentsMigration(this.dialect, this.dataDir),
      '0005_journal': journalMigration(this.dialect),
      '0006_registration': registrationMigration(this.dialect),
      '0007_payments': paymentsMigration(this.dialect),
      '0008_library': libraryMigration(this.dialect),
      '0009_login_attempts': loginAttemptsMigration(),
      '0010_orders': ordersMigration(this.dialect),
      '0011_schedule': scheduleMigration(this.dialect),
      '0013_library_search': librarySearchMigration(this.dialect),
      '0014_session_idle': sessionIdleMigration(),
      '0015_catalogue_names': catalogueNamesMigration(),
      '0016_missing_keys': missingKeysMigration(),
      '0018_data_versions': dataVersionsMigration(this.dialect),
      '0019_chat_unread': chatUnreadMigration(this.dialect),
      '0020_open_payment_cancelled_order': openPaymentCancelledOrderMigration(this.dialect),
      '0021_journal_cell_versions': journalCellVersionsMigration(this.dialect),
      '0022_qr_passkeys': qrPasskeysMigration(this.dialect),
      '0023_issued_once': issuedOnceMigration(),
      '0024_registration_waitlist': registrationWaitlistMigration(this.dialect),
      '0025_chat_message_keys': chatMessageKeysMigration(),
      '0026_remote_health': remoteHealthMigration(this.dialect),
      '0027_push_subscriptions': pushSubscriptionsMigration(this.dialect),
      '0028_student_directory_version': studentDirectoryVersionMigration(this.dialect),
      '0029_receipt_numbers': receiptNumbersMigration(this.dialect),
      '0030_testing': testingMigration(this.dialect),
      '0040_statements': statementsMigration(this.dialect),
      '0050_questionnaires': questionnairesMigration(this.dialect),
      '0060_rooms': roomsMigration(this.dialect),
      '0070_workload': workloadMigration(this.dialect),
      '0110_documents': documentsMigration(this.dialect),
      '0080_webinars': webinarsMigration(this.dialect),
      '0100_audit': auditMigration(this.dialect),
      '0120_slot_holds': slotHoldsMigration(this.dialect),
      '0121_staff_access': staffAccessMigration(this.dialect),
      '0126_schedule_notices': scheduleNoticesMigration(this.dialect),
      '0131_statement_passkeys': statementPasskeysMigration(),
      '0138_statement_retakes': statementRetakesMigration(this.dialect),
      '0144_testing_offline_review': testingOfflineReviewMigration(),
      '0154_testing_chains': testingChainsMigration(this.dialect),
      '0155_testing_signatures': testingSignaturesMigration(),
      '0156_statement_notices': statementNoticesMigration(this.dialect),
      '0157_testing_admissions': testingAdmissionsMigration(this.dialect),
      '0158_audit_one_index': auditOneIndexMigration(),
    };
  }
}

export async function migrateToLatest(db: Db, dataDir: string): Promise<void> {
  const migrator = new Migrator({
    db: db.kysely,
    provider: new InCodeMigrationProvider(db.dialect, dataDir),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`,
      { cause: error },
    );
  }
}

/** The migrations of this build not yet applied to the database (empty when it is up to date). */
export async function pendingMigrations(db: Db, dataDir: string): Promise<string[]> {
  const migrator = new Migrator({
    db: db.kysely,
    provider: new InCodeMigrationProvider(db.dialect, dataDir),
  });
  const migrations = await migrator.getMigrations();
  return migrations.filter((migration) => !migration.executedAt).map(({ name }) => name);
}
