// Every text a user reads is in their language: words live only in the areas' messages.ts
// (and lib/messages.ts), the seed and the migrations, and every message has all three languages.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');
const LANGUAGES = ['kg', 'ru', 'en'] as const;
/** Kyrgyz and Russian letters (Cyrillic block). */
const CYRILLIC = /[\u0400-\u04FF]/;

/** Files whose job is to hold texts or data in the portal's languages. */
function holdsTexts(path: string): boolean {
  return (
    path.endsWith('/messages.ts') ||
    path.endsWith('-messages.ts') ||
    path.startsWith('db/seed/') ||
    path.startsWith('db/migrations/')
  );
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

test('api/src holds words of a language other than English only in messages files', () => {
  const offenders: string[] = [];
  for (const file of filesUnder(SRC)) {
    const path = relative(SRC, file).split('\\').join('/');
    if (holdsTexts(path)) continue;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (CYRILLIC.test(line)) offenders.push(`${path}:${index + 1}: ${line.trim()}`);
      });
  }
  assert.deepEqual(offenders, [], 'move these texts to a messages.ts, in kg, ru and en');
});

/** Every exported table of texts, walked down to its leaves: each leaf group has kg, ru, en. */
function missingLanguages(value: unknown, path: string, out: string[]): void {
  if (value === null || typeof value !== 'object') return;
  const keys = Object.keys(value);
  const languageKeys = keys.filter((key) => (LANGUAGES as readonly string[]).includes(key));
  if (languageKeys.length > 0) {
    for (const lang of LANGUAGES) {
      const text = (value as Record<string, unknown>)[lang];
      const filled = typeof text === 'function' || (typeof text === 'string' && text.trim() !== '');
      if (!filled) out.push(`${path}.${lang}`);
    }
    return;
  }
  for (const key of keys)
    missingLanguages((value as Record<string, unknown>)[key], `${path}.${key}`, out);
}

test('every message of every messages file has kg, ru and en', async () => {
  const files = filesUnder(SRC).filter((file) => /(^|[/-])messages\.ts$/.test(file));
  assert.ok(files.length > 1, 'the areas have messages files');
  const missing: string[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      missingLanguages(value, `${relative(SRC, file)}:${name}`, missing);
    }
  }
  assert.deepEqual(missing, []);
});
