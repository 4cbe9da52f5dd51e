import fs from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Enough of the page to see what it showed; the whole snapshot can run to pages. */
const MAX_CHARS = 6_000;

/**
 * Prints, after a failed test, the error context Playwright wrote beside it (the error and an
 * accessibility snapshot of the page at that moment). CI keeps only what is printed, so a test
 * that fails once in many runs explains itself there (docs/decisions/120-e2e-without-flakes.md).
 */
export default class FailureContextReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === 'passed' || result.status === 'skipped') return;
    const context = result.attachments.find((attachment) => attachment.name === 'error-context' && attachment.path);
    if (!context?.path || !fs.existsSync(context.path)) return;
    const text = fs.readFileSync(context.path, 'utf8');
    const shown = text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS)}\n… (${text.length - MAX_CHARS} more characters)` : text;
    console.log(`\n──── error context of “${test.title}” ────\n${shown}\n────`);
  }

  printsToStdio() {
    return false;
  }
}
