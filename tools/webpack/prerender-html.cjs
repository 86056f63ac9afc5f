/**
 * After the host's build: puts the prerendered login screen and a signed-in page's frame
 * (src/prerender.tsx, one copy of each per language in an inert <template>; the server fills in
 * and writes the frame: api/src/areas/portal/page-frame.ts), their styles and the theme variables into dist/index.html,
 * with a tiny boot script (no framework; asked for from the head, run at the end of the body,
 * after all of the page's content: it never holds up the first paint).
 * The server (api/src/areas/portal/login-page.ts) sends /lms/login with the copy of the
 * visitor's language already in the page (`#lms-login-static`, its "sign in" disabled until
 * this script has run) and every copy kept as a template for the language switch. The boot script then lets the
 * language and theme switches work and holds a submit before the app has arrived; the app sends
 * it when it takes over (shell/src/features/auth/prerendered.ts). On the login page it also
 * starts the app, at the visitor's first act (the server names the app's files in a meta tag
 * there instead of running them). The page's CSP allows no inline script, hence a file.
 *
 * Usage: node tools/webpack/prerender-html.cjs <app dir>
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { pathToFileURL } = require('node:url');
const { prerenderOutput } = require('./create-config.cjs');

const PUBLIC_PATH = '/lms/public/shell/';

/**
 * Runs in the browser as is (keep it ES5-small). The language and theme cookies are written as
 * the app writes the language's (shared/src/i18n: its lifetime comes from there); the `theme`
 * cookie only tells the server which theme to paint the next page in (the app keeps the choice
 * in local storage).
 */
const bootScript = (LANGUAGE_COOKIE_MAX_AGE_SECONDS) => `(function () {
  var html = document.documentElement;
  function stored(key) {
    try { return localStorage.getItem(key); } catch (e) { return null; }
  }
  function cookie(key) {
    var found = null;
    document.cookie.split(';').forEach(function (part) {
      var index = part.indexOf('=');
      if (part.slice(0, index).trim() === key) found = decodeURIComponent(part.slice(index + 1).trim());
    });
    return found;
  }
  function remember(key, value) {
    document.cookie = key + '=' + value + '; Max-Age=' + (value ? ${LANGUAGE_COOKIE_MAX_AGE_SECONDS} : 0) + '; Path=/; SameSite=Lax';
  }
  var theme = stored('theme');
  if (theme === 'light' || theme === 'dark') {
    if (cookie('theme') !== theme) remember('theme', theme);
  } else {
    if (cookie('theme')) remember('theme', '');
    theme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  html.setAttribute('data-theme', theme);
  var screen = document.getElementById('lms-login-static');
  if (!screen) return;
  // The login page names the app's entry and start files instead of running them
  // (<meta name="lms-app">, the entry first: api/src/areas/portal/login-page.ts): they are fetched
  // once the page has loaded, and the app starts at the visitor's first key, press, touch, wheel,
  // focus or input, or at once where a session may be held (the app's token flag), storage does
  // not work or the browser is offline (the app then asks for the session, as on any page).
  var app = document.querySelector('meta[name="lms-app"]');
  if (app) {
    var files = (app.getAttribute('content') || '').split(' ').filter(Boolean);
    var acts = ['keydown', 'pointerdown', 'touchstart', 'wheel', 'focusin', 'input', 'submit'];
    var started = false;
    var startApp = function () {
      if (started) return;
      started = true;
      acts.forEach(function (type) { document.removeEventListener(type, startApp, true); });
      var script = document.createElement('script');
      script.src = files[0];
      document.body.appendChild(script);
    };
    var prefetch = function () {
      if (started) return;
      files.forEach(function (href) {
        var link = document.createElement('link');
        link.rel = 'prefetch';
        link.as = 'script';
        link.href = href;
        document.head.appendChild(link);
      });
    };
    var storageWorks = true;
    try {
      localStorage.setItem('lms-storage-check', '1');
      localStorage.removeItem('lms-storage-check');
    } catch (e) {
      storageWorks = false;
    }
    if (navigator.onLine === false || !storageWorks || stored('token') !== null ||
        screen.contains(document.activeElement)) {
      startApp();
    } else {
      acts.forEach(function (type) {
        document.addEventListener(type, startApp, { capture: true, passive: true });
      });
      if (document.readyState === 'complete') setTimeout(prefetch, 0);
      else window.addEventListener('load', function () { setTimeout(prefetch, 0); });
    }
  }
  // Shows the screen in a language (again on a switch), keeping what was typed.
  function show(lng) {
    var template = document.getElementById('lms-login-' + lng);
    if (!template) return false;
    var typed = {};
    var inputs = screen.querySelectorAll('input[name]');
    for (var j = 0; j < inputs.length; j += 1) typed[inputs[j].name] = inputs[j].value;
    while (screen.firstChild) screen.removeChild(screen.firstChild);
    screen.appendChild(template.content.cloneNode(true));
    inputs = screen.querySelectorAll('input[name]');
    for (j = 0; j < inputs.length; j += 1) {
      if (typed[inputs[j].name]) inputs[j].value = typed[inputs[j].name];
    }
    screen.setAttribute('data-lang', lng);
    html.lang = lng === 'kg' ? 'ky' : lng;
    ready();
    return true;
  }
  // The dark-mode switch shows the theme just applied; "sign in" works from now on.
  function ready() {
    var toggle = screen.querySelector('[role="switch"]');
    if (toggle) toggle.setAttribute('aria-checked', theme === 'dark' ? 'true' : 'false');
    var submit = screen.querySelector('button[type="submit"]');
    if (submit) submit.disabled = false;
  }
  // The server chose the language from ?lang, the cookie or Accept-Language; one kept only in
  // this browser's storage (spec §4: before the browser's languages) wins over the last.
  var wanted = (stored('lang') || '').trim().toLowerCase();
  if (!new URLSearchParams(location.search).get('lang') && !cookie('lang') &&
      (wanted === 'kg' || wanted === 'ru' || wanted === 'en') && wanted !== screen.getAttribute('data-lang')) {
    show(wanted);
  }
  ready();
  // Кыр / Рус / Eng work before the app has arrived: remembered as the app would (cookie and
  // storage; the address's ?lang= too, which comes first), and the app takes the screen's.
  screen.addEventListener('click', function (event) {
    // The dark-mode switch works too, remembered as the app remembers it (storage "theme").
    var toggle = event.target.closest ? event.target.closest('[role="switch"]') : null;
    if (toggle) {
      theme = theme === 'dark' ? 'light' : 'dark';
      html.setAttribute('data-theme', theme);
      try { localStorage.setItem('theme', theme); } catch (e) { /* private mode */ }
      remember('theme', theme);
      toggle.setAttribute('aria-checked', theme === 'dark' ? 'true' : 'false');
      screen.setAttribute('data-theme-picked', theme);
      return;
    }
    var button = event.target.closest ? event.target.closest('[role="group"] button[lang]') : null;
    if (!button) return;
    var tag = button.getAttribute('lang');
    var lng = tag === 'ky' ? 'kg' : tag;
    if (lng !== 'kg' && lng !== 'ru' && lng !== 'en') return;
    remember('lang', lng);
    try { localStorage.setItem('lang', lng); } catch (e) { /* private mode */ }
    if (new URLSearchParams(location.search).has('lang')) {
      var url = new URL(location.href);
      url.searchParams.set('lang', lng);
      history.replaceState(history.state, '', url.href);
    }
    if (lng !== screen.getAttribute('data-lang')) show(lng);
    var same = screen.querySelector('[role="group"] button[lang="' + tag + '"]');
    if (same) same.focus();
  });
  // A press (mouse or finger) under way when the app arrives ends on this screen: the app takes
  // over once it is released, so the press is not lost between its down and its click.
  screen.addEventListener('pointerdown', function () {
    screen.setAttribute('data-pressed', '');
  }, true);
  function released() {
    // After the click that the release brings (the same task), so a submit is held first.
    setTimeout(function () { screen.removeAttribute('data-pressed'); }, 0);
  }
  document.addEventListener('pointerup', released, true);
  document.addEventListener('pointercancel', released, true);
  document.addEventListener('submit', function (event) {
    if (!screen.contains(event.target)) return;
    event.preventDefault();
    event.target.setAttribute('data-submitted', '');
    event.target.setAttribute('aria-busy', 'true');
  }, true);
})();
`;

/** SVGs up to this size are put into the prerendered screen as data: URLs. */
const INLINE_IMAGE_MAX_BYTES = 4096;

/** Until the app takes over: its own root stays hidden behind the prerendered screen. */
const FRAME_CSS =
  'html[data-prerendered] #root { display: none; }' +
  // A signed-in page's frame: the profile button is the phone's (the desktop's bar has the menu).
  '@media (min-width: 900px) { [data-frame-account] { display: none; } }';

/**
 * The page is painted before any script: with no theme chosen (no `data-theme` from the server's
 * `theme` cookie), it follows the system's dark mode, as the app will.
 */
function systemDark(theme) {
  const dark = /\[data-theme="dark"\] \{([^}]*)\}/.exec(theme)?.[1];
  if (!dark) throw new Error('shared/dist/theme/palette.js: themeCss() has no dark block');
  return `@media (prefers-color-scheme: dark) { :root:not([data-theme]) {${dark}} }`;
}

function writeCompressed(file, text) {
  fs.writeFileSync(file, text);
  const buffer = Buffer.from(text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(buffer));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(buffer, { level: 9 }));
}

async function main() {
  const dir = path.resolve(process.argv[2] || process.cwd());
  const dist = path.join(dir, 'dist');
  const bundle = path.join(prerenderOutput(dir), 'prerender.cjs');
  const { prerenderLogin } = require(bundle);
  const prerendered = await prerenderLogin();
  const { html, frame } = prerendered;
  // Node's build writes a stylesheet's url() of an asset as a file: URL of the public path.
  const css = prerendered.css.replaceAll(`file://${PUBLIC_PATH}`, PUBLIC_PATH);
  const palette = path.join(dir, '..', 'shared', 'dist', 'theme', 'palette.js');
  const { themeCss } = await import(pathToFileURL(palette).href);
  const languages = path.join(dir, '..', 'shared', 'dist', 'i18n', 'languages.js');
  const { LANGUAGE_COOKIE_MAX_AGE_SECONDS } = await import(pathToFileURL(languages).href);
  if (!Number.isInteger(LANGUAGE_COOKIE_MAX_AGE_SECONDS)) {
    throw new Error('shared/dist/i18n/languages.js: LANGUAGE_COOKIE_MAX_AGE_SECONDS was not found');
  }
  const BOOT = bootScript(LANGUAGE_COOKIE_MAX_AGE_SECONDS);
  // The shared UI kit's rules (its fields, buttons): the kit injects them at run time.
  const kitSource = fs.readFileSync(
    path.join(dir, '..', 'shared', 'dist', 'ui', 'styles.js'),
    'utf8',
  );
  const kitCss = /const CSS = `([\s\S]*?)`;/.exec(kitSource)?.[1];
  if (!kitCss) throw new Error('shared/dist/ui/styles.js: the UI kit stylesheet was not found');

  const bootName = `boot.${crypto.createHash('sha256').update(BOOT).digest('hex').slice(0, 8)}.js`;
  for (const file of fs.readdirSync(dist)) {
    if (/^boot\.[0-9a-f]{8}\.js/.test(file)) fs.rmSync(path.join(dist, file));
  }
  writeCompressed(path.join(dist, bootName), BOOT);

  const indexFile = path.join(dist, 'index.html');
  // A second run replaces what the first one wrote.
  let index = fs
    .readFileSync(indexFile, 'utf8')
    .replace(/<style id="lms-prerendered-style">[\s\S]*?<\/style>/g, '')
    .replace(/<template id="lms-(?:login|frame)-[a-z]+">[\s\S]*?<\/template>/g, '')
    .replace(/<script (?:async )?src="[^"]*\/boot\.[0-9a-f]{8}\.js"><\/script>/g, '')
    .replace(/<link rel="preload" as="script" href="[^"]*\/boot\.[0-9a-f]{8}\.js">/g, '');
  // Assets arrive once the app asks for them; the prerendered screen needs its styles now.
  const style = `<style id="lms-prerendered-style">${themeCss()}${systemDark(themeCss())}${kitCss}${css}${FRAME_CSS}</style>`;
  // Small images (the logo) ride inside the page: the largest paint does not wait for another
  // round trip on a slow line.
  const inlineImages = (markup) => {
    const inlined = new Set();
    return (
      markup
        .replace(/src="([^"]+\.svg)"/g, (whole, url) => {
          if (!url.startsWith(PUBLIC_PATH)) return whole;
          const file = path.join(dist, url.slice(PUBLIC_PATH.length));
          if (!fs.existsSync(file) || fs.statSync(file).size > INLINE_IMAGE_MAX_BYTES) return whole;
          inlined.add(url);
          return `src="data:image/svg+xml;base64,${fs.readFileSync(file).toString('base64')}"`;
        })
        // React's server render preloads each image it renders; an image inside the page is
        // not asked for.
        .replace(/<link rel="preload" as="image" href="([^"]+)"\/>/g, (whole, url) =>
          inlined.has(url) ? '' : whole,
        )
    );
  };
  const templates = [
    ...Object.entries(html).map(
      ([language, markup]) =>
        `<template id="lms-login-${language}">${inlineImages(markup)}</template>`,
    ),
    // A signed-in page's frame: the server fills it in and writes it before the root.
    ...Object.entries(frame).map(
      ([language, markup]) =>
        `<template id="lms-frame-${language}">${inlineImages(markup)}</template>`,
    ),
  ].join('');
  // After all of the page's content: the screen above it is painted without waiting for it.
  const boot = `<script src="${PUBLIC_PATH}${bootName}"></script>`;
  if (!/<div id=("?)root\1><\/div>/.test(index) || !index.includes('</head>')) {
    throw new Error('index.html has no <div id=root></div> or </head>');
  }
  // Asked for first (before the app's scripts), run once the screen above it is parsed.
  const preload = `<link rel="preload" as="script" href="${PUBLIC_PATH}${bootName}">`;
  index = index
    .replace(/<meta charset=[^>]*>/, (charset) => `${charset}${preload}`)
    .replace('</head>', `${style}</head>`)
    .replace(/<div id=("?)root\1><\/div>/, (root) => `${templates}${boot}${root}`);
  writeCompressed(indexFile, index);
  console.log(`prerendered the login screen into index.html (${Buffer.byteLength(index)} bytes)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
