import { AUTH_API, postEndpoint } from '@lms/shared';

/** LOG_PAS 1 = the account must change its login and password. */
export const checkRecovery = postEndpoint(AUTH_API.recovery);

/** The first item's `sms` tells whether the change was made. */
export const updateLogin = postEndpoint(AUTH_API.updateLogin);
