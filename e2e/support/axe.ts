import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

// axe-core is injected with page.evaluate: the portal's CSP refuses a script tag added by the
// test, and @axe-core/playwright wants a newer Node than this project runs on.
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0 and 2.1, levels A and AA: what the portal promises. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/**
 * Runs axe-core on the page as it stands (or only inside `include`, a CSS selector) and returns
 * the WCAG 2.1 A/AA violations.
 */
export async function axeViolations(page: Page, include?: string): Promise<AxeViolation[]> {
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ tags, include }) => {
      const axe = (
        window as unknown as {
          axe: { run: (context: object, options: object) => Promise<{ violations: unknown[] }> };
        }
      ).axe;
      const result = await axe.run(include ? { include: [[include]] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return (
        result.violations as Array<{
          id: string;
          impact: string | null;
          help: string;
          nodes: Array<{ target: unknown[]; failureSummary?: string }>;
        }>
      ).map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        nodes: violation.nodes
          .slice(0, 5)
          .map(
            (node) =>
              `${node.target.join(' ')}: ${(node.failureSummary ?? '').split('\n')[1] ?? ''}`,
          ),
      }));
    },
    { tags: TAGS, include },
  );
}

/** Fails with each violation's rule, help and first elements, so the message says what to fix. */
export async function expectNoAxeViolations(
  page: Page,
  label: string,
  include?: string,
): Promise<void> {
  const violations = await axeViolations(page, include);
  const report = violations
    .map(
      (violation) =>
        `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n    ${violation.nodes.join('\n    ')}`,
    )
    .join('\n');
  expect(violations, `${label}: axe found\n${report}`).toEqual([]);
}
