import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PaymentProvider } from '../../lib/payments/provider.js';
import type { PaymentsOptions } from '../../options.js';
import { sandboxAcquirer } from '../../providers/paysandbox/acquirer.js';
import { createSandboxProvider, SANDBOX_PAGE_PREFIX } from '../../providers/paysandbox/adapter.js';

/** The configured provider's adapter, and the routes it serves itself (the sandbox's page). */
export interface ProviderSetup {
  provider: PaymentProvider;
  /** Registered by the payments area beside its own routes. */
  hosted?: { plugin: FastifyPluginAsync<{ secret: string }>; prefix: string; secret: string };
}

/** The sandbox's secret: configured, or made once and kept in the data folder. */
async function sandboxSecret(options: PaymentsOptions, dataDir: string): Promise<string> {
  if (options.sandboxSecret) return options.sandboxSecret;
  const file = join(dataDir, 'paysandbox-secret');
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

/** A new acquirer is one more case here: its adapter and its configuration (README "Payments"). */
export async function setUpProvider(
  options: PaymentsOptions,
  db: Kysely<Database>,
  dataDir: string,
): Promise<ProviderSetup> {
  switch (options.provider) {
    case 'sandbox': {
      const secret = await sandboxSecret(options, dataDir);
      return {
        provider: createSandboxProvider(db, secret),
        hosted: { plugin: sandboxAcquirer, prefix: SANDBOX_PAGE_PREFIX, secret },
      };
    }
  }
}
