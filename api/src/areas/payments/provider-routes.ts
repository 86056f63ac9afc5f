import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PaymentProvider } from './provider.js';
import { dataDirSecret } from '../../lib/secret.js';
import type { PaymentsOptions } from './config.js';
import { sandboxAcquirer } from './sandbox/acquirer.js';
import { createSandboxProvider, SANDBOX_PAGE_PREFIX } from './sandbox/adapter.js';

/** The configured provider's adapter, and the routes it serves itself (the sandbox's page). */
export interface ProviderSetup {
  provider: PaymentProvider;
  /** Registered by the payments area beside its own routes. */
  hosted?: { plugin: FastifyPluginAsync<{ secret: string }>; prefix: string; secret: string };
}

/** The sandbox's secret: configured, or made once and kept in the data folder. */
async function sandboxSecret(options: PaymentsOptions, dataDir: string): Promise<string> {
  return options.sandboxSecret ?? dataDirSecret(dataDir, 'paysandbox-secret');
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
