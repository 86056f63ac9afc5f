/**
 * The manual's screenshots, written by `npm run manual:shots` (e2e/manual-shots): a screen as
 * one role sees it, at 375 and 1280 px, in each language. Each key is
 * `<language>/<section>-<reader>-<width>`; the value is the image's address in the build. The
 * images are not committed: without them this map is empty and the manual shows no screenshot.
 */

export const SHOTS: Readonly<Record<string, string>> = {};
