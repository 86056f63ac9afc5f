import { TYIYN_PER_SOM, type Language } from '@lms/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import { purposeIn } from '../../lib/documents/issue.js';
import { formatDay, institutionName, printedDate } from '../../lib/documents/pdfs.js';
import { linkLanguage } from '../../lib/language.js';
import { VERIFY_TEXTS } from './messages.js';
import { verifyDocumentId } from '../../lib/documents/verification.js';
import type { DocumentsOptions } from '../../lib/documents/grading.js';
import type { IssuedDocument } from './repository.js';
import { formatterFor } from '@lms/shared/format';

/** What the page shows of a document's summary: what the document itself shows, nothing more. */
const SHOWN: Record<IssuedDocument['kind'], (keyof typeof VERIFY_TEXTS)[]> = {
  certificate: ['fio', 'birthDate', 'course', 'group', 'speciality', 'faculty', 'purpose'],
  transcript: ['fio', 'birthDate', 'speciality', 'faculty', 'credits', 'gpa'],
  receipt: ['fio', 'receiptNo', 'service', 'amount', 'paidAt'],
};

export function escape(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;background:#eef1f6;color:#1d2433}
main{max-width:560px;margin:24px auto;background:#fff;border-radius:8px;padding:20px;box-shadow:0 1px 4px #0002}
h1{font-size:1.3rem;margin:0 0 12px}.inst{color:#555;margin:0 0 12px}
.status{padding:10px;border-radius:6px;font-weight:600}
.ok{background:#e3f4e8;color:#11602d}.bad{background:#fde8ea;color:#8c1020}
dl{display:grid;grid-template-columns:minmax(120px,40%) 1fr;gap:6px 12px}dt{color:#555}dd{margin:0;font-weight:600}
@media (prefers-color-scheme:dark){body{background:#12161f;color:#e6e9ef}main{background:#1c2230}.inst,dt{color:#aab}
.ok{background:#173823;color:#b7ebc6}.bad{background:#3d1519;color:#ffc4cb}}
`;

/** A summary's value as the page's language writes it: dates and the grade point average. */
function shownIn(lang: Language, key: keyof typeof VERIFY_TEXTS, value: string): string {
  if (key === 'birthDate') return printedDate(value, lang);
  if (key === 'paidAt' && /^\d+$/.test(value)) return formatterFor(lang).dateTime(Number(value));
  if (key === 'amount' && /^\d+$/.test(value)) {
    return formatterFor(lang).money(Number(value) / TYIYN_PER_SOM);
  }
  if (key === 'gpa' && /^\d+(\.\d+)?$/.test(value)) {
    return formatterFor(lang).number(Number(value), 2);
  }
  return value;
}

export function verificationPage(
  lang: Language,
  institution: DocumentsOptions['institution'],
  document: IssuedDocument | null,
): string {
  const t = (key: keyof typeof VERIFY_TEXTS) => VERIFY_TEXTS[key][lang];
  let body: string;
  if (!document) {
    body = `<p class="status bad" role="status" data-testid="verify-status">${escape(t('unknown'))}</p>`;
  } else {
    const status = document.revokedAt
      ? `<p class="status bad" role="status" data-testid="verify-status">${escape(t('revoked'))}: ${formatterFor(lang).dateTime(document.revokedAt)}</p>` +
        (document.revokeReason
          ? `<p data-testid="verify-reason">${escape(t('reason'))}: ${escape(document.revokeReason)}</p>`
          : '')
      : `<p class="status ok" role="status" data-testid="verify-status">${escape(t('genuine'))}</p>`;
    const fields: [string, string][] = [
      [t(document.kind), ''],
      [t('number'), String(document.id)],
      [t('issued'), formatDay(document.issuedAt, lang)],
      ...SHOWN[document.kind].map((key): [string, string] => {
        const value = document.summary[key] ?? '';
        const shown =
          key === 'purpose'
            ? purposeIn(document.summary, lang)
            : key === 'service'
              ? ((lang === 'ru' ? undefined : document.summary[`service_${lang}`]) ?? value)
              : value;
        return [t(key), shownIn(lang, key, shown)];
      }),
    ];
    const [kind, ...rest] = fields;
    body = `${status}<h2>${escape(kind?.[0] ?? '')}</h2><dl>${rest
      .map(([label, value]) => `<dt>${escape(label)}</dt><dd>${escape(value)}</dd>`)
      .join('')}</dl>`;
  }
  return verifyPage(lang, institution, t('title'), body);
}

/** A public verification page: its title, the university, and `body` (HTML already escaped). */
export function verifyPage(
  lang: Language,
  institution: DocumentsOptions['institution'],
  title: string,
  body: string,
): string {
  return `<!doctype html><html lang="${lang === 'kg' ? 'ky' : lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escape(title)}</title><style>${STYLE}</style></head><body><main>
<h1>${escape(title)}</h1><p class="inst">${escape(institutionName(institution, lang))}</p>${body}</main></body></html>`;
}

/**
 * GET /lms/verify/<verification id> (registered under VERIFY_PATH): the public page a document's QR opens. No session: anyone
 * holding the paper may check it. A changed id fails its signature; a revoked one says so.
 */
const verifyRoutes: FastifyPluginAsync<{
  documents: DocumentsOptions;
  documentSecret: string;
}> = async (app, options) => {
  app.get<{ Params: { token: string } }>('/:token', async (request, reply) => {
    const id = verifyDocumentId(options.documentSecret, request.params.token);
    const document = id === null ? undefined : await app.repos.orders.issued(id);
    const lang = linkLanguage(request);
    reply.header('Cache-Control', 'no-store');
    return reply
      .code(document ? 200 : 404)
      .type('text/html; charset=utf-8')
      .send(verificationPage(lang, options.documents.institution, document ?? null));
  });
};

export default verifyRoutes;
