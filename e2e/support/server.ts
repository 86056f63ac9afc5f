import os from 'node:os';
import path from 'node:path';

/**
 * The production server the suite runs against: its own port (so a dev server on 8080 is left
 * alone), overridable with LMS_E2E_PORT so two checkouts can run their suites side by side.
 */
export const PORT = Number(process.env.LMS_E2E_PORT ?? 18080);
export const BASE_URL = `http://localhost:${PORT}`;

/**
 * The server's data folder: deleted and created again by start-server.mjs on every run, so each
 * run starts from the demo seed (newstudent still has to change credentials, default remotes.json).
 */
export const DATA_DIR = path.join(os.tmpdir(), `lms-e2e-data-${PORT}`);

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/**
 * The schedule's clock on the server (LMS_SCHEDULE_CLOCK_START): a Monday at 09:40 in Bishkek,
 * inside the demo teacher's Monday second-pair lesson with the demo student's group, so the QR
 * check-in can be tested whatever the time of day the suite runs. Nothing else reads it.
 */
export const SCHEDULE_CLOCK_START = '2026-11-16T09:40:00+06:00';
