import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Language, LogoConfig } from '@lms/shared/contract';

/**
 * The shell's page (index.html) as the browser gets it: the login screen prerendered at build
 * time (tools/webpack/prerender-html.cjs) knows no university, so it is branded here with the
 * logo configuration of the moment: the university's name, its size, the logo and its width
 * in each language's copy, and the whole configuration in a `<meta name="lms-logo">` that the
 * app starts from. The first paint then shows what the app will show, with no request more.
 *
 * The build marks what is branded: `<img data-logo="">` and `<p data-logo-name="">` (LogoBlock).
 */

const COPY = /<template id="lms-login-(kg|ru|en)">/g;
const NAME = /(<p data-logo-name=""[^>]*?style=")font-size:[^;"]*;?("[^>]*>)([^<]*)(<\/p>)/g;
const IMAGE = /<img data-logo=""[^>]*>/g;
const HTML_LANG = /<html[^>]*\blang="?([a-z]{2})/;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** The name the login screen shows in `lng` (as LogoBlock chooses it); '' leaves the build's. */
export function logoName(logo: LogoConfig, lng: Language): string {
  return logo.names?.[lng] || logo.name;
}

function brandCopy(markup: string, logo: LogoConfig, lng: Language): string {
  const name = logoName(logo, lng);
  let built: string | undefined;
  let branded = markup.replace(NAME, (_match, open: string, rest: string, text: string, close) => {
    built = text;
    const shown = name ? escapeHtml(name) : text;
    return `${open}font-size:${logo.fontsize}px${rest}${shown}${close}`;
  });
  branded = branded.replace(IMAGE, (tag) => {
    let image = tag.replace(/ style="width:[^"]*"/, ` style="width:${logo.width}%"`);
    if (logo.logo) image = image.replace(/ src="[^"]*"/, ` src="${escapeHtml(logo.logo)}"`);
    if (name && built) {
      const from = built;
      image = image.replace(
        / alt="([^"]*)"/,
        (_alt, text: string) => ` alt="${text.split(from).join(escapeHtml(name))}"`,
      );
    }
    return image;
  });
  return branded;
}

const toLanguage = (code: string | undefined): Language =>
  code === 'ky' || code === 'kg' ? 'kg' : code === 'en' ? 'en' : 'ru';

/** index.html with the login screen's copies branded and the configuration in the head. */
export function brandLoginPage(html: string, logo: LogoConfig): string {
  const parts: string[] = [];
  let language = toLanguage(HTML_LANG.exec(html)?.[1]);
  let from = 0;
  for (const copy of html.matchAll(COPY)) {
    parts.push(brandCopy(html.slice(from, copy.index), logo, language));
    language = copy[1] as Language;
    from = copy.index;
  }
  parts.push(brandCopy(html.slice(from), logo, language));
  const meta = `<meta name="lms-logo" content="${escapeHtml(JSON.stringify(logo))}">`;
  return parts.join('').replace('</head>', `${meta}</head>`);
}

export interface ServedPage {
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/**
 * The branded page of `indexPath`, made again only when the file or the logo changes (with its
 * compressed twins, as the build makes them for the other files). Undefined while not built.
 */
export function loginPageCache(indexPath: string) {
  let cached: { key: string; page: ServedPage } | undefined;
  return async (logo: LogoConfig): Promise<ServedPage | undefined> => {
    let key: string;
    try {
      const info = await stat(indexPath);
      if (!info.isFile()) return undefined;
      key = `${info.mtimeMs}:${info.size}:${JSON.stringify(logo)}`;
    } catch {
      return undefined;
    }
    if (cached?.key === key) return cached.page;
    const raw = Buffer.from(brandLoginPage(await readFile(indexPath, 'utf8'), logo));
    const page: ServedPage = {
      raw,
      br: brotliCompressSync(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
      gzip: gzipSync(raw, { level: 9 }),
      etag: `"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`,
    };
    cached = { key, page };
    return page;
  };
}
