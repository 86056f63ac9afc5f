import {
  apiPost,
  type RecoveryBody,
  type RecoveryResponse,
  type UpdateLoginBody,
  type UpdateLoginResponse,
} from '@lms/shared';

/** POST /api/auth/recovery.json: LOG_PAS 1 = the account must change its login and password. */
export function checkRecovery(body: RecoveryBody): Promise<RecoveryResponse> {
  return apiPost<RecoveryResponse>('/api/auth/recovery.json', body);
}

/** POST /api/auth/updatelogin.json: the first item's `sms` tells whether the change was made. */
export function updateLogin(body: UpdateLoginBody): Promise<UpdateLoginResponse> {
  return apiPost<UpdateLoginResponse>('/api/auth/updatelogin.json', body);
}
