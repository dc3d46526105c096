/**
 * The typed client (clients/typescript): what it weighs, how long it takes to load, and what it adds to a call.
 *
 * - Bundle: the whole client as one minified ES module with its dependencies (what a browser application ships),
 *   raw and gzipped; beside it the package's own builds.
 * - Cold import: a fresh Node process importing the built package (ESM and CJS), the import alone timed inside the
 *   process, the median of BENCH_CLIENT_IMPORTS runs; the floor is importing its two dependencies alone.
 * - Per call: `client.account.getCurrentPrincipal()` against the service, sequentially, beside `fetch` of the same URL
 *   with the same header (the floor): the client's own cost per call is the difference.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { DecisionModelingClient, apiKey } from '../../clients/typescript/src/index';
import { buildClient, bundleForSize } from '../client/build';
import type { BenchServices } from './services';

const IMPORTS = Number(process.env.BENCH_CLIENT_IMPORTS ?? 21);
const CALLS = Number(process.env.BENCH_CLIENT_CALLS ?? 2000);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

export async function benchClientPackage(): Promise<void> {
  {
    // The package's own dist (ignored by git), where imports resolve the client's dependencies from node_modules.
    const built = await buildClient();
    const bundle = await bundleForSize();
    console.log('\n## Typed client: size and cold import\n');
    console.log('| Artefact | Size | Gzipped |');
    console.log('|---|---:|---:|');
    console.log(
      `| Whole client, minified, with openapi-fetch and standardwebhooks (browser bundle) | ${kib(bundle.byteLength)} | ${kib(gzipSync(bundle).byteLength)} |`,
    );
    for (const file of [built.esm, built.cjs]) {
      const content = fs.readFileSync(file);
      console.log(
        `| Package build \`${path.relative(path.dirname(path.dirname(file)), file)}\` (not minified, dependencies external) | ${kib(content.byteLength)} | ${kib(gzipSync(content).byteLength)} |`,
      );
    }
    // Resolved from the repository, where openapi-fetch and standardwebhooks are installed.
    const cwd = path.resolve(__dirname, '..', '..', 'clients', 'typescript');
    const timed = (code: string, module: boolean) =>
      Number(
        execFileSync(process.execPath, [...(module ? ['--input-type=module'] : []), '-e', code], {
          cwd,
          encoding: 'utf8',
        }).trim(),
      );
    const esm: number[] = [];
    const cjs: number[] = [];
    const floor: number[] = [];
    for (let i = 0; i < IMPORTS; i++) {
      esm.push(
        timed(
          `const t = performance.now(); await import(${JSON.stringify(built.esm)}); console.log(performance.now() - t)`,
          true,
        ),
      );
      cjs.push(
        timed(
          `const t = performance.now(); require(${JSON.stringify(built.cjs)}); console.log(performance.now() - t)`,
          false,
        ),
      );
      floor.push(
        timed(
          'const t = performance.now(); await import("openapi-fetch"); await import("standardwebhooks"); console.log(performance.now() - t)',
          true,
        ),
      );
    }
    console.log(
      `\nCold import in a fresh Node ${process.version} process, median of ${IMPORTS}: ESM ${median(esm).toFixed(1)} ms, CJS ${median(cjs).toFixed(1)} ms (floor, its two dependencies alone, ESM: ${median(floor).toFixed(1)} ms)`,
    );
  }
}

export async function benchClientCalls(services: BenchServices, key: string): Promise<void> {
  const client = new DecisionModelingClient({ baseUrl: services.baseUrl, auth: apiKey(key) });
  const url = `${services.baseUrl}/api/v1/me`;
  const headers = { authorization: `Bearer ${key}`, accept: 'application/json' };
  const viaFetch = async () => {
    const response = await fetch(url, { headers });
    await response.json();
  };
  const viaClient = async () => {
    await client.account.getCurrentPrincipal();
  };
  const measure = async (call: () => Promise<void>) => {
    const times: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const started = performance.now();
      await call();
      times.push(performance.now() - started);
    }
    return times;
  };
  await measure(viaFetch);
  await measure(viaClient);
  const floor = await measure(viaFetch);
  const typed = await measure(viaClient);
  console.log(`\n## Typed client: per call (GET /api/v1/me, ${CALLS} sequential calls)\n`);
  console.log('| | p50 | p95 | p99 |');
  console.log('|---|---:|---:|---:|');
  console.log(
    `| fetch (floor) | ${median(floor).toFixed(2)} ms | ${percentile(floor, 95).toFixed(2)} ms | ${percentile(floor, 99).toFixed(2)} ms |`,
  );
  console.log(
    `| client.account.getCurrentPrincipal() | ${median(typed).toFixed(2)} ms | ${percentile(typed, 95).toFixed(2)} ms | ${percentile(typed, 99).toFixed(2)} ms |`,
  );
  console.log(`\nclient overhead per call at p50: ${(median(typed) - median(floor)).toFixed(2)} ms`);
}
