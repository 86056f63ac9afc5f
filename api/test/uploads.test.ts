import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { cleanFileName } from '../src/lib/uploads.js';

describe('upload file names', () => {
  test('bidirectional controls cannot disguise an extension', () => {
    const name = cleanFileName('photo\u202Egpj.exe', new Set());
    assert.equal(name, 'photogpj.exe');
    assert.equal(cleanFileName('a\u2066b\u2069c\u200f.pdf', new Set()), 'abc.pdf');
  });

  test('an empty, "." or ".." name gets a generated one instead of being dropped', () => {
    const taken = new Set<string>();
    assert.equal(cleanFileName('', taken), 'file');
    assert.equal(cleanFileName('.', taken), 'file (2)');
    assert.equal(cleanFileName('../..', taken), 'file (3)');
    assert.equal(cleanFileName('C:\\\\Users\\\\me\\\\отчёт.docx', taken), 'отчёт.docx');
  });
});
