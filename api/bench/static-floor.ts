// The floors under the login page's LCP, each served from a plain Node HTTP server compressed as
// the portal compresses, and measured in the same browser profile and the same run as the
// portal's page:
// - the markup floor: the login page as the server sends it, its scripts and templates out, its
//   Russian copy as the body (what the page costs without any script);
// - the plain form: the same form (its heading, labels, fields, button and texts) on a bare HTML
//   page, with no stylesheet, font, image or class (what any page showing this form costs).
import { once } from 'node:events';
import { createServer } from 'node:http';
import { brotliCompressSync, gzipSync } from 'node:zlib';

export interface StaticFloor {
  url: string;
  stop(): Promise<void>;
}

async function loginPage(base: string): Promise<{ html: string; form: string }> {
  const page = await fetch(`${base}/lms/login`, { headers: { 'accept-language': 'ru' } });
  if (!page.ok) throw new Error(`${base}/lms/login: HTTP ${page.status}`);
  const html = (await page.text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
  // The Russian copy of the form, as the page's template holds it.
  const form = /<template id="lms-login-ru">([\s\S]*?)<\/template>/.exec(html)?.[1];
  if (!form) throw new Error(`${base}/lms/login holds no login form`);
  return { html, form };
}

/** The plain form: the template's elements and texts, without images, styles or classes. */
export async function startPlainForm(base: string): Promise<StaticFloor> {
  const { form } = await loginPage(base);
  const body = form
    .replace(/<(img|svg|picture)\b[\s\S]*?(<\/\1>|\/?>)/g, '')
    .replace(/\s(class|style|id|data-[\w-]+)=("[^"]*"|'[^']*'|[^\s>]+)/g, '');
  return serve(
    base,
    '<!doctype html><html lang="ru"><head><meta charset="utf-8">' +
      '<meta name="viewport" content="width=device-width, initial-scale=1">' +
      `<title>LMS</title></head><body>${body}</body></html>`,
  );
}

export async function startStaticLogin(base: string): Promise<StaticFloor> {
  const page = await loginPage(base);
  let html = page.html;
  const form = page.form;
  const shown = html.indexOf('<div id="lms-login-static"');
  if (shown >= 0) html = html.slice(0, shown) + html.slice(html.indexOf('<template', shown));
  html = html
    .replace(/<template id="lms-login-[a-z]+">[\s\S]*?<\/template>/g, '')
    .replace(/<div id=("?)root\1><\/div>/, `<div>${form}</div>`)
    // Its images and fonts straight from the portal, as the login page gets them.
    .replace(/(href=|src=|url\()(["']?)\/lms\//g, `$1$2${base}/lms/`);
  return serve(base, html);
}

async function serve(base: string, html: string): Promise<StaticFloor> {
  const raw = Buffer.from(html);
  const br = brotliCompressSync(raw);
  const gzip = gzipSync(raw, { level: 9 });
  const server = createServer((request, response) => {
    if (request.url === '/') {
      const accepted = String(request.headers['accept-encoding'] ?? '');
      const [encoding, body] = /\bbr\b/.test(accepted)
        ? ['br', br]
        : /\bgzip\b/.test(accepted)
          ? ['gzip', gzip]
          : ['identity', raw];
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-cache',
        ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
      });
      response.end(body);
      return;
    }
    // Anything else the page might name comes from the portal.
    void fetch(`${base}${request.url ?? '/'}`)
      .then(async (upstream) => {
        response.writeHead(upstream.status, {
          'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream',
          'cache-control': upstream.headers.get('cache-control') ?? 'no-cache',
        });
        response.end(Buffer.from(await upstream.arrayBuffer()));
      })
      .catch(() => {
        response.writeHead(502);
        response.end();
      });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}/`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
