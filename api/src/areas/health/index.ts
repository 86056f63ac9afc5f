// Health: whether a process is alive and whether it is ready for traffic (a load balancer asks).
import { area } from '../../lib/plugin.js';
import healthRoutes from './routes.js';

/** Liveness and readiness (public: a load balancer asks). */
export const healthArea = area(
  'health',
  { dependencies: ['database'] },
  async (app, options: Parameters<typeof healthRoutes>[1]) => {
    await app.register(healthRoutes, options);
  },
);
