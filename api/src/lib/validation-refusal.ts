import type { Language } from '@lms/shared/contract';
import { DIGITS_MAX, INPUT_MESSAGES, INT32_MAX, LIMIT_MESSAGES, NO_NUL } from './input-rules.js';
import { TYPE_NAMES, VALIDATION_MESSAGES } from './validation-messages.js';

/** One problem Ajv found in a request (Fastify's `error.validation`). */
export interface ValidationProblem {
  keyword: string;
  instancePath: string;
  params: unknown;
  message?: string;
}

type Kind = keyof typeof VALIDATION_MESSAGES;

const BOUNDS = new Set<string>([
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
]);

function paramsOf(problem: ValidationProblem): Record<string, unknown> {
  return (problem.params ?? {}) as Record<string, unknown>;
}

const valueText = (value: unknown) => JSON.stringify(value);

/** The field a problem is about (a missing or extra one named by its own path) and its text. */
function described(problem: ValidationProblem, dataVar: string, lang: Language): [string, string] {
  const params = paramsOf(problem);
  const path = `${dataVar}${problem.instancePath}`;
  const text = (kind: Kind, v = '') => VALIDATION_MESSAGES[kind][lang]({ v });
  switch (problem.keyword) {
    case 'required':
      return [`${path}/${String(params.missingProperty)}`, text('required')];
    case 'additionalProperties':
      return [`${path}/${String(params.additionalProperty)}`, text('additionalProperties')];
    case 'type': {
      const names = [params.type]
        .flat()
        .join(',')
        .split(',')
        .map((type) => TYPE_NAMES[type as keyof typeof TYPE_NAMES]?.[lang] ?? type);
      return [path, text('type', names.join(' | '))];
    }
    case 'enum':
      return [
        path,
        text('oneOf', ((params.allowedValues as unknown[]) ?? []).map(valueText).join(', ')),
      ];
    case 'const':
      return [path, text('oneOf', valueText(params.allowedValue))];
    case 'pattern':
    case 'format':
      return [path, text('pattern')];
    case 'uniqueItems':
      return [path, text('uniqueItems')];
    case NO_NUL:
      return [path, INPUT_MESSAGES.noNul[lang]];
    case DIGITS_MAX:
      return [path, LIMIT_MESSAGES.digitsMax[lang]({ n: Number(params.limit ?? INT32_MAX) })];
    default:
      if (BOUNDS.has(problem.keyword))
        return [path, text(problem.keyword as Kind, String(params.limit))];
      return [path, text('invalid')];
  }
}

/**
 * The refusal of a request that does not fit its route's schema, in the caller's language: each
 * field with what is wrong with it (`Invalid request: body/id must be integer`). The allowed
 * constants of a union are folded into one list; a union's own summary is left out when one of
 * its branches already named the field.
 */
export function validationRefusal(
  problems: readonly ValidationProblem[],
  dataVar: string,
  lang: Language,
): string {
  const byPath = new Map<string, string>();
  const constants = new Map<string, string[]>();
  for (const problem of problems) {
    if (problem.keyword === 'const') {
      const [path] = described(problem, dataVar, lang);
      const values = constants.get(path) ?? [];
      values.push(valueText(paramsOf(problem).allowedValue));
      constants.set(path, values);
      byPath.set(path, VALIDATION_MESSAGES.oneOf[lang]({ v: values.join(', ') }));
      continue;
    }
    const [path, text] = described(problem, dataVar, lang);
    if (problem.keyword === 'anyOf' || problem.keyword === 'oneOf') {
      if ([...byPath.keys()].some((known) => known === path || known.startsWith(`${path}/`))) {
        continue;
      }
    }
    if (!byPath.has(path)) byPath.set(path, text);
  }
  const parts = [...byPath].map(([path, text]) => `${path} ${text}`);
  return `${INPUT_MESSAGES.invalid[lang]}: ${parts.join('; ')}`;
}
