import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { envelope, type Client } from './helper.js';

export interface Me {
  uid: number;
  id: number;
  role: 1 | 2;
}

export async function me(client: Client): Promise<Me> {
  const user = envelope<{ user: Me }>(await client.post('/lms/api/auth/enticate.json', {})).data
    ?.user;
  assert.ok(user);
  return user;
}

export interface Upload {
  name: string;
  bytes: Buffer;
}

/** A multipart body as a browser's FormData sends it (fields first, then the file). */
export async function multipart(fields: Record<string, string | number>, files: Upload[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  for (const file of files) form.append('files', new Blob([file.bytes]), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

export async function postMultipart(
  client: Client,
  url: string,
  fields: Record<string, string | number>,
  files: Upload[] = [],
) {
  return client.request({ method: 'POST', url, ...(await multipart(fields, files)) });
}

/** Every file under a folder (recursively), as paths relative to it. */
export async function filesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (path: string, prefix: string) => {
    let entries;
    try {
      entries = await readdir(path, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.isDirectory()) await walk(join(path, entry.name), `${prefix}${entry.name}/`);
      else found.push(`${prefix}${entry.name}`);
    }
  };
  await walk(dir, '');
  return found.sort();
}

/** A small PDF with unique bytes. */
export function pdfBytes(text: string): Buffer {
  return Buffer.from(`%PDF-1.4\n% ${text}\n${'0123456789'.repeat(200)}\n%%EOF\n`, 'latin1');
}
