import { getEndpoint, MISC_API, postEndpoint, PROFILE_API } from '@lms/shared';

/** Base64 bytes and their type, or nulls when there is no photo. */
export const getPhoto = postEndpoint(MISC_API.photo);

/** Teachers only. */
export const getPosition = postEndpoint(MISC_API.position);

const defaultYear = getEndpoint(MISC_API.defaultYear);
/** The academic year the portal opens on. */
export const getDefaultYear = () => defaultYear();

/** The personal data of the profile screen. */
export const getProfileData = postEndpoint(PROFILE_API.data);
