import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { APP_ASSETS_DIR, type AppManifest } from '../../api/console/app-assets';
import type { Knex } from '../../db/connection';
import { addConsoleMember } from '../../test/helpers/console-sign-in';
import { PEOPLE_PASSWORD } from '../../test/helpers/people';
import { CHROMIUM_FLAGS } from '../../test/helpers/real-browser';
import { buildConsoleApp } from '../build-console-app';
import { findOrInstallChromium } from '../stack/chromium';
import { percentile } from './http-load';
import type { BenchServices } from './services';

/**
 * The model editor in this machine's Chromium (headless, no GPU): the page's first load cold and warm, typing into and
 * scrolling a generated 500-rule × 20-column decision table, saving a 500-rule model through the console's save route,
 * and the simulate call on a 100-rule table. Each figure beside a floor: the same browser doing the least the figure
 * can cost (a plain page, a static table, a PUT through the API, the sandbox's evaluation alone).
 */

const log = (message: string) => console.error(`[bench] ${message}`);
const ms = (value: number) => `${value.toFixed(1)} ms`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const INPUT_COLUMNS = 18;
const columnField = (c: number) => `c${String(c + 1).padStart(2, '0')}`;

/** A first-hit table of `rules` rules on 18 number inputs and 2 outputs (20 columns); the last rule catches all. */
export function benchEditorTable(rules: number) {
  const inputs = Array.from({ length: INPUT_COLUMNS }, (_, c) => ({
    id: columnField(c),
    name: columnField(c),
    field: columnField(c),
  }));
  const rows = Array.from({ length: rules }, (_, i) => {
    const last = i === rules - 1;
    const row: Record<string, string> = { _id: `rule-${i}` };
    for (let c = 0; c < INPUT_COLUMNS; c++)
      row[columnField(c)] = last || (i + c) % 4 === 0 ? '' : c % 2 === 0 ? `>= ${(i * 7 + c) % 90}` : `< ${100 + i}`;
    row.rate = ((rules - i) / (rules * 10)).toFixed(4);
    row.segment = `"segment ${i % 12}"`;
    return row;
  });
  const graph = {
    nodes: [
      { id: 'request', type: 'inputNode', name: 'Request', position: { x: 0, y: 0 } },
      {
        id: 'table',
        type: 'decisionTableNode',
        name: 'Rates',
        position: { x: 260, y: 0 },
        content: {
          hitPolicy: 'first',
          inputs,
          outputs: [
            { id: 'rate', name: 'rate', field: 'rate' },
            { id: 'segment', name: 'segment', field: 'segment' },
          ],
          rules: rows,
        },
      },
      { id: 'response', type: 'outputNode', name: 'Response', position: { x: 560, y: 0 } },
    ],
    edges: [
      { id: 'e1', type: 'edge', sourceId: 'request', targetId: 'table' },
      { id: 'e2', type: 'edge', sourceId: 'table', targetId: 'response' },
    ],
  };
  const properties = Object.fromEntries(inputs.map((input) => [input.field, { type: 'number' }]));
  return {
    graph,
    input_schema: { type: 'object', properties },
    output_schema: {
      type: 'object',
      required: ['rate', 'segment'],
      properties: { rate: { type: 'number' }, segment: { type: 'string' } },
    },
  };
}

const sampleInputs = (i: number) =>
  Object.fromEntries(Array.from({ length: INPUT_COLUMNS }, (_, c) => [columnField(c), (i * 13 + c * 5) % 120]));

export async function createModel(baseUrl: string, key: string, name: string, rules: number): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/models`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, category: 'pricing', ...benchEditorTable(rules), sample_inputs: sampleInputs(1) }),
  });
  if (response.status !== 201)
    throw new Error(`creating ${name} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/** Bench setup: version 1 marked published in Postgres (what an approved review does), as the replay bench does. */
export async function markPublished(db: Knex, modelId: string): Promise<void> {
  const now = new Date();
  await db.transaction(async (trx) => {
    await trx('model_versions')
      .where({ model_id: modelId, version: 1 })
      .update({ status: 'published', published_at: now, updated_at: now });
    await trx('models').where({ id: modelId }).update({ published_version: 1, updated_at: now });
  });
}

/** Signs a person in through the console's real login and consent pages; answers the signed-in cookies. */
async function signIn(browser: Browser, baseUrl: string, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl}/console`);
  await page.fill('#email', email);
  await page.fill('#password', PEOPLE_PASSWORD);
  await page.click('button[type=submit]');
  await page.locator('button', { hasText: 'Allow' }).click();
  await page.waitForURL(`${baseUrl}/console`);
  const state = await context.storageState();
  await context.close();
  return state;
}

type SignedIn = Awaited<ReturnType<typeof signIn>>;

/**
 * Installed before the page's own scripts: notes long tasks, and the first animation frame in which the editor is
 * mounted and accepting input (the graph's nodes drawn and the Save button enabled).
 */
const LOAD_PROBE = `(() => {
  const probe = { longTasks: [], mountedAt: undefined };
  window.__editorLoad = probe;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.longTasks.push([entry.startTime, entry.startTime + entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  const check = () => {
    const save = [...document.querySelectorAll('.editor-toolbar button')].find((b) => b.textContent === 'Save');
    if (document.querySelector('.react-flow__node') && save && !save.disabled) probe.mountedAt = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

interface LoadFigure {
  mountedMs: number;
  interactiveMs: number;
  transferred: number;
  decoded: number;
  appRequests: number;
}

/** Read once the editor is mounted: waits for 500 ms without a long task, then sums what the page fetched. */
const LOAD_FIGURES = `(async () => {
  const probe = window.__editorLoad;
  const lastEnd = () => Math.max(probe.mountedAt, ...probe.longTasks.map(([, end]) => end));
  while (performance.now() - lastEnd() < 500) await new Promise((resolve) => setTimeout(resolve, 100));
  const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
  return {
    mountedMs: probe.mountedAt,
    interactiveMs: lastEnd(),
    transferred: entries.reduce((sum, entry) => sum + entry.transferSize, 0),
    decoded: entries.reduce((sum, entry) => sum + entry.decodedBodySize, 0),
    appRequests: entries.filter((entry) => entry.name.includes('/console/assets/app/')).length,
  };
})()`;

/**
 * One load of the editor page in `context`: interactive is the end of the last long task once the editor is mounted
 * and the main thread has been free of long tasks for 500 ms (so a keystroke would be handled at once).
 */
async function loadEditorOnce(context: BrowserContext, url: string): Promise<LoadFigure> {
  const page = await context.newPage();
  await page.addInitScript(LOAD_PROBE);
  await page.goto(url);
  await page.waitForFunction(
    () => (globalThis as unknown as { __editorLoad?: { mountedAt?: number } }).__editorLoad?.mountedAt !== undefined,
    undefined,
    {
      timeout: 60_000,
    },
  );
  const figures = (await page.evaluate(LOAD_FIGURES)) as LoadFigure;
  await page.close();
  return figures;
}

/** Loads of the editor page: cold (a fresh context: empty HTTP cache) and warm (the same context again). */
async function benchFirstLoad(browser: Browser, state: SignedIn, editorUrl: string, runs: number) {
  const cold: LoadFigure[] = [];
  const warm: LoadFigure[] = [];
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ storageState: state });
    context.setDefaultTimeout(60_000);
    cold.push(await loadEditorOnce(context, editorUrl));
    warm.push(await loadEditorOnce(context, editorUrl));
    warm.push(await loadEditorOnce(context, editorUrl));
    await context.close();
  }
  return { cold, warm };
}

/** The console's other pages fetch nothing of the editor bundle; answers the app requests seen per page. */
async function benchOtherPages(browser: Browser, state: SignedIn, baseUrl: string, modelId: string) {
  const context = await browser.newContext({ storageState: state });
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  const seen: Record<string, number> = {};
  let current = '';
  page.on('request', (request) => {
    if (request.url().includes('/console/assets/app/')) seen[current] = (seen[current] ?? 0) + 1;
  });
  let plainLoadMs = 0;
  for (const pathname of [
    '/console',
    '/console/models',
    `/console/models/${modelId}`,
    `/console/models/${modelId}/versions/1`,
  ]) {
    current = pathname;
    seen[pathname] = 0;
    await page.goto(`${baseUrl}${pathname}`, { waitUntil: 'load' });
    if (pathname === '/console/models')
      plainLoadMs = (await page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")) as number;
  }
  await context.close();
  return { seen, plainLoadMs };
}

/** What the editor page's files weigh compressed (the build's gzip and brotli copies, which the service sends). */
function bundleSizes() {
  const manifest = JSON.parse(fs.readFileSync(path.join(APP_ASSETS_DIR, 'manifest.json'), 'utf8')) as AppManifest;
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  // The JDM editor page's files: its entry's script and stylesheet and the expression parser's wasm (the manifest
  // lists other entries' files too).
  const editor = manifest.entries.editor;
  const names = [editor?.js, editor?.css, ...Object.keys(manifest.files).filter((name) => name.endsWith('.wasm'))];
  for (const name of names.filter((file): file is string => Boolean(file))) {
    const bytes = fs.readFileSync(path.join(APP_ASSETS_DIR, name));
    raw += bytes.length;
    gzip += zlib.gzipSync(bytes, { level: 9 }).length;
    brotli += zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { raw, gzip, brotli };
}

/**
 * Measures keystrokes in the page: from the keydown's timestamp to the animation frame after the one in which the
 * focused cell's text holds the key (the frame that painted it). Installed once per page.
 */
const KEYSTROKE_PROBE = `(() => {
  const probe = { latencies: [] };
  window.__keystrokes = probe;
  document.addEventListener('keydown', (event) => {
    if (event.key.length !== 1) return;
    const target = document.activeElement;
    const before = (target && (target.value ?? target.textContent)) || '';
    const started = event.timeStamp;
    const until = () => {
      const now = (target && (target.value ?? target.textContent)) || '';
      if (now.length > before.length) requestAnimationFrame(() => probe.latencies.push(performance.now() - started));
      else requestAnimationFrame(until);
    };
    requestAnimationFrame(until);
  }, true);
})();`;

async function typeMeasured(page: Page, keys: string): Promise<void> {
  for (const key of keys) {
    const count = (await page.evaluate('window.__keystrokes.latencies.length')) as number;
    await page.keyboard.press(key);
    await page.waitForFunction(
      (n) => (globalThis as unknown as { __keystrokes: { latencies: number[] } }).__keystrokes.latencies.length > n,
      count,
      { timeout: 30_000 },
    );
  }
}

const readLatencies = async (page: Page) =>
  (await page.evaluate('window.__keystrokes.latencies.splice(0)')) as number[];

/**
 * Scrolls the scrollable element holding `selector` from top to bottom (`step` px per animation frame), counting
 * intervals between frames longer than 1.5 × 16.7 ms as dropped frames.
 */
/** The scrollable element holding `selector` (in the page: `scrollerOf(selector)`). */
const SCROLLER_OF = `const scrollerOf = (selector) => {
  let element = document.querySelector(selector);
  while (element && !(element.scrollHeight > element.clientHeight + 10 && /auto|scroll/.test(getComputedStyle(element).overflowY)))
    element = element.parentElement;
  return element ?? document.scrollingElement;
};`;

async function scrollMeasured(page: Page, selector: string, step: number) {
  return (await page.evaluate(`(async () => {
    ${SCROLLER_OF}
    const scroller = scrollerOf(${JSON.stringify(selector)});
    scroller.scrollTop = 0;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const intervals = [];
    let last = performance.now();
    await new Promise((resolve) => {
      const frame = (now) => {
        intervals.push(now - last);
        last = now;
        const before = scroller.scrollTop;
        if (before + scroller.clientHeight >= scroller.scrollHeight - 1 || intervals.length > 2000) return resolve();
        scroller.scrollTop += ${step};
        if (scroller.scrollTop === before) return resolve();
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    return {
      frames: intervals.length,
      dropped: intervals.filter((interval) => interval > 1.5 * 16.7).length,
      longest: Math.max(...intervals),
      height: scroller.scrollHeight,
      scrolled: scroller.scrollTop,
    };
  })()`)) as { frames: number; dropped: number; longest: number; height: number; scrolled: number };
}

/** The same 500 × 20 table as static HTML (no React, no service): the scroll's and a keystroke's floor. */
async function staticTableFloor(browser: Browser, rules: number) {
  const { graph } = benchEditorTable(rules);
  const table = graph.nodes[1]?.content?.rules ?? [];
  const cells = (row: Record<string, string>) =>
    Object.entries(row)
      .filter(([name]) => name !== '_id')
      .map(([, value]) => `<td>${value.replace(/</g, '&lt;')}</td>`)
      .join('');
  const html = `<!doctype html><div id="s" style="height:600px;overflow:auto"><table><tbody>${table
    .map((row) => `<tr>${cells(row)}</tr>`)
    .join('')}</tbody></table></div><textarea id="t"></textarea>`;
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setContent(html);
  // setContent writes into the page's current document: an init script (which runs on navigation) would miss it.
  await page.evaluate(KEYSTROKE_PROBE);
  const scroll = await scrollMeasured(page, '#s table', 40);
  await page.click('#t');
  await typeMeasured(page, 'abcdefghijklmnopqrstuvwxyz0123456789');
  const keystrokes = await readLatencies(page);
  await context.close();
  return { scroll, keystrokes };
}

const openTable = async (page: Page) => {
  await page.waitForSelector('.react-flow__node', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Edit Table', exact: true }).click();
  await page.waitForSelector('.grl-dt tbody tr', { timeout: 60_000 });
};

/** Types into cells near the top, the middle and the bottom of the table; then scrolls all of it. */
async function benchTable(browser: Browser, state: SignedIn, editorUrl: string) {
  const context = await browser.newContext({ storageState: state });
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  await page.addInitScript(KEYSTROKE_PROBE);
  await page.goto(editorUrl);
  await openTable(page);
  const renderedRows = await page.locator('.grl-dt tbody tr').count();
  const scroll = await scrollMeasured(page, '.grl-dt tbody', 40);
  log(`scrolled: ${JSON.stringify(scroll)}`);
  const latencies: number[] = [];
  for (const fraction of [0, 0.5, 1]) {
    await page.evaluate(`(() => {
      ${SCROLLER_OF}
      const scroller = scrollerOf('.grl-dt tbody');
      scroller.scrollTop = (scroller.scrollHeight - scroller.clientHeight) * ${fraction};
    })()`);
    await page.waitForTimeout(300);
    for (const column of [0, 4, 8]) {
      const row = page.locator('.grl-dt tbody tr:visible').nth(fraction === 1 ? 1 : 3);
      await row.locator('.cm-content').nth(column).click();
      await page.keyboard.press('End');
      await readLatencies(page);
      await typeMeasured(page, ' and 12345');
      latencies.push(...(await readLatencies(page)));
      // Leaving the cell hands its text to the graph (the editor's change, and the working copy).
      await page.locator('.editor-toolbar').click();
    }
  }
  const commit = await measureCellCommit(page);
  await context.close();
  return { renderedRows, scroll, latencies, commit };
}

const CELL_COMMIT = `(async () => {
  const key = Object.keys(localStorage).find((name) => name.startsWith('dms.model-editor.'));
  const before = key ? localStorage.getItem(key) : null;
  const started = performance.now();
  document.activeElement?.blur();
  document.querySelector('.editor-toolbar').dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  await new Promise((resolve) => {
    const written = () => {
      const now = Object.keys(localStorage).find((name) => name.startsWith('dms.model-editor.'));
      return now !== undefined && localStorage.getItem(now) !== before;
    };
    const frame = () =>
      written() || performance.now() - started > 10000 ? requestAnimationFrame(() => resolve()) : requestAnimationFrame(frame);
    requestAnimationFrame(frame);
  });
  return performance.now() - started;
})()`;

/**
 * Leaving an edited cell: from leaving it to the frame after the change has reached the working copy (localStorage
 * written again; at most 10 s), ten times.
 */
async function measureCellCommit(page: Page): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < 10; i++) {
    await page.locator('.grl-dt tbody tr:visible').nth(2).locator('.cm-content').first().click();
    await page.keyboard.type(String(i));
    times.push((await page.evaluate(CELL_COMMIT)) as number);
  }
  return times;
}

const SAVE_CLICK = `(async () => {
  const button = [...document.querySelectorAll('.editor-toolbar button')].find((b) => b.textContent === 'Save');
  const status = document.querySelector('.editor-status');
  // The last save's "Saved: revision N." is on screen until the page has taken the click: wait for a new answer.
  const before = status.textContent;
  const started = performance.now();
  button.click();
  await new Promise((resolve) => {
    const frame = () =>
      status.textContent !== before && /^(Saved|Not saved)/.test(status.textContent) && !button.disabled
        ? requestAnimationFrame(() => resolve())
        : requestAnimationFrame(frame);
    requestAnimationFrame(frame);
  });
  if (!status.textContent.startsWith('Saved:')) throw new Error('the save answered: ' + status.textContent);
  return performance.now() - started;
})()`;

/** The save route alone, as the editor calls it, from the revision the Save button left. */
const SAVE_ROUTE = `async (count) => {
  const data = JSON.parse(document.getElementById('editor-bootstrap').textContent);
  let revision = Number(/revision (\\d+)/.exec(document.querySelector('.editor-status').textContent)[1]);
  const times = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(data.links.save, {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-csrf-token': data.csrf_token },
      body: JSON.stringify({
        graph: data.graph,
        input_schema: data.input_schema,
        output_schema: data.output_schema,
        metric_directions: data.metric_directions,
        content_revision: revision,
      }),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error('the save route answered ' + response.status + ': ' + JSON.stringify(answer));
    revision = answer.content_revision;
    times.push(performance.now() - started);
  }
  return { times, revision };
}`;

/** Saves through the editor's Save button (click → "Saved: revision N." painted), then the save route alone. */
async function benchSaves(browser: Browser, state: SignedIn, editorUrl: string, saves: number) {
  const context = await browser.newContext({ storageState: state });
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  await page.goto(editorUrl);
  await page.waitForSelector('.react-flow__node', { timeout: 60_000 });
  const clicked: number[] = [];
  for (let i = 0; i < saves; i++) clicked.push((await page.evaluate(SAVE_CLICK)) as number);
  const route = (await page.evaluate(`(${SAVE_ROUTE})(${saves})`)) as { times: number[]; revision: number };
  await context.close();
  return { clicked, route: route.times, revision: route.revision };
}

/** The floor of a save: PUT /models/{id}/versions/1 through the API with a key, the same content. */
export async function benchApiPuts(baseUrl: string, key: string, modelId: string, fromRevision: number, saves: number) {
  const content = benchEditorTable(500);
  const times: number[] = [];
  let revision = fromRevision;
  for (let i = 0; i < saves; i++) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/v1/models/${modelId}/versions/1`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...content, content_revision: revision }),
    });
    const answer = (await response.json()) as { content_revision: number };
    if (!response.ok) throw new Error(`PUT version answered ${response.status}: ${JSON.stringify(answer)}`);
    revision = answer.content_revision;
    times.push(performance.now() - started);
  }
  return times;
}

/** A draft version 2 of `modelId` with the same `rules`-rule table (the simulator runs a draft beside the published 1). */
async function createDraftVersion(baseUrl: string, key: string, modelId: string, rules: number): Promise<void> {
  const response = await fetch(`${baseUrl}/api/v1/models/${modelId}/versions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...benchEditorTable(rules), sample_inputs: sampleInputs(1) }),
  });
  if (response.status !== 201) throw new Error(`a draft version answered ${response.status}: ${await response.text()}`);
}

/**
 * One simulator round trip in the page: the inputs changed (the JSON tab's text, as typing it would: React's input
 * event), Run clicked, until the animation frame after the one in which both versions' outputs are new and the rule
 * they match is lit on the open table. Every odd column of rule i reads `< 100 + i` and every even one `>= x` with
 * x < 90, so with every input at 100 + k the first hit is rule k + 1: near the top, inside the table's view.
 */
const SIMULATOR_ROUND_TRIP = `async (k) => {
  const panel = document.querySelector('aside.simulator-panel');
  const textarea = panel.querySelector('textarea');
  const run = [...panel.querySelectorAll('button')].find((b) => b.textContent === 'Run');
  const text = (id) => panel.querySelector('[data-testid="' + id + '"] pre')?.textContent ?? '';
  const before = [text('simulator-working'), text('simulator-published')];
  const inputs = Object.fromEntries(Array.from({ length: ${INPUT_COLUMNS} }, (_, c) => ['c' + String(c + 1).padStart(2, '0'), 100 + k]));
  const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value').set;
  const started = performance.now();
  setValue.call(textarea, JSON.stringify(inputs));
  textarea.dispatchEvent(new Event('input', { bubbles: true }));
  await new Promise((resolve) => requestAnimationFrame(resolve));
  run.click();
  // Where the time goes: the simulate call's answer (Resource Timing), the outputs painted, the lit row painted.
  let outputsAt;
  let litAt;
  await new Promise((resolve, reject) => {
    const frame = () => {
      const now = performance.now();
      const lit = [...document.querySelectorAll('.grl-dt tbody tr[data-simulated="matched"]')].map((row) => Number(row.getAttribute('data-virtual-index')));
      // Empty while the run is under way (the previous outputs are taken down): new means shown and different.
      const shown = (id, index) => text(id) !== '' && text(id) !== before[index];
      if (outputsAt === undefined && shown('simulator-working', 0) && shown('simulator-published', 1)) outputsAt = now;
      if (litAt === undefined && lit.includes(k + 1)) litAt = now;
      if (outputsAt !== undefined && litAt !== undefined) return requestAnimationFrame(() => resolve());
      if (now - started > 30000) return reject(new Error('no answer on screen after 30 s; lit: ' + JSON.stringify(lit) + ', working: ' + text('simulator-working')));
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  const call = performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('/simulate') && entry.startTime >= started).at(-1);
  return {
    total: performance.now() - started,
    answered: call ? call.responseEnd - started : NaN,
    outputs: outputsAt - started,
    lit: litAt - started,
  };
}`;

/** The simulator panel on the editor page of a 100-rule draft (version 2 beside the published 1), `runs` round trips. */
async function benchSimulatorPanel(
  browser: Browser,
  state: SignedIn,
  editorUrl: string,
  runs: number,
  profilePath?: string,
) {
  const context = await browser.newContext({ storageState: state });
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  await page.goto(editorUrl);
  await openTable(page);
  const panel = page.getByRole('complementary', { name: 'Simulator' });
  await panel.getByRole('tab', { name: 'JSON' }).click();
  const profiler = profilePath ? await context.newCDPSession(page) : undefined;
  if (profiler) {
    await profiler.send('Profiler.enable');
    await profiler.send('Profiler.start');
  }
  const times: PanelRoundTrip[] = [];
  // Two runs first (JIT, the sandbox's compiled graph), not counted; k alternates so each run's outputs are new.
  for (let i = -2; i < runs; i++) {
    const time = (await page.evaluate(
      `(${SIMULATOR_ROUND_TRIP})(${((i + 2) % 2) * 3 + ((i + 2) % 5)})`,
    )) as PanelRoundTrip;
    if (i >= 0) times.push(time);
  }
  if (profiler && profilePath) {
    const { profile } = await profiler.send('Profiler.stop');
    fs.writeFileSync(profilePath, JSON.stringify(profile));
    log(`the page's CPU profile of the panel's round trips: ${profilePath}`);
  }
  await context.close();
  return times;
}

/** One round trip's times from the input change: the answer received, the outputs painted, the lit row painted. */
interface PanelRoundTrip {
  total: number;
  answered: number;
  outputs: number;
  lit: number;
}

interface SimulationAnswer {
  working: { duration_ms?: number; matched_rules?: unknown[] };
  compared?: { duration_ms?: number };
}

/** POST /models/{id}/simulate on a 100-rule table: the working copy beside the published version. */
export async function benchSimulate(baseUrl: string, key: string, modelId: string, calls: number) {
  const { graph, input_schema, output_schema } = benchEditorTable(100);
  const times: number[] = [];
  const engine: number[] = [];
  for (let i = -5; i < calls; i++) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/v1/models/${modelId}/simulate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        content: graph,
        input_schema,
        output_schema,
        inputs: sampleInputs(i + 5),
        compare_with: 'published',
      }),
    });
    const answer = (await response.json()) as SimulationAnswer;
    if (!response.ok) throw new Error(`simulate answered ${response.status}: ${JSON.stringify(answer)}`);
    if (i < 0) continue;
    times.push(performance.now() - started);
    engine.push((answer.working.duration_ms ?? 0) + (answer.compared?.duration_ms ?? 0));
  }
  return { times, engine };
}

const p = (values: number[], q: number) =>
  percentile(
    [...values].sort((a, b) => a - b),
    q / 100,
  );
const median = (values: number[]) => p(values, 50);
const goal = (met: boolean) => (met ? 'met' : '**missed**');

export interface ModelEditorBenchOptions {
  loadRuns: number;
  saves: number;
  simulations: number;
  /** Only the simulator panel's round trips (BENCH_EDITOR_PANEL_ONLY): the other stages take minutes. */
  panelOnly?: boolean;
  /** Where to write a CPU profile of the page during the panel's round trips (BENCH_EDITOR_PROFILE), for DevTools. */
  profilePath?: string;
}

function launchBrowser(): Promise<Browser> {
  const found = findOrInstallChromium(log);
  if (!found.path) throw new Error(`the editor bench needs Chromium: ${found.reason}`);
  return chromium.launch({ executablePath: found.path, args: CHROMIUM_FLAGS, headless: true });
}

/** The editor figures, printed as the tables docs/performance.md holds. */
export async function benchModelEditor(
  services: BenchServices,
  key: string,
  tenantId: string,
  options: ModelEditorBenchOptions,
): Promise<void> {
  await buildConsoleApp();
  const member = await addConsoleMember(services.db, 'editor', tenantId, 'analyst');
  const bigModel = await createModel(services.baseUrl, key, 'Bench editor: 500 rules', 500);
  const simulated = await createModel(services.baseUrl, key, 'Bench editor: 100 rules', 100);
  await markPublished(services.db, simulated);
  await createDraftVersion(services.baseUrl, key, simulated, 100);
  const editorUrl = `${services.baseUrl}/console/models/${bigModel}/versions/1/edit`;
  const browser = await launchBrowser();
  try {
    const state = await signIn(browser, services.baseUrl, member.email);
    const simulatorPanel = () =>
      benchSimulatorPanel(
        browser,
        state,
        `${services.baseUrl}/console/models/${simulated}/versions/2/edit`,
        options.simulations,
        options.profilePath,
      );
    if (options.panelOnly) {
      printPanelFigures(await simulatorPanel());
      return;
    }
    log('editor page loads…');
    const loads = await benchFirstLoad(browser, state, editorUrl, options.loadRuns);
    log(`loads: ${JSON.stringify(loads)}`);
    const others = await benchOtherPages(browser, state, services.baseUrl, bigModel);
    log(`other pages: ${JSON.stringify(others)}`);
    log('typing into and scrolling the 500 × 20 table…');
    const table = await benchTable(browser, state, editorUrl);
    log(`table: ${JSON.stringify(table)}`);
    const floor = await staticTableFloor(browser, 500);
    log(`static table: ${JSON.stringify(floor)}`);
    log('saves…');
    const saves = await benchSaves(browser, state, editorUrl, options.saves);
    log(`saves: ${JSON.stringify(saves)}`);
    const puts = await benchApiPuts(services.baseUrl, key, bigModel, saves.revision, options.saves);
    log(`PUTs: ${JSON.stringify(puts)}`);
    log('simulations…');
    const simulations = await benchSimulate(services.baseUrl, key, simulated, options.simulations);
    log(`simulate: ${JSON.stringify(simulations)}`);
    log('the simulator panel…');
    const panel = await simulatorPanel();
    log(`panel: ${JSON.stringify(panel)}`);
    printEditorFigures({ loads, others, table, floor, saves, puts, simulations, panel, bundle: bundleSizes() });
  } finally {
    await browser.close();
  }
}

function printEditorFigures(figures: {
  loads: Awaited<ReturnType<typeof benchFirstLoad>>;
  others: Awaited<ReturnType<typeof benchOtherPages>>;
  table: Awaited<ReturnType<typeof benchTable>>;
  floor: Awaited<ReturnType<typeof staticTableFloor>>;
  saves: Awaited<ReturnType<typeof benchSaves>>;
  puts: number[];
  simulations: Awaited<ReturnType<typeof benchSimulate>>;
  panel: PanelRoundTrip[];
  bundle: ReturnType<typeof bundleSizes>;
}): void {
  const { loads, others, table, floor, saves, puts, simulations, panel, bundle } = figures;
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
  const column = (runs: LoadFigure[], pick: (run: LoadFigure) => number) => median(runs.map(pick));
  const warmInteractive = column(loads.warm, (run) => run.interactiveMs);
  console.log(`\n## Model editor (Chromium headless, no GPU; load average ${load})\n`);
  console.log('| measurement | figure | floor | goal |');
  console.log('|---|---|---|---|');
  console.log(
    `| editor page, cold: transferred (median of ${loads.cold.length}) | ${kib(column(loads.cold, (r) => r.transferred))} (${kib(column(loads.cold, (r) => r.decoded))} decoded) | the bundle gzip -9 ${kib(bundle.gzip)}, brotli 11 ${kib(bundle.brotli)} (raw ${kib(bundle.raw)}) | — |`,
  );
  console.log(`| editor page, warm: transferred | ${kib(column(loads.warm, (r) => r.transferred))} | — | — |`);
  console.log(
    `| editor page, cold: mounted / interactive (median) | ${ms(column(loads.cold, (r) => r.mountedMs))} / ${ms(column(loads.cold, (r) => r.interactiveMs))} | /console/models loaded in ${ms(others.plainLoadMs)} | — |`,
  );
  console.log(
    `| editor page, warm: mounted / interactive (median of ${loads.warm.length}) | ${ms(column(loads.warm, (r) => r.mountedMs))} / ${ms(warmInteractive)} | — | ≤ 2 s: ${goal(warmInteractive <= 2000)} |`,
  );
  const elsewhere = Object.values(others.seen).reduce((sum, count) => sum + count, 0);
  console.log(
    `| bundle requests on other console pages (${Object.keys(others.seen).length} pages) | ${elsewhere} | — | none: ${goal(elsewhere === 0)} |`,
  );
  const keystroke = p(table.latencies, 95);
  console.log(
    `| 500 × 20 table: keystroke → painted cell p50 / p95 (${table.latencies.length} keys; ${table.renderedRows} rows in the DOM) | ${ms(median(table.latencies))} / ${ms(keystroke)} | a textarea: ${ms(median(floor.keystrokes))} / ${ms(p(floor.keystrokes, 95))} | p95 ≤ 50 ms: ${goal(keystroke <= 50)} |`,
  );
  console.log(
    `| leaving an edited cell → working copy written p50 / p95 (${table.commit.length}) | ${ms(median(table.commit))} / ${ms(p(table.commit, 95))} | — | — |`,
  );
  console.log(
    `| scroll of the whole table (40 px a frame): dropped frames / frames (longest) | ${table.scroll.dropped} / ${table.scroll.frames} (${ms(table.scroll.longest)}) | static HTML table: ${floor.scroll.dropped} / ${floor.scroll.frames} (${ms(floor.scroll.longest)}) | none: ${goal(table.scroll.dropped === 0)} |`,
  );
  const saveP95 = p(saves.clicked, 95);
  console.log(
    `| save a 500-rule model: Save → "Saved" painted p50 / p95 (${saves.clicked.length}) | ${ms(median(saves.clicked))} / ${ms(saveP95)} | PUT via the API: ${ms(median(puts))} / ${ms(p(puts, 95))} | p95 ≤ 300 ms: ${goal(saveP95 <= 300)} |`,
  );
  console.log(
    `| the console's save route alone (fetch in the page) p50 / p95 | ${ms(median(saves.route))} / ${ms(p(saves.route, 95))} | — | — |`,
  );
  console.log(
    `| simulate, 100-rule table, working copy + published: POST /simulate p50 / p95 (${simulations.times.length}) | ${ms(median(simulations.times))} / ${ms(p(simulations.times, 95))} | the sandbox's evaluations alone: ${ms(median(simulations.engine))} / ${ms(p(simulations.engine, 95))} | — |`,
  );
  printPanelFigures(panel);
}

function printPanelFigures(panel: PanelRoundTrip[]): void {
  const pick = (name: keyof PanelRoundTrip) => panel.map((run) => run[name]);
  const roundTrip = p(pick('total'), 95);
  console.log(
    `| simulator panel, 100-rule table: inputs changed → both outputs and the lit row painted p50 / p95 (${panel.length}) | ${ms(median(pick('total')))} / ${ms(roundTrip)} | POST /simulate from Node (above) | p95 ≤ 150 ms: ${goal(roundTrip <= 150)} |`,
  );
  console.log(
    `| … of which: the answer received / the outputs painted / the row lit, p50 | ${ms(median(pick('answered')))} / ${ms(median(pick('outputs')))} / ${ms(median(pick('lit')))} | — | — |`,
  );
}
