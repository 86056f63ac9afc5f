import type { FastifyPluginAsync } from 'fastify';
import disciplineRoutes from './routes.js';

/** The spec's URL prefix of the area (spec §7). */
export const PREFIXES = { discipline: '/lms/api/discipline' } as const;

/** The discipline filter chain every area's lists start from. */
const disciplineArea: FastifyPluginAsync = async (app) => {
  await app.register(disciplineRoutes, { prefix: PREFIXES.discipline });
};

export default disciplineArea;
