import type { ApiEnvelope } from '@lms/shared/contract';
import type { Text } from './messages.js';

export { MESSAGES } from './messages.js';

/**
 * An expected failure: the error handler turns it into the envelope with this status and the
 * text in the request's language (`request.lang`).
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 413 | 429,
    /** What the user reads, in every language. */
    readonly text: Text,
  ) {
    super(text.en);
    this.name = 'ApiError';
  }
}

export function ok<T>(data: T): ApiEnvelope<T> & { result: false; error: null; data: T } {
  return { result: false, error: null, data };
}

export function failure(message: string): ApiEnvelope<never> & { result: true; error: string } {
  return { result: true, error: message, data: null };
}
