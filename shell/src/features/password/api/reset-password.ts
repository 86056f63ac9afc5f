import { apiPost, type PasswdResetBody, type PasswdResetResponse } from '@lms/shared';

/** POST /api/passwd/reset.json with the session's own uid and role. */
export function resetPassword(body: PasswdResetBody): Promise<PasswdResetResponse> {
  return apiPost<PasswdResetResponse>('/api/passwd/reset.json', body);
}
