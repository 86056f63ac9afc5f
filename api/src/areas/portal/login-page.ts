import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Language, LogoConfig } from '@lms/shared/contract';
import { universityTimeZone, ZONE_OFFSETS_META, zoneOffsets } from '@lms/shared/format';

/**
 * The shell's page (index.html) as the browser gets it: the login screen prerendered at build
 * time (tools/webpack/prerender-html.cjs) knows no university, so it is branded here with the
 * logo configuration of the moment: the university's name, its size, the logo and its width
 * in each language's copy, and the whole configuration in a `<meta name="lms-logo">` that the
 * app starts from. The first paint then shows what the app will show, with no request more.
 *
 * The build marks what is branded: `<img data-logo="">` and `<p data-logo-name="">` (LogoBlock).
 *
 * The head also gets the university zone's offsets from UTC (`<meta name="lms-time-zone">`, from
 * 2000 to ten years ahead), so that the browser writes times by arithmetic instead of paying for
 * its first Intl date formatter (the kit's format/zone.ts).
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

const OFFSETS_FROM = Date.UTC(2000, 0, 1);
const OFFSETS_YEARS_AHEAD = 10;
/**
 * The zone's offsets as the page's `<meta>`, worked out once per zone and year of the server's
 * clock (`key` names them, for the page's cache).
 */
let offsetsMeta: { key: string; meta: string } | undefined;
function zoneOffsetsMeta(): { key: string; meta: string } {
  const zone = universityTimeZone();
  const until = Date.UTC(new Date().getUTCFullYear() + OFFSETS_YEARS_AHEAD, 0, 1);
  const key = `${zone}:${until}`;
  if (offsetsMeta?.key !== key) {
    const content = JSON.stringify(zoneOffsets(zone, OFFSETS_FROM, until));
    offsetsMeta = {
      key,
      meta: `<meta name="${ZONE_OFFSETS_META}" content="${escapeHtml(content)}">`,
    };
  }
  return offsetsMeta;
}

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
  return parts.join('').replace('</head>', `${meta}${zoneOffsetsMeta().meta}</head>`);
}

export interface ServedPage {
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/** Which page a request gets: the login screen in a language, or the bare shell; a theme. */
export interface PageVariant {
  /** The login screen's language (/lms/login), or null: any other page, no screen in it. */
  login: Language | null;
  /** The theme the visitor picked (their `theme` cookie), or null: the system's. */
  theme: 'light' | 'dark' | null;
  /** `<link rel="preload">` tags for the page's area (route-preload.ts); '' or absent: none. */
  preload?: string;
  /** A signed-in page's frame (page-frame.ts): its heading, in the language, for the path. */
  frame?: PageFrameVariant;
}

export interface PageFrameVariant {
  language: Language;
  /** The page's address (the shell keeps the heading on that page only). */
  path: string;
  /** The portal's name as the shell's top bar shows it. */
  name: string;
  title: string;
  /** '' for none (the home page's heading). */
  description: string;
}

/** The build's copies of the login screen and of a signed-in page's frame, one per language. */
const TEMPLATES = /<template id="lms-(login|frame)-(kg|ru|en)">([\s\S]*?)<\/template>/g;
/** The marks of shell/src/features/frame/marks.ts. */
const FRAME_MARK = /@@lms-frame-(name|title|description)@@/g;
/** The description's line of the frame's heading (the kit's PageFrame writes it as a `<p>`). */
const DESCRIPTION_LINE = /<p\b[^>]*>@@lms-frame-description@@<\/p>/;

/** The build's copy of a screen in a language, if it has one. */
function copyOf(branded: string, screen: 'login' | 'frame', language: Language) {
  return [...branded.matchAll(TEMPLATES)].find(
    (match) => match[1] === screen && match[2] === language,
  )?.[3];
}

/** A signed-in page's frame, its marks filled in. */
function frameMarkup(copy: string, frame: PageFrameVariant): string {
  // A heading without a description (the home page's) has no line for it, as the page has none.
  const described = frame.description ? copy : copy.replace(DESCRIPTION_LINE, '');
  const markup = described.replace(FRAME_MARK, (_mark, part: 'name' | 'title' | 'description') =>
    escapeHtml(frame[part]),
  );
  return (
    `<div id="lms-frame" aria-hidden="true" data-path="${escapeHtml(frame.path)}" ` +
    `data-lang="${frame.language}">${markup}</div>`
  );
}
const HTML_TAG = /<html\b[^>]*>/;
/** The app's entry as the build names it in the page (html-webpack-plugin, minified). */
const APP_SCRIPT = /<script defer(?:="")? src=("?)([^"\s>]+)\1><\/script>/;
/** The build's preloads of the app's start files; the boot script's own stays. */
const SCRIPT_PRELOAD = /<link rel=("?)preload\1 as=("?)script\2 href=("?)([^"\s>]+)\3[^>]*>/g;
const BOOT_FILE = /\/boot\.[0-9a-f]{8}\.js$/;

/**
 * The login page runs no app until somebody uses it. The page is whole without it (the boot
 * script lets the language and theme switches work and holds a submit), so its entry and start
 * files are named in `<meta name="lms-app">` (the entry first) instead of a script and preloads:
 * the boot script fetches them once the page has loaded (prefetch: as the network has time, not
 * ahead of the page's own paint) and runs the entry at the visitor's first key, press, touch,
 * focus or input, or at once for a browser that may hold a session or is offline
 * (tools/webpack/prerender-html.cjs). A phone paints the form and answers it at once; the app's
 * files come while the visitor types.
 */
function appOnFirstAct(html: string): string {
  const entry = APP_SCRIPT.exec(html);
  if (!entry) return html;
  const files = [entry[2]!];
  const page = html.replace(
    SCRIPT_PRELOAD,
    (tag, _a: string, _b: string, _c: string, href: string) => {
      if (BOOT_FILE.test(href)) return tag;
      files.push(href);
      return '';
    },
  );
  return page.replace(entry[0], `<meta name="lms-app" content="${escapeHtml(files.join(' '))}">`);
}

/**
 * The page as a request gets it, with no script before the first paint. /lms/login: the login
 * screen in the visitor's language is in the page (`#lms-login-static`), its "sign in" disabled
 * until the boot script (async) holds a submit for the app; the copies of every language stay
 * as templates for the language switch. Any other page: no copy (the app shows its own pages),
 * but a signed-in user's area page gets its frame (`frame`: page-frame.ts) before the app's root,
 * the app's root hidden until the shell drops it (`data-prerendered="frame"`).
 */
export function pageVariant(branded: string, variant: PageVariant): string {
  const { login, theme, frame } = variant;
  // The screen painted with the document, where the build's copies stand.
  let screen = '';
  let shown: Language | undefined;
  if (login) {
    const copy = copyOf(branded, 'login', login);
    if (copy) {
      const markup = copy.replace(/<button type="submit"/, '<button type="submit" disabled=""');
      screen = `<div id="lms-login-static" data-lang="${login}">${markup}</div>`;
      shown = login;
    }
  } else if (frame) {
    const copy = copyOf(branded, 'frame', frame.language);
    if (copy) {
      screen = frameMarkup(copy, frame);
      shown = frame.language;
    }
  }
  const first = branded.search(TEMPLATES);
  let html = first >= 0 ? branded.slice(0, first) + screen + branded.slice(first) : branded;
  // The login page keeps its copies for the language switch; no page keeps any other.
  html = html.replace(TEMPLATES, (copy, kind: string) => (login && kind === 'login' ? copy : ''));
  const built = /\blang="?([a-z]{2})/.exec(HTML_TAG.exec(html)?.[0] ?? '')?.[1];
  const lang = shown ? (shown === 'kg' ? 'ky' : shown) : built;
  const attributes = [
    lang ? `lang="${lang}"` : '',
    shown ? `data-prerendered="${login ? 'login' : 'frame'}"` : '',
    theme ? `data-theme="${theme}"` : '',
  ].filter(Boolean);
  html = html.replace(HTML_TAG, `<html ${attributes.join(' ')}>`);
  // Early in the head (after the charset, which must stay in the first 1,024 bytes): the area's
  // files start with the shell's own.
  if (variant.preload) {
    const preload = variant.preload;
    html = html.replace(/<head>(<meta charset[^>]*>)?/, (head) => `${head}${preload}`);
  }
  if (login && shown) html = appOnFirstAct(html);
  if (login && shown && theme === 'dark') {
    // The screen's dark-mode switch was rendered off.
    html = html.replace(
      /(<div id="lms-login-static"[\s\S]*?role="switch" aria-checked=")false"/,
      '$1true"',
    );
  }
  return html;
}

function served(text: string): ServedPage {
  const raw = Buffer.from(text);
  return {
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
}

/**
 * The branded page of `indexPath` in each variant, made again only when the file or the logo
 * changes (with its compressed twins, as the build makes them for the other files), each
 * variant when first asked for. Undefined while not built.
 */
const MAX_VARIANTS = 1000;

export function loginPageCache(indexPath: string) {
  let cached: { key: string; branded: string; variants: Map<string, ServedPage> } | undefined;
  return async (logo: LogoConfig, variant: PageVariant): Promise<ServedPage | undefined> => {
    let key: string;
    try {
      const info = await stat(indexPath);
      if (!info.isFile()) return undefined;
      key = `${info.mtimeMs}:${info.size}:${JSON.stringify(logo)}:${zoneOffsetsMeta().key}`;
    } catch {
      return undefined;
    }
    if (cached?.key !== key) {
      const branded = brandLoginPage(await readFile(indexPath, 'utf8'), logo);
      cached = { key, branded, variants: new Map() };
    }
    const name = JSON.stringify([variant.login, variant.theme, variant.preload, variant.frame]);
    let page = cached.variants.get(name);
    if (!page) {
      // A page per area and release: a registry of many releases must not grow it for ever.
      if (cached.variants.size >= MAX_VARIANTS) cached.variants.clear();
      page = served(pageVariant(cached.branded, variant));
      cached.variants.set(name, page);
    }
    return page;
  };
}
