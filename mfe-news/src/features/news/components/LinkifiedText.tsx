import type { ReactNode } from 'react';

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/giu;
/** Punctuation that ends a sentence rather than the link ('см. https://x.kg/a.'). */
const TRAILING = /[.,;:!?)\]»"']+$/u;

/**
 * Splits plain text into strings and http(s) links. The text is never parsed as HTML: React
 * escapes every string, and only matched URLs become anchors.
 */
export function linkify(
  text: string,
): ({ kind: 'text'; value: string } | { kind: 'link'; href: string })[] {
  const parts: ({ kind: 'text'; value: string } | { kind: 'link'; href: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = match[0];
    const href = raw.replace(TRAILING, '');
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', value: text.slice(last, start) });
    parts.push({ kind: 'link', href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ kind: 'text', value: text.slice(last) });
  return parts;
}

export function LinkifiedText({ text, className }: { text: string; className?: string }) {
  const nodes: ReactNode[] = linkify(text).map((part, index) =>
    part.kind === 'text' ? (
      part.value
    ) : (
      <a key={index} href={part.href} target="_blank" rel="noopener noreferrer">
        {part.href}
      </a>
    ),
  );
  return <p className={className}>{nodes}</p>;
}
