import { apiPost, type Role, type Settings, type SettingsBody } from '@lms/shared';

/** POST /api/misc/settings.json: the areas the role may open and its defaults. */
export function getSettings(role: Role): Promise<Settings> {
  const body: SettingsBody = { role };
  return apiPost<Settings>('/api/misc/settings.json', body);
}
