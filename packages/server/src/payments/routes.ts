import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { notifyRoutes } from './notify-routes';
import type { PaymentLog, PaymentProvider } from './provider';
import type { SandboxProvider } from './sandbox';
import { sandboxPageRoutes } from './sandbox-pages';

export interface PaymentRouteDependencies {
  db: Database;
  clock: Clock;
  provider: PaymentProvider;
  log: PaymentLog;
}

/** The configured provider's notification URL, and the sandbox's payment page when the sandbox is the provider. */
export async function paymentRoutes(app: FastifyInstance, dependencies: PaymentRouteDependencies) {
  await notifyRoutes(app, dependencies);
  if (dependencies.provider.name === 'sandbox') {
    await sandboxPageRoutes(app, { ...dependencies, provider: dependencies.provider as SandboxProvider });
  }
}
