import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { SeedFiles } from '../src/db/seed/context.js';

// Seed files reach uploads/<area>/<id>/ only after the seed transaction commits.
describe('seed files', () => {
  let dataDir: string;
  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'lms-api-seed-'));
  });
  after(async () => rm(dataDir, { recursive: true, force: true }));

  const list = (...path: string[]) => readdir(join(dataDir, ...path)).catch(() => [] as string[]);

  test('written files appear under uploads/<area>/<id> only when published', async () => {
    const files = SeedFiles.create(dataDir);
    await files.write('news', 7, 'f1-0123456789abcdef.txt', Buffer.from('seven'));
    await files.write('chat', 3, 'f1-fedcba9876543210.csv', Buffer.from('three'));
    assert.deepEqual(await list('uploads', 'news'), []);
    await files.publish();
    assert.equal(
      await readFile(join(dataDir, 'uploads', 'news', '7', 'f1-0123456789abcdef.txt'), 'utf8'),
      'seven',
    );
    assert.deepEqual(await list('uploads', 'chat', '3'), ['f1-fedcba9876543210.csv']);
    assert.deepEqual(await list('uploads', 'incoming'), []);
  });

  test('a failed seed discards what it wrote', async () => {
    const files = SeedFiles.create(dataDir);
    await files.write('news', 8, 'f1-0123456789abcdef.txt', Buffer.from('eight'));
    await files.discard();
    assert.deepEqual(await list('uploads', 'news'), ['7']);
    assert.deepEqual(await list('uploads', 'incoming'), []);
  });
});
