import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

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

/** Tab until the focused element matches `selector`, as a keyboard user would (at most `limit` presses). */
export async function tabTo(page: Page, selector: string, limit = 120): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(`document.activeElement?.matches(${JSON.stringify(selector)}) ?? false`)) return;
  }
  assert.fail(`${selector} not reachable with Tab`);
}

/**
 * Runs axe-core in the page and returns its serious and critical violations (rule id and the first offending
 * element), so a test can require none. The page's context must allow injected scripts (`bypassCSP: true`).
 */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run(): Promise<{ violations: Array<{ id: string; impact?: string; nodes: Array<{ target: unknown[] }> }> }>;
        };
      }
    ).axe;
    return (await axe.run()).violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      target: JSON.stringify(v.nodes[0]?.target ?? []),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} at ${v.target}`);
}

/**
 * The governance console in a real browser. `signIn` opens a context that enforces the console's CSP (every violation
 * is recorded in `cspViolations`, which a test requires to stay empty) and signs a person in through the real login
 * and consent pages. `checkAccessibility` runs axe-core, an injected script the CSP (rightly) refuses, in a copy of a
 * session that bypasses it, and saves a screenshot of the page with the test output.
 */
export function consoleInBrowser(options: {
  browser: () => Browser;
  baseUrl: () => string;
  password: string;
  screenshotPrefix: string;
}) {
  const cspViolations: string[] = [];
  const checkAccessibility = async (from: BrowserContext, url: string, name: string) => {
    const context = await options.browser().newContext({ bypassCSP: true, storageState: await from.storageState() });
    try {
      const page = await context.newPage();
      await page.goto(url);
      await page.screenshot({ path: screenshotPath(`${options.screenshotPrefix}${name}`), fullPage: true });
      assert.deepEqual(
        await seriousAccessibilityViolations(page),
        [],
        `${name}: serious or critical accessibility violations`,
      );
    } finally {
      await context.close();
    }
  };
  const signIn = async (
    email: string,
    signInOptions: { javaScriptEnabled?: boolean; axe?: string } = {},
  ): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await options.browser().newContext({ javaScriptEnabled: signInOptions.javaScriptEnabled ?? true });
    const page = await context.newPage();
    page.on('console', (message) => {
      if (process.env.CONSOLE_TEST_DEBUG) console.error('browser console:', message.text());
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    page.on('pageerror', (error) => console.error('page error:', error.message));
    await page.goto(`${options.baseUrl()}/console`);
    await page.waitForSelector('#email');
    if (signInOptions.axe) await checkAccessibility(context, page.url(), `${signInOptions.axe}-login`);
    await page.fill('#email', email);
    await page.fill('#password', options.password);
    await page.click('button[type=submit]');
    await page.locator('button', { hasText: 'Allow' }).click();
    await page.waitForURL(`${options.baseUrl()}/console`);
    return { context, page };
  };
  return { cspViolations, signIn, checkAccessibility };
}

/**
 * A `describe`'s own Chromium for the console: launched before its tests, closed after them, with `consoleInBrowser`'s
 * sign-in and checks on it. `browser()` is that Chromium, for tests that open contexts of their own.
 */
export function useConsoleInChromium(options: { baseUrl: () => string; password: string; screenshotPrefix: string }) {
  let chromiumBrowser: Browser | undefined;
  before(async () => {
    chromiumBrowser = await launchChromium();
  });
  after(async () => chromiumBrowser?.close());
  const browser = () => chromiumBrowser as Browser;
  return { browser, ...consoleInBrowser({ ...options, browser }) };
}
