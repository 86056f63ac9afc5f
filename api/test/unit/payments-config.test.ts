// LMS_PAYMENTS_CONFIG: the university's name as one string or in each language (areas/payments/config.ts).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { paymentsOptionsOf } from '../../src/areas/payments/index.js';
import { INSTITUTION } from '../../src/lib/messages.js';
import { defaultOptions } from '../../src/options.js';

const defaults = defaultOptions().payments;

/** The options a config file with these fields gives, read back from a real file. */
function fromFile(fields: unknown) {
  const folder = mkdtempSync(join(tmpdir(), 'lms-payments-config-'));
  try {
    const file = join(folder, 'payments.json');
    writeFileSync(file, JSON.stringify(fields));
    return paymentsOptionsOf(JSON.parse(readFileSync(file, 'utf8')), defaults);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

test('without a university the default names it in every language', () => {
  const options = fromFile({ paymentTtlMs: 60_000 });
  assert.deepEqual(options.university, INSTITUTION.name);
  assert.equal(options.paymentTtlMs, 60_000);
  assert.deepEqual(options.qr, defaults.qr);
});

test('a plain name is the same in every language', () => {
  const options = fromFile({ university: 'Example State University' });
  assert.deepEqual(options.university, {
    kg: 'Example State University',
    ru: 'Example State University',
    en: 'Example State University',
  });
});

test('an object names it in each language', () => {
  const names = { kg: 'Мисал университети', ru: 'Университет Пример', en: 'Example University' };
  assert.deepEqual(fromFile({ university: names }).university, names);
});

test('a name missing in a language, an empty name or another type is refused', () => {
  assert.throws(() => fromFile({ university: { ru: 'Университет', en: 'University' } }), /kg/);
  assert.throws(() => fromFile({ university: { kg: 'a', ru: ' ', en: 'b' } }), /ru/);
  assert.throws(() => fromFile({ university: '' }), /university/);
  assert.throws(() => fromFile({ university: 42 }), /university/);
  assert.throws(() => fromFile(['not', 'an', 'object']), /object/);
});
