import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * Debian's Chromium, found (or installed once) by scripts/test.ts and passed in CHROMIUM_PATH. The flags keep it
 * from reaching for Google's services, which this machine's closed network refuses.
 */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Why the browser tests cannot run here, or undefined when they can (pass it to `describe(…, { skip })`). */
export function browserUnavailable(): string | undefined {
  const executable = process.env.CHROMIUM_PATH;
  if (executable && fs.existsSync(executable)) return undefined;
  return `browser tests skipped: ${process.env.CHROMIUM_UNAVAILABLE_REASON || 'no Chromium (run the tests through scripts/test.ts, or set CHROMIUM_PATH)'}`;
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
}

/** Screenshots go under the test output folder (TEST_OUTPUT_DIR, else test-output/ in the repository, git-ignored). */
export function screenshotPath(name: string): string {
  const dir = process.env.TEST_OUTPUT_DIR ?? path.resolve(__dirname, '..', '..', 'test-output', 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, `${name}.png`);
}

/**
 * Runs axe-core in the page and returns its serious and critical violations (rule id and the first offending
 * element), so a test can require none. The page's context must allow injected scripts (`bypassCSP: true`).
 */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(): Promise<{ violations: Array<{ id: string; impact?: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    return (await axe.run()).violations.map((v) => ({ id: v.id, impact: v.impact, target: JSON.stringify(v.nodes[0]?.target ?? []) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} at ${v.target}`);
}
