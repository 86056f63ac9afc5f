import { MANUAL_SECTIONS, type ManualSection } from '@lms/shared';
import type { Manual, Reader, RoleHelp } from './content/types';

/** One place of the manual that has every word searched for. */
export interface SearchHit {
  section: ManualSection;
  /** The role's help the words were found in; none when they were in the page's title or purpose. */
  reader: Reader | null;
  /** The page's title. */
  title: string;
  /** The task or refusal the words were found in (the page's purpose when none). */
  where: string;
  /** A short piece of text around the first word, for the result list. */
  excerpt: string;
  /** The id of the task or refusal on the section's page (`anchorOf`); none for the page itself. */
  anchor: string | null;
}

/** The id of a role's task or refusal on a section's page: `student-task-1`, `teacher-refusal-2`. */
export const anchorOf = (reader: Reader, kind: 'task' | 'refusal', index: number): string =>
  `${reader}-${kind}-${index + 1}`;

/** Lower case, ё as е, any run of spaces as one: "Журнал" finds "журнал", "ещё" finds "еще". */
export const normalize = (text: string): string =>
  text.normalize('NFKC').toLocaleLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();

/** The words of a query (at most 8), each at least one letter or digit long. */
export const queryWords = (query: string): string[] =>
  normalize(query)
    .split(/[\s,.;:!?«»"“”()]+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .slice(0, 8);

const EXCERPT = 90;

function excerptOf(text: string, word: string): string {
  const at = normalize(text).indexOf(word);
  const plain = text.replace(/\s+/g, ' ').trim();
  if (at < 0 || plain.length <= EXCERPT) return plain.slice(0, EXCERPT);
  const start = Math.max(0, at - 30);
  const piece = plain.slice(start, start + EXCERPT);
  return `${start > 0 ? '…' : ''}${piece}${start + EXCERPT < plain.length ? '…' : ''}`;
}

interface Block {
  where: string;
  text: string;
  anchor: string;
}

function blocksOf(help: RoleHelp, reader: Reader): Block[] {
  return [
    ...help.tasks.map((task, index) => ({
      where: task.title,
      text: [task.title, ...task.steps].join(' '),
      anchor: anchorOf(reader, 'task', index),
    })),
    ...(help.refusals ?? []).map((refusal, index) => ({
      where: refusal.says,
      text: `${refusal.says} ${refusal.means}`,
      anchor: anchorOf(reader, 'refusal', index),
    })),
  ];
}

/**
 * The places of the manual with every word of the query: first the pages whose title has them,
 * then tasks and refusals, in the portal's order of screens, the reader's own role before the
 * others. One hit per page and role. An empty query finds nothing.
 */
export function searchManual(manual: Manual, query: string, reader: Reader): SearchHit[] {
  const words = queryWords(query);
  if (words.length === 0) return [];
  const has = (text: string) => {
    const normal = normalize(text);
    return words.every((word) => normal.includes(word));
  };
  const titled: SearchHit[] = [];
  const inText: SearchHit[] = [];
  for (const section of MANUAL_SECTIONS) {
    const page = manual[section];
    if (has(`${page.title} ${page.purpose}`)) {
      const inTitle = has(page.title);
      (inTitle ? titled : inText).push({
        section,
        reader: null,
        title: page.title,
        where: page.title,
        excerpt: excerptOf(page.purpose, words[0] ?? ''),
        anchor: null,
      });
      continue;
    }
    const readers = (Object.keys(page.roles) as Reader[]).sort(
      (a, b) => Number(b === reader) - Number(a === reader),
    );
    for (const who of readers) {
      const help = page.roles[who];
      const found = help ? blocksOf(help, who).find((block) => has(block.text)) : undefined;
      if (found) {
        inText.push({
          section,
          reader: who,
          title: page.title,
          where: found.where,
          excerpt: excerptOf(found.text, words[0] ?? ''),
          anchor: found.anchor,
        });
      }
    }
  }
  return [...titled, ...inText];
}
