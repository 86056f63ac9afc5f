import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { act, renderHook } from '@testing-library/react';
import { PHONE_MEDIA_QUERY, useIsPhone } from './phone.js';

/** window.matchMedia for a screen `width` px wide that tells listeners when the width changes. */
function screenOf(width: number): { resize: (next: number) => void; restore: () => void } {
  const original = window.matchMedia;
  const listeners = new Set<() => void>();
  let current = width;
  const matches = (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query)?.[1];
    return max !== undefined && current <= Number(max);
  };
  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return matches(query);
      },
      media: query,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    }) as unknown as MediaQueryList;
  return {
    resize: (next) => {
      current = next;
      for (const listener of listeners) listener();
    },
    restore: () => {
      window.matchMedia = original;
    },
  };
}

describe('useIsPhone', () => {
  it('is true below 900 px and follows the screen across the breakpoint', () => {
    const screen = screenOf(375);
    try {
      const { result } = renderHook(() => useIsPhone());
      expect(result.current).toBe(true);
      act(() => screen.resize(900));
      expect(result.current).toBe(false);
      act(() => screen.resize(899.5));
      expect(result.current).toBe(true);
    } finally {
      screen.restore();
    }
  });

  it('is false where the browser cannot tell (no matchMedia)', () => {
    const original = window.matchMedia;
    // @ts-expect-error: a browser (or jsdom) without matchMedia
    delete window.matchMedia;
    try {
      const { result } = renderHook(() => useIsPhone());
      expect(result.current).toBe(false);
    } finally {
      window.matchMedia = original;
    }
  });
});

// The stylesheets cannot import PHONE_MEDIA_QUERY, so they write it out; this holds them to it.

const REPO = join(__dirname, '..', '..', '..');
/** Folders of no one's source (as .gitignore has them): installed, built, run or reported. */
const NOT_SOURCE = new Set(['node_modules', 'dist', 'coverage', 'playwright-report']);
const DATA_FOLDERS = new Set(['data', join('api', 'data')]);

function stylesheets(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.name.startsWith('.') || entry.name.startsWith('test-results')) return [];
    if (NOT_SOURCE.has(entry.name) || DATA_FOLDERS.has(relative(REPO, path))) return [];
    if (entry.isDirectory()) return stylesheets(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

interface WidthQuery {
  /** 'shell/src/styles/global.css:78' */
  where: string;
  /** The width condition as written, spaces normalised: '(max-width: 899.92px)'. */
  condition: string;
}

/** Every width condition of every @media rule of the repository's stylesheets. */
function widthQueries(): WidthQuery[] {
  return stylesheets(REPO).flatMap((path) => {
    const text = readFileSync(path, 'utf8');
    return [...text.matchAll(/@media([^{]*)\{/g)].flatMap((rule) => {
      const where = `${relative(REPO, path)}:${text.slice(0, rule.index).split('\n').length}`;
      const prelude = rule[1]!;
      const found = [...prelude.matchAll(/\(\s*((?:max|min)-width)\s*:\s*([^)]*?)\s*\)/g)];
      const conditions = found.map(([, feature, value]) => `(${feature}: ${value})`);
      // A width written any other way (`width < 900px`) cannot be checked: it is reported as is.
      const rest = prelude.replace(/\(\s*(?:max|min)-width\s*:[^)]*\)/g, '');
      if (/width/.test(rest)) conditions.push(prelude.trim());
      return conditions.map((condition) => ({ where, condition }));
    });
  });
}

/** Where the desk begins: the first whole pixel past the phone's last width, '(min-width: 900px)'. */
const phoneMaxPx = Number(/^\(max-width: ([\d.]+)px\)$/.exec(PHONE_MEDIA_QUERY)?.[1]);
const DESK_MEDIA_QUERY = `(min-width: ${Math.ceil(phoneMaxPx)}px)`;

/**
 * The other widths the stylesheets lay out by, none of them the phone's: a narrow column (under
 * 600 px) and a wide desk (1400 px). A width is added here only when it is not the phone's; a
 * phone's query is PHONE_MEDIA_QUERY as written, whatever else it might be close to.
 */
const OTHER_WIDTHS = ['(max-width: 600px)', '(min-width: 600px)', '(min-width: 1400px)'];

describe('the stylesheets’ phone breakpoint', () => {
  const queries = widthQueries();

  it('is PHONE_MEDIA_QUERY where the shell makes room for its bottom tabs', () => {
    expect(queries).toContainEqual({
      where: expect.stringMatching(/^shell\/src\/styles\/global\.css:\d+$/),
      condition: PHONE_MEDIA_QUERY,
    });
  });

  it('has no look-alike: every width a stylesheet names is the phone’s, the desk’s or another', () => {
    const known = new Set([PHONE_MEDIA_QUERY, DESK_MEDIA_QUERY, ...OTHER_WIDTHS]);
    const unknown = queries
      .filter((query) => !known.has(query.condition))
      .map(({ where, condition }) => `${where} ${condition}`);
    expect(unknown).toEqual([]);
  });
});
