// Text of a Moodle question as the bank keeps it: plain text. HTML is reduced, not sanitised:
// script, style and comments go with their content, every other tag goes, entities are read.
// The bank stores and the screens render only text (never as markup), so no tag can reach a page.

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  laquo: '«',
  raquo: '»',
  ndash: '–',
  mdash: '—',
  hellip: '…',
};

/** `&amp;`, `&#1055;`, `&#x41F;` and the common named entities read; an unknown one stays. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
        ? String.fromCodePoint(code)
        : '';
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

/** An HTML fragment as plain text (spaces folded by the caller). */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<!--[\s\S]*?(-->|$)/g, '')
      .replace(/<(script|style|iframe|object|template)\b[\s\S]*?(<\/\1\s*>|$)/gi, '')
      .replace(/<(br|\/p|\/div|\/li|\/h[1-6]|\/tr)\b[^>]*>/gi, ' ')
      .replace(/<\/?[a-z][^>]*>/gi, '')
      .replace(/<\/?[a-z][^>]*$/i, ''),
  );
}

/** A Moodle `<text>` in its format (plain_text is taken as written). */
export const textOfFormat = (text: string, format: string | undefined): string =>
  format === 'plain_text' ? text : htmlToText(text);

/** Plain text as an HTML paragraph (for a Moodle XML export): nothing in it reads as markup. */
export const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
