import { MISC_API, postEndpoint, type Role } from '@lms/shared';

const settings = postEndpoint(MISC_API.settings);

/** The areas the role may open and its defaults. */
export const getSettings = (role: Role) => settings({ role });
