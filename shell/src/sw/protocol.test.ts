import { withoutFrame } from './protocol';

// The service worker keeps the last page for offline starts of every address: an area page's
// frame (its heading) must not come with it.
const framed =
  '<!doctype html><html lang="ru" data-prerendered="frame" data-theme="dark"><head></head><body>' +
  '<div id="lms-frame" aria-hidden="true" data-path="/lms/library" data-lang="ru"><div class="shell">' +
  '<main><h1>Электронная библиотека</h1><p>Книги</p></main></div></div>' +
  '<script src="/lms/public/shell/boot.0123abcd.js"></script><div id="root"></div></body></html>';

it('takes the frame and its mark out of the kept page, the rest as it was', () => {
  expect(withoutFrame(framed)).toBe(
    '<!doctype html><html lang="ru" data-theme="dark"><head></head><body>' +
      '<script src="/lms/public/shell/boot.0123abcd.js"></script><div id="root"></div></body></html>',
  );
});

it('leaves a page without a frame alone', () => {
  const page = withoutFrame(framed);
  expect(withoutFrame(page)).toBe(page);
});
