import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

async function stored(file: string): Promise<string | undefined> {
  try {
    const text = (await readFile(file, 'utf8')).trim();
    return text.length >= 32 ? text : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A server secret kept in the data folder: read from `<dataDir>/<fileName>`, or made once (32
 * random bytes, hex) and written there readable by the server's user only. Every API process on
 * the same data folder signs with the same secret: the file is written whole under another name
 * and linked into place, which fails when it exists, so of several processes starting at once
 * on an empty (even network) folder exactly one secret wins and all of them read it.
 */
export async function dataDirSecret(dataDir: string, fileName: string): Promise<string> {
  const file = join(dataDir, fileName);
  const existing = await stored(file);
  if (existing) return existing;
  const secret = randomBytes(32).toString('hex');
  await mkdir(dataDir, { recursive: true });
  const draft = join(dataDir, `.${fileName}.${process.pid}.${randomBytes(4).toString('hex')}`);
  await writeFile(draft, `${secret}\n`, { mode: 0o600 });
  try {
    await link(draft, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Another process was first; a file shorter than a secret is one left broken by hand.
    const winner = await stored(file);
    if (winner) return winner;
    await writeFile(file, `${secret}\n`, { mode: 0o600 });
    return secret;
  } finally {
    await rm(draft, { force: true });
  }
}
