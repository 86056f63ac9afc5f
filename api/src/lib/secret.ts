import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A server secret kept in the data folder: read from `<dataDir>/<fileName>`, or made once (32
 * random bytes, hex) and written there readable by the server's user only. Every API process on
 * the same data folder signs with the same secret.
 */
export async function dataDirSecret(dataDir: string, fileName: string): Promise<string> {
  const file = join(dataDir, fileName);
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return stored;
  } catch {
    // none yet
  }
  const secret = randomBytes(32).toString('hex');
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'w' });
  return secret;
}
