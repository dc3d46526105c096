import fs from 'node:fs';
import path from 'node:path';
import type { Context } from 'koa';

/**
 * The console's bundled browser code (console-app/, built by scripts/build-console-app.ts into content-hashed files
 * and a manifest): served under /console/assets/app/<name>.<hash>.<ext>, cached for a year (a new build has new
 * names). The server knows the bundle only through the manifest: it imports nothing of console-app/.
 *
 * The build writes a brotli (`<file>.br`) and a gzip (`<file>.gz`) copy beside each file: a request gets the best one
 * its Accept-Encoding allows (br, then gzip, then the file as it is), with Content-Encoding and Vary: Accept-Encoding.
 */

/** Where the build is: console-app/build beside api/ (in the image, dist/console-app/build beside dist/api/). */
export const APP_ASSETS_DIR = path.resolve(__dirname, '../../console-app/build');
export const APP_ASSETS_PATH = '/console/assets/app';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The manifest's shape (scripts/build-console-app.ts writes it). */
export interface AppManifest {
  entries: Record<string, { js: string; css: string | null }>;
  files: Record<string, { bytes: number }>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** The precompressed copies the build writes, best first: the coding (Content-Encoding) and the copy's suffix. */
const PRECOMPRESSED = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;

/**
 * The precompressed codings an Accept-Encoding header allows (RFC 9110 §12.5.3): a coding it names with q>0,
 * or one it does not name when it has `*` with q>0. No header: none but identity.
 */
export function acceptedCodings(header: string | undefined): Set<string> {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    weights.set(name, q === undefined ? 1 : Number(q) || 0);
  }
  const accepted = new Set<string>();
  for (const { coding } of PRECOMPRESSED) {
    const weight = weights.get(coding) ?? (coding === 'gzip' ? weights.get('x-gzip') : undefined) ?? weights.get('*');
    if (weight !== undefined && weight > 0) accepted.add(coding);
  }
  return accepted;
}

export interface AppAssets {
  /** The manifest, re-read when the build changes it; undefined when nothing is built. */
  manifest(): AppManifest | undefined;
  /** An entry's script and stylesheet URLs, or undefined when it is not built. */
  entry(name: string): { js: string; css: string | null } | undefined;
  /** Answers GET /console/assets/app/:file: a file the manifest lists, or false (the caller answers 404). */
  serve(ctx: Context, file: string): boolean;
}

export function createAppAssets(dir = APP_ASSETS_DIR): AppAssets {
  let cached: { mtimeMs: number; manifest: AppManifest } | undefined;
  const manifest = (): AppManifest | undefined => {
    const file = path.join(dir, 'manifest.json');
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      return undefined;
    }
    if (cached?.mtimeMs !== mtimeMs)
      cached = { mtimeMs, manifest: JSON.parse(fs.readFileSync(file, 'utf8')) as AppManifest };
    return cached.manifest;
  };
  return {
    manifest,
    entry(name) {
      const found = manifest()?.entries[name];
      if (!found) return undefined;
      return { js: `${APP_ASSETS_PATH}/${found.js}`, css: found.css ? `${APP_ASSETS_PATH}/${found.css}` : null };
    },
    serve(ctx, file) {
      const type = CONTENT_TYPES[path.extname(file)];
      // Only a name the current manifest lists (never a path): an unknown name or hash is not found.
      if (!type || !manifest()?.files[file] || file.includes('/') || file.includes('\\')) return false;
      const full = path.join(dir, file);
      if (!fs.existsSync(full)) return false;
      const accepted = acceptedCodings(ctx.get('accept-encoding') || undefined);
      const copy = PRECOMPRESSED.find(({ coding, suffix }) => accepted.has(coding) && fs.existsSync(full + suffix));
      const served = copy ? full + copy.suffix : full;
      ctx.set('Cache-Control', IMMUTABLE);
      ctx.vary('Accept-Encoding');
      ctx.type = type;
      if (copy) ctx.set('Content-Encoding', copy.coding);
      ctx.length = fs.statSync(served).size;
      ctx.body = fs.createReadStream(served);
      return true;
    },
  };
}
