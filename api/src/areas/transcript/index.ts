// Transcript: the student's record of marks and its PDF.
export { default as transcriptArea } from './routes.js';
export { createTranscriptRepository, type TranscriptRepository } from './repository.js';
export type { StudentCard } from '../../lib/documents/issue.js';
