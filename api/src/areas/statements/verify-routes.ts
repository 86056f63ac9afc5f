import type { Institution, Language, StatementState } from '@lms/shared/contract';
import { formatterFor } from '@lms/shared/format';
import type { FastifyPluginAsync } from 'fastify';
import { signDocumentId, verifyDocumentId, VERIFY_PATH } from '../../lib/documents/verification.js';
import { linkLanguage } from '../../lib/language.js';
import { escapeHtml, verifyPage } from '../orders/index.js';
import type { StatementPrintRepository } from './print-repository.js';
import { PRINT_TEXTS, STATEMENT_VERIFY_TEXTS } from './print-messages.js';

/** Where a statement's QR leads (this page). */
export const STATEMENT_VERIFY_PATH = `${VERIFY_PATH}/statement`;

/** What supersession needs of a sheet. */
export interface SheetFacts {
  id: number;
  state: string;
  retake_of: number | null;
  retake_student_id: number | null;
}

/** What the public page knows of a statement: its particulars and state, never a grade. */
export interface PublicStatement {
  id: number;
  discipline: string;
  group: string;
  control: 'exam' | 'credit';
  state: StatementState;
  signedAt: number | null;
  /** Signed with the teacher's passkey. */
  passkey: boolean;
  confirmedAt: number | null;
  lockedAt: number | null;
  /** Whether the signature still covers the content (null: never signed). */
  genuine: boolean | null;
  /** A retake sheet: its original statement's number; null for an original. */
  retakeOf: number | null;
  /** The newer confirmed sheets that supersede it (or some of its lines), newest first. */
  supersededBy: { id: number; href: string }[];
  /** Whether it lists one student (a retake sheet): superseded whole, not in part. */
  single: boolean;
}

export function statementVerificationPage(
  lang: Language,
  institution: Institution,
  statement: PublicStatement | null,
): string {
  const t = (key: keyof typeof STATEMENT_VERIFY_TEXTS) => STATEMENT_VERIFY_TEXTS[key][lang];
  const status = (text: string, ok: boolean) =>
    `<p class="status ${ok ? 'ok' : 'bad'}" role="status" data-testid="verify-status">${escapeHtml(text)}</p>`;
  if (!statement) return verifyPage(lang, institution, t('title'), status(t('unknown'), false));
  const format = formatterFor(lang);
  const state =
    statement.genuine === false
      ? status(t('tampered'), false)
      : status(t(statement.state), statement.state !== 'draft');
  const p = (key: keyof typeof PRINT_TEXTS) => PRINT_TEXTS[key][lang];
  const when = (instant: number | null) =>
    instant === null ? p('notYet') : format.dateTime(instant);
  const fields: [string, string][] = [
    [p('discipline'), statement.discipline],
    [p('group'), statement.group],
    [p('control'), p(statement.control)],
    [t('signedAt'), when(statement.signedAt)],
    ...(statement.passkey ? [[t('signedWith'), t('passkey')] as [string, string]] : []),
    [t('confirmedAt'), when(statement.confirmedAt)],
  ];
  if (statement.lockedAt !== null) fields.push([p('lockedAt'), when(statement.lockedAt)]);
  if (statement.retakeOf !== null) {
    fields.unshift([t('retakeOf'), `${p('number')} ${statement.retakeOf}`]);
  }
  const newer = statement.supersededBy;
  const superseded =
    newer.length === 0 || statement.genuine === false
      ? ''
      : `<p class="status bad" data-testid="verify-superseded">${escapeHtml(
          t(statement.single ? 'superseded' : 'supersededPart'),
        )}: ${newer
          .map(
            (n) =>
              `<a href="${escapeHtml(n.href)}">${escapeHtml(`${t('newerSheet')} ${p('number')} ${n.id}`)}</a>`,
          )
          .join(', ')}</p>`;
  const body = `${state}${superseded}<h2>${escapeHtml(`${t('statement')} ${p('number')} ${statement.id}`)}</h2><dl>${fields
    .map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('')}</dl>`;
  return verifyPage(lang, institution, t('title'), body);
}

/**
 * GET /lms/verify/statement/<verification id>: the public page a statement's QR opens. No
 * session: it says whether the sheet is genuine and how far it has gone (signed, confirmed,
 * locked), and shows no one's grades.
 */
const statementVerifyRoutes: FastifyPluginAsync<{
  institution: Institution;
  documentSecret: string;
  print: StatementPrintRepository;
  /** Whether the statement's signature covers its content as it stands. */
  genuine: (id: number) => Promise<boolean | null>;
  /** The newer confirmed sheets that supersede it (or some of its lines), newest first. */
  superseding: (statement: SheetFacts) => Promise<number[]>;
}> = async (app, options) => {
  app.get<{ Params: { token: string } }>('/:token', async (request, reply) => {
    const lang = linkLanguage(request);
    const id = verifyDocumentId(options.documentSecret, request.params.token, 'statement');
    const row = id === null ? undefined : await options.print.publicFacts(lang, id);
    const instant = (v: number | string | null) => (v === null ? null : Number(v));
    const statement: PublicStatement | null = row
      ? {
          id: row.id,
          discipline: row.discipline,
          group: row.group_name,
          control: row.control_form as PublicStatement['control'],
          state: row.state as StatementState,
          signedAt: instant(row.signed_at),
          passkey: row.sign_credential !== null,
          confirmedAt: instant(row.confirmed_at),
          lockedAt: instant(row.locked_at),
          genuine: await options.genuine(row.id),
          retakeOf: row.retake_of,
          supersededBy: (await options.superseding(row)).map((newer) => ({
            id: newer,
            href: `${STATEMENT_VERIFY_PATH}/${signDocumentId(options.documentSecret, newer, 'statement')}?lang=${lang}`,
          })),
          single: row.retake_of !== null,
        }
      : null;
    reply.header('Cache-Control', 'no-store');
    return reply
      .code(statement ? 200 : 404)
      .type('text/html; charset=utf-8')
      .send(statementVerificationPage(lang, options.institution, statement));
  });
};

export default statementVerifyRoutes;
