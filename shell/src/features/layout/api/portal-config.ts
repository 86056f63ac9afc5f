import { http, type PortalConfig } from '@lms/shared';

/** GET /lms/config.json (plain configuration JSON, no envelope). */
export async function getPortalConfig(): Promise<PortalConfig> {
  const { data } = await http.get<PortalConfig>('/config.json');
  return data;
}
