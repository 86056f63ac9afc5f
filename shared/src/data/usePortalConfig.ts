import { useQuery } from '@tanstack/react-query';
import type { PortalConfig } from '../contract/index.js';
import { setUniversityTimeZone } from '../format/zone.js';
import { http } from '../http/client.js';

export const portalConfigKey = ['portal', 'config'] as const;

/**
 * GET /lms/config.json: plain JSON (no envelope), the same for every user. Its time zone becomes
 * the one every time is written in (the default, Asia/Bishkek, until it arrives).
 */
export async function fetchPortalConfig(): Promise<PortalConfig> {
  const { data } = await http.get<PortalConfig>('/config.json');
  setUniversityTimeZone(data.timeZone);
  return data;
}

/**
 * The portal's configuration (the upload limit, the version), fetched once per page load and
 * shared by every app. `data` is undefined until it arrives; forms still work without it (the
 * server stays the judge of every limit).
 */
export function usePortalConfig({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: portalConfigKey,
    queryFn: fetchPortalConfig,
    staleTime: Infinity,
    enabled,
  });
}
