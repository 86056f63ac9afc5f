import { Ajv } from 'ajv';
import type { TSchema } from '@sinclair/typebox';
import { LANGUAGES } from '@lms/shared/contract';
import { inputKeywords, storable } from './input-rules.js';
import type { Text } from './messages.js';
import { validationRefusal, type ValidationProblem } from './validation-refusal.js';

/**
 * The multipart forms' fields (no route schema sees them) are checked by the same rules as a JSON
 * body: the databases' limits (`storable`, NUL and 32-bit bounds included) and the same Ajv
 * keywords, with the refusal worded as a schema's in every language.
 */
const ajv = inputKeywords(new Ajv({ coerceTypes: false, removeAdditional: false, strict: false }));

export type FieldsCheck<T> =
  | { value: T }
  | {
      /** What the first problem is about, e.g. '/audience' (a route may answer it in its own words). */
      path: string;
      /** The refusal, as a schema's: `Invalid request: body/faculty must be ≤ 2147483647`. */
      invalid: Text;
    };

/** The check of a form's fields against `schema`, made once per form. */
export function fieldsChecker<T>(schema: TSchema): (candidate: unknown) => FieldsCheck<T> {
  const validate = ajv.compile(storable(schema));
  return (candidate) => {
    if (validate(candidate)) return { value: candidate as T };
    const problems = (validate.errors ?? []) as ValidationProblem[];
    const first = problems[0];
    const path =
      first?.keyword === 'required'
        ? `${first.instancePath}/${String((first.params as { missingProperty?: unknown }).missingProperty)}`
        : (first?.instancePath ?? '');
    const invalid = Object.fromEntries(
      LANGUAGES.map((lang) => [lang, validationRefusal(problems, 'body', lang)]),
    ) as Text;
    return { path, invalid };
  };
}
