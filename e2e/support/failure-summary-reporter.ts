import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Lines of each error kept in the summary: the message, the expected and received values. */
const ERROR_LINES = 14;
/** Attachments printed, and how many of their last lines. */
const LOG_ATTACHMENT = /-log$/;
const LOG_LINES = 20;
// Terminal colours in Playwright's messages.
// eslint-disable-next-line no-control-regex
const COLOURS = /\u001b\[[0-9;]*m/g;

/**
 * At the end of a run, each failed test again with the first lines of its errors. A long run's
 * log is often read from its end (CI keeps its tail), where the list reporter names the failed
 * tests but not why they failed.
 */
export default class FailureSummaryReporter implements Reporter {
  private readonly failures: { test: TestCase; result: TestResult }[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'failed' || result.status === 'timedOut') {
      this.failures.push({ test, result });
    }
  }

  onEnd(result: FullResult): void {
    if (this.failures.length === 0) return;
    const lines = [`\nWhy ${this.failures.length} test(s) failed (run ${result.status}):`];
    for (const { test, result: run } of this.failures) {
      const { file, line } = test.location;
      lines.push(
        `\n- ${file.replace(/^.*\/e2e\//, '')}:${line} ${test.title} (${run.status}, ${run.duration} ms)`,
      );
      for (const error of run.errors) {
        const text = (error.message ?? error.value ?? '').replace(COLOURS, '');
        for (const row of text.split('\n').slice(0, ERROR_LINES)) lines.push(`    ${row}`);
        if (error.location) {
          lines.push(
            `    at ${error.location.file.replace(/^.*\/e2e\//, '')}:${error.location.line}`,
          );
        }
      }
      // A test's own account of what happened (a server's output, a worker's states) is
      // attached under a name ending in "-log" (e.g. "server-log"): its last lines come along.
      for (const attachment of run.attachments) {
        if (LOG_ATTACHMENT.test(attachment.name) && attachment.body) {
          const tail = attachment.body.toString('utf8').trimEnd().split('\n').slice(-LOG_LINES);
          lines.push(
            `    ${attachment.name.replace(/-/g, ' ')} (last lines):`,
            ...tail.map((row) => `      ${row}`),
          );
        }
      }
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
