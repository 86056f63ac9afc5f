// The electronic statement (the grade sheet): the path from the journal to the student's record.
import type { GradeBand, Institution, StatementState } from '@lms/shared/contract';
import type { PasskeySettings } from '../qr/index.js';
import { area } from '../../lib/plugin.js';
import { createEventBus } from '../../lib/event-bus.js';
import type { CommonSettings } from '../../lib/settings.js';
import { STATEMENT_NOTICES_CHANNEL, type StatementNoticeEvent } from './events.js';
import { startStatementNotices } from './notices.js';
import { createNoticeRepository } from './notice-repository.js';
import statementNoticeRoutes from './notice-routes.js';
import { createStatementsRepository, type StatementsRepository } from './repository.js';
import statementRoutes, { PREFIXES } from './statement-routes.js';
import { createStatementsService } from './service.js';
import statementDocumentRoutes, { STATEMENT_VERIFY_PATH } from './document-routes.js';
import { createStatementPrintRepository } from './print-repository.js';
import statementVerifyRoutes, { type SheetFacts } from './verify-routes.js';
import { supersedingSheets } from './rules.js';
export { createStatementsRepository, type StatementsRepository } from './repository.js';
export type { StatementNoticeEvent, StatementNoticeBus } from './events.js';

declare module '../../lib/repositories.js' {
  interface Repositories {
    statements: StatementsRepository;
  }
}

/** The statement area's settings (app.ts composes them). */
export interface StatementsOptions extends Pick<CommonSettings, 'databaseUrl'> {
  grading: readonly GradeBand[];
  /** The documents' secret: the server's signature over a statement's digest. */
  documentSecret: string;
  /** Attendance below this percent: not admitted (the journal's threshold). */
  attendanceThreshold: number;
  utcOffsetMinutes: number;
  /** The university the printed statement names. */
  institution: Institution;
  /** The origin printed in the statement's verification link. */
  publicOrigin: string;
  /** The relying party of the teachers' passkeys (the QR check-in's). */
  passkeys: PasskeySettings;
}

/** Statements: the repository (`app.repos.statements`), the service and the routes. */
export const statementsArea = area(
  'statements',
  { dependencies: ['auth', 'audit', 'payments', 'transcript', 'journal', 'qr'] },
  async (app, options: StatementsOptions) => {
    const db = app.db.kysely;
    const statements = createStatementsRepository(db);
    app.repos.statements = statements;
    // The teachers' notices: a retake sheet assigned, a statement past its deadline unsigned.
    app.decorate(
      'statementNotices',
      await createEventBus<StatementNoticeEvent>(
        app,
        STATEMENT_NOTICES_CHANNEL,
        options.databaseUrl,
      ),
    );
    const notices = startStatementNotices({
      db,
      bus: app.statementNotices,
      now: Date.now,
      log: app.log,
    });
    app.addHook('onReady', async () => {
      await notices.wake();
    });
    app.addHook('onClose', async () => notices.stop());
    const service = createStatementsService({
      db,
      payments: app.repos.payments,
      access: app.repos.access,
      secret: options.documentSecret,
      grading: options.grading,
      attendanceThreshold: options.attendanceThreshold,
      trail: app.repos.auditTrail,
      passkeys: app.repos.passkeys,
      passkeySettings: options.passkeys,
      notices,
    });
    await app.register(statementNoticeRoutes, {
      prefix: PREFIXES.statements,
      notices: createNoticeRepository(db),
    });
    await app.register(statementRoutes, {
      prefix: PREFIXES.statements,
      statements,
      service,
      passkeys: app.repos.passkeys,
      passkeySettings: options.passkeys,
      utcOffsetMinutes: options.utcOffsetMinutes,
      grading: options.grading,
    });
    const print = createStatementPrintRepository(db);
    /** The newer confirmed sheets that supersede a sheet (or some of its lines). */
    const superseding = async (sheet: SheetFacts) =>
      supersedingSheets(
        {
          id: sheet.id,
          state: sheet.state as StatementState,
          studentId: sheet.retake_student_id,
        },
        await statements.retakesOf(sheet.retake_of ?? sheet.id),
      );
    await app.register(statementDocumentRoutes, {
      prefix: PREFIXES.statements,
      statements,
      print,
      service,
      institution: options.institution,
      documentSecret: options.documentSecret,
      publicOrigin: options.publicOrigin,
      superseding,
    });
    await app.register(statementVerifyRoutes, {
      prefix: STATEMENT_VERIFY_PATH,
      institution: options.institution,
      documentSecret: options.documentSecret,
      print,
      superseding,
      genuine: async (id) => (await service.view('ru', id, Date.now())).signature_valid,
    });
  },
);
export { statementLinesFromJournal } from './journal-lines.js';
