import {
  apiGet,
  apiPost,
  type DefaultYearResponse,
  type PhotoBody,
  type PhotoResponse,
  type PositionBody,
  type PositionResponse,
  type ProfileData,
  type ProfileDataBody,
} from '@lms/shared';

/** POST /api/misc/photo.json: base64 bytes and their type, or nulls when there is no photo. */
export function getPhoto(body: PhotoBody): Promise<PhotoResponse> {
  return apiPost<PhotoResponse>('/api/misc/photo.json', body);
}

/** POST /api/misc/position.json (teachers only). */
export function getPosition(body: PositionBody): Promise<PositionResponse> {
  return apiPost<PositionResponse>('/api/misc/position.json', body);
}

/** GET /api/misc/defaultyear.json */
export function getDefaultYear(): Promise<DefaultYearResponse> {
  return apiGet<DefaultYearResponse>('/api/misc/defaultyear.json');
}

/** POST /api/profile/data.json: the personal data of the profile screen. */
export function getProfileData(body: ProfileDataBody): Promise<ProfileData> {
  return apiPost<ProfileData>('/api/profile/data.json', body);
}
