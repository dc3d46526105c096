import fs from 'node:fs';
import path from 'node:path';
import type { Context } from 'koa';

/**
 * The console's bundled browser code (console-app/, built by scripts/build-console-app.ts into content-hashed files
 * and a manifest): served under /console/assets/app/<name>.<hash>.<ext>, cached for a year (a new build has new
 * names). The server knows the bundle only through the manifest: it imports nothing of console-app/.
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
      ctx.set('Cache-Control', IMMUTABLE);
      ctx.type = type;
      ctx.length = fs.statSync(full).size;
      ctx.body = fs.createReadStream(full);
      return true;
    },
  };
}
