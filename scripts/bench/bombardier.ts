import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { locateGoTool, type GoTool } from '../stack/go-tools';
import type { LoadResult } from './http-load';

/**
 * bombardier (MIT, Go, fasthttp): a load generator that is not this code base, so the bench's own loop cannot flatter
 * the figures. Built once from its Go module into the per-user tool cache, like the Temporal CLI.
 */
const BOMBARDIER: GoTool = {
  displayName: 'bombardier',
  module: 'github.com/codesenberg/bombardier',
  version: 'v1.2.6',
  binaryName: 'bombardier',
  cacheName: 'bombardier',
  override: { variable: 'BOMBARDIER_PATH', value: process.env.BOMBARDIER_PATH },
  installHint: 'Install Go, or bombardier itself, or set BOMBARDIER_PATH.',
};

export function locateBombardier(): Promise<string | undefined> {
  return locateGoTool(BOMBARDIER, (message) => console.error(`[bench] ${message}`));
}

interface BombardierReport {
  result: {
    timeTakenSeconds: number;
    req1xx: number;
    req2xx: number;
    req3xx: number;
    req4xx: number;
    req5xx: number;
    others: number;
    latency: { percentiles: Record<string, number> };
  };
}

/** One closed-loop run of bombardier against `request` (its latencies in microseconds, read from its JSON report). */
export async function measureWithBombardier(
  binary: string,
  request: {
    label: string;
    url: string;
    method: 'GET' | 'POST';
    headers: Record<string, string>;
    body?: string;
    connections: number;
  },
  durationSeconds: number,
): Promise<LoadResult> {
  const args = [
    '-c',
    String(request.connections),
    '-d',
    `${durationSeconds}s`,
    '-l',
    '-o',
    'j',
    '-p',
    'r',
    '-m',
    request.method,
  ];
  for (const [name, value] of Object.entries(request.headers)) args.push('-H', `${name}: ${value}`);
  if (request.body !== undefined) args.push('-b', request.body);
  args.push(request.url);
  const { stdout } = await promisify(execFile)(binary, args, { maxBuffer: 16 * 1024 * 1024 });
  const { result } = JSON.parse(stdout) as BombardierReport;
  const requests = result.req1xx + result.req2xx + result.req3xx + result.req4xx + result.req5xx;
  const ms = (microseconds: number | undefined) => Math.round(microseconds ?? 0) / 1000;
  return {
    label: request.label,
    requests,
    requestsPerSecond: Math.round(requests / result.timeTakenSeconds),
    p50Ms: ms(result.latency.percentiles['50']),
    p99Ms: ms(result.latency.percentiles['99']),
    non2xx: requests - result.req2xx,
    errors: result.others,
  };
}
