import type { TRANSCRIPT_ENDPOINTS } from '../transcript.js';
import { post, postFile, type ApiOf } from '../endpoint.js';

/** Where the transcript endpoints answer; their schemas are in ../transcript.ts. */
export const TRANSCRIPT_ADDRESSES = {
  transcript: post('/api/misc/transcript.json'),
  pdf: postFile('/api/misc/transcript.file'),
  replaced: post('/api/misc/transcript-replaced.json'),
};

/** The transcript endpoints for the browser: addresses typed by their schemas. */
export const TRANSCRIPT_API: ApiOf<typeof TRANSCRIPT_ENDPOINTS> = TRANSCRIPT_ADDRESSES;
