import type { FastifyPluginAsync } from 'fastify';
import { formatDay, printedDate } from '../../lib/documents/pdfs.js';
import { verifyDocumentId, VERIFY_PATH } from '../../lib/documents/verification.js';
import type { DocumentsOptions } from '../../options.js';
import type { IssuedDocument } from './repository.js';

type Language = 'kg' | 'ru' | 'en';

const TEXTS = {
  ru: {
    title: 'Проверка документа',
    genuine: 'Документ подлинный: выдан порталом университета.',
    revoked: 'Документ отозван',
    unknown: 'Документ не подтверждён: ссылка неверна или изменена.',
    transcript: 'Транскрипт',
    certificate: 'Справка с места учёбы',
    number: 'Номер',
    issued: 'Дата выдачи',
    fio: 'ФИО',
    birthDate: 'Дата рождения',
    course: 'Курс',
    group: 'Группа',
    speciality: 'Специальность',
    faculty: 'Факультет',
    purpose: 'Для предъявления',
    credits: 'Кредитов',
    gpa: 'Средний балл (GPA)',
  },
  kg: {
    title: 'Документти текшерүү',
    genuine: 'Документ чыныгы: университеттин порталы тарабынан берилген.',
    revoked: 'Документ кайтарылып алынган',
    unknown: 'Документ тастыкталган жок: шилтеме туура эмес же өзгөртүлгөн.',
    transcript: 'Транскрипт',
    certificate: 'Окуу жеринен маалымкат',
    number: 'Номери',
    issued: 'Берилген күнү',
    fio: 'Аты-жөнү',
    birthDate: 'Туулган күнү',
    course: 'Курс',
    group: 'Топ',
    speciality: 'Адистик',
    faculty: 'Факультет',
    purpose: 'Көрсөтүү үчүн',
    credits: 'Кредиттер',
    gpa: 'Орточо балл (GPA)',
  },
  en: {
    title: 'Document verification',
    genuine: 'The document is genuine: issued by the university portal.',
    revoked: 'The document has been revoked',
    unknown: 'The document is not confirmed: the link is wrong or has been changed.',
    transcript: 'Transcript of records',
    certificate: 'Certificate of study',
    number: 'Number',
    issued: 'Issued',
    fio: 'Full name',
    birthDate: 'Date of birth',
    course: 'Year of study',
    group: 'Group',
    speciality: 'Speciality',
    faculty: 'Faculty',
    purpose: 'Issued for',
    credits: 'Credits',
    gpa: 'Grade point average',
  },
} as const;

/** What the page shows of a document's summary: what the document itself shows, nothing more. */
const SHOWN: Record<IssuedDocument['kind'], (keyof (typeof TEXTS)['ru'])[]> = {
  certificate: ['fio', 'birthDate', 'course', 'group', 'speciality', 'faculty', 'purpose'],
  transcript: ['fio', 'birthDate', 'speciality', 'faculty', 'credits', 'gpa'],
};

function escape(text: string): string {
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

export function verificationPage(
  lang: Language,
  institution: DocumentsOptions['institution'],
  document: IssuedDocument | null,
): string {
  const t = TEXTS[lang];
  const institutionName =
    lang === 'kg' ? institution.name_kg : lang === 'en' ? institution.name_en : institution.name;
  let body: string;
  if (!document) {
    body = `<p class="status bad" role="status" data-testid="verify-status">${escape(t.unknown)}</p>`;
  } else {
    const status = document.revokedAt
      ? `<p class="status bad" role="status" data-testid="verify-status">${escape(t.revoked)}: ${formatDay(document.revokedAt)}</p>`
      : `<p class="status ok" role="status" data-testid="verify-status">${escape(t.genuine)}</p>`;
    const fields: [string, string][] = [
      [t[document.kind], ''],
      [t.number, String(document.id)],
      [t.issued, formatDay(document.issuedAt)],
      ...SHOWN[document.kind].map((key): [string, string] => {
        const value = document.summary[key] ?? '';
        const shown =
          key === 'purpose' && lang === 'en' ? (document.summary.purpose_en ?? value) : value;
        return [t[key], key === 'birthDate' ? printedDate(shown) : shown];
      }),
    ];
    const [kind, ...rest] = fields;
    body = `${status}<h2>${escape(kind?.[0] ?? '')}</h2><dl>${rest
      .map(([label, value]) => `<dt>${escape(label)}</dt><dd>${escape(value)}</dd>`)
      .join('')}</dl>`;
  }
  return `<!doctype html><html lang="${lang === 'kg' ? 'ky' : lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escape(t.title)}</title><style>${STYLE}</style></head><body><main>
<h1>${escape(t.title)}</h1><p class="inst">${escape(institutionName)}</p>${body}</main></body></html>`;
}

function pageLanguage(query: unknown, cookie: string | undefined): Language {
  const asked = (query as { lang?: unknown } | undefined)?.lang ?? cookie;
  return asked === 'kg' || asked === 'en' ? asked : 'ru';
}

/**
 * GET /lms/verify/<verification id>: the public page a document's QR opens. No session: anyone
 * holding the paper may check it. A changed id fails its signature; a revoked one says so.
 */
const verifyRoutes: FastifyPluginAsync<{
  documents: DocumentsOptions;
  documentSecret: string;
}> = async (app, options) => {
  app.get<{ Params: { token: string } }>(`${VERIFY_PATH}/:token`, async (request, reply) => {
    const id = verifyDocumentId(options.documentSecret, request.params.token);
    const document = id === null ? undefined : await app.repos.orders.issued(id);
    const lang = pageLanguage(request.query, request.cookies.lang);
    reply.header('Cache-Control', 'no-store');
    return reply
      .code(document ? 200 : 404)
      .type('text/html; charset=utf-8')
      .send(verificationPage(lang, options.documents.institution, document ?? null));
  });
};

export default verifyRoutes;
