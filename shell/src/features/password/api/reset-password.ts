import { PASSWD_API, postEndpoint } from '@lms/shared';

/** Changes the password, with the session's own uid and role. */
export const resetPassword = postEndpoint(PASSWD_API.reset);
