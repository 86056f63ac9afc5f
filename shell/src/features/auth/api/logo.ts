import { http, type LogoConfig } from '@lms/shared';

/** Spec §9: logo width 30 %, university name 16 px, unless the configuration says otherwise. */
export const DEFAULT_LOGO_WIDTH = 30;
export const DEFAULT_LOGO_FONT_SIZE = 16;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function positive(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

/** GET /lms/logo.json (plain configuration JSON, no envelope). */
export async function getLogoConfig(): Promise<LogoConfig> {
  const { data } = await http.get<Partial<LogoConfig>>('/logo.json');
  return normalizedLogo(data);
}

/**
 * The configuration the server wrote into the page (`<meta name="lms-logo">`, as /lms/logo.json
 * answers it), or null where the page has none (a development server, a broken value).
 */
export function logoConfigOfPage(): LogoConfig | null {
  // Prerendered at build time (Node): no page yet.
  if (typeof document === 'undefined') return null;
  const content = document.querySelector('meta[name="lms-logo"]')?.getAttribute('content');
  if (!content) return null;
  try {
    const data: unknown = JSON.parse(content);
    return data && typeof data === 'object' ? normalizedLogo(data as Partial<LogoConfig>) : null;
  } catch {
    return null;
  }
}

function normalizedLogo(data: Partial<LogoConfig>): LogoConfig {
  return {
    logo: typeof data.logo === 'string' ? data.logo : '',
    name: typeof data.name === 'string' ? data.name : '',
    names: {
      kg: text(data.names?.kg),
      ru: text(data.names?.ru),
      en: text(data.names?.en),
    },
    width: positive(data.width, DEFAULT_LOGO_WIDTH),
    fontsize: positive(data.fontsize, DEFAULT_LOGO_FONT_SIZE),
  };
}
