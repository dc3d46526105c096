/**
 * `npm run build:console-app`: bundles the console's browser code (console-app/) with esbuild into content-hashed
 * files, `<name>.<hash>.<ext>` (JS, CSS, the JDM editor's WebAssembly expression parser, any font or image), each
 * precompressed beside it (`<file>.gz`, gzip level 9, and `<file>.br`, brotli at its highest quality), and a
 * manifest.json naming them, in console-app/build/ (or the directory given as the first argument). The API serves
 * them under /console/assets/app/ (api/console/app-assets.ts). `npm start`, the test launcher (when a selected file
 * needs Chromium) and `npm run build` (into dist/console-app/build/ for the image) call buildConsoleApp().
 *
 *   npm run build:console-app
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { build, type Metafile, type Plugin } from 'esbuild';

const REPO_ROOT = path.resolve(__dirname, '..');
const SOURCE_DIR = path.join(REPO_ROOT, 'console-app');
export const CONSOLE_APP_BUILD_DIR = path.join(SOURCE_DIR, 'build');
/** Where the served files live: their URLs are `${PUBLIC_PATH}/<name>.<hash>.<ext>`. */
const PUBLIC_PATH = '/console/assets/app';
const MANIFEST = 'manifest.json';

/** The bundles, by name: one page each. */
const ENTRIES: Record<string, string> = {
  editor: path.join(SOURCE_DIR, 'editor/main.tsx'),
  'dmn-editor': path.join(SOURCE_DIR, 'dmn-editor/main.tsx'),
};

/** What the API reads (api/console/app-assets.ts keeps its own copy of this shape: it may not import scripts/). */
export interface ConsoleAppManifest {
  /** Per entry, its script and its stylesheet (file names in the build directory). */
  entries: Record<string, { js: string; css: string | null }>;
  /** Every file the API may serve, with its size. */
  files: Record<string, { bytes: number }>;
}

/**
 * zen-engine-wasm finds its .wasm file with `new URL('zen_engine_wasm_bg.wasm', import.meta.url)`, which an IIFE
 * bundle cannot resolve: import the file instead (the `file` loader copies it, hashed, and answers its public URL).
 */
const zenWasmFile: Plugin = {
  name: 'zen-engine-wasm-file',
  setup(builder) {
    builder.onLoad({ filter: /zen_engine_wasm\.js$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      const pattern = "new URL('zen_engine_wasm_bg.wasm', import.meta.url)";
      if (!source.includes(pattern)) throw new Error(`${args.path} no longer loads its .wasm as expected`);
      return {
        contents: `import __zenWasmUrl from './zen_engine_wasm_bg.wasm';\n${source.replace(pattern, 'new URL(__zenWasmUrl, self.location.href)')}`,
        loader: 'js',
        resolveDir: path.dirname(args.path),
      };
    });
  },
};

function newestSourceChange(): number {
  let newest = fs.statSync(path.join(REPO_ROOT, 'package-lock.json')).mtimeMs;
  newest = Math.max(newest, fs.statSync(__filename).mtimeMs);
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (full !== CONSOLE_APP_BUILD_DIR && entry.name !== 'node_modules') walk(full);
      } else newest = Math.max(newest, fs.statSync(full).mtimeMs);
    }
  };
  walk(SOURCE_DIR);
  return newest;
}

function manifestOf(metafile: Metafile, outDir: string): ConsoleAppManifest {
  const manifest: ConsoleAppManifest = { entries: {}, files: {} };
  for (const [output, info] of Object.entries(metafile.outputs)) {
    const name = path.basename(output);
    manifest.files[name] = { bytes: info.bytes };
    const entry = Object.entries(ENTRIES).find(([, file]) => info.entryPoint && path.resolve(info.entryPoint) === file);
    if (entry) manifest.entries[entry[0]] = { js: name, css: info.cssBundle ? path.basename(info.cssBundle) : null };
  }
  for (const name of Object.keys(manifest.files))
    if (!fs.existsSync(path.join(outDir, name))) throw new Error(`the bundle lists ${name}, which was not written`);
  return manifest;
}

/** Moves the fresh build into `outDir` file by file (renames: a running server never reads half a file). */
function publish(stagingDir: string, outDir: string, manifest: ConsoleAppManifest): void {
  for (const name of Object.keys(manifest.files)) {
    const target = path.join(outDir, name);
    if (fs.existsSync(target)) fs.rmSync(path.join(stagingDir, name));
    else fs.renameSync(path.join(stagingDir, name), target);
  }
  const manifestPath = path.join(outDir, MANIFEST);
  fs.writeFileSync(`${manifestPath}.${process.pid}`, `${JSON.stringify(manifest, null, 2)}\n`);
  fs.renameSync(`${manifestPath}.${process.pid}`, manifestPath);
  // Files of older builds, an hour old: gone (a page loaded before a rebuild keeps working meanwhile).
  const hourAgo = Date.now() - 3_600_000;
  for (const name of fs.readdirSync(outDir)) {
    const full = path.join(outDir, name);
    if (name === MANIFEST || manifest.files[compressedOriginal(name)] || !fs.statSync(full).isFile()) continue;
    if (fs.statSync(full).mtimeMs < hourAgo) fs.rmSync(full, { force: true });
  }
}

/** The precompressed copies written beside each file, by suffix (the API serves the best one a request accepts). */
const COMPRESSIONS = {
  '.br': (data: Buffer) =>
    promisify(zlib.brotliCompress)(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_GENERIC,
      },
    }),
  '.gz': (data: Buffer) => promisify(zlib.gzip)(data, { level: 9 }),
} as const;

/** Formats compressed already (a copy would be no smaller): served as they are. */
const COMPRESSED_FORMATS = new Set(['.woff', '.woff2', '.png']);

/** `x.js.gz` → `x.js` (the file it is a copy of); any other name as it is. */
function compressedOriginal(name: string): string {
  return name.replace(/\.(gz|br)$/, '');
}

/**
 * Writes `<file>.gz` and `<file>.br` beside every file of the manifest (but fonts and images compressed already),
 * unless one newer than the file is already
 * there (names are content-hashed, so an unchanged file keeps its copies across builds). Each copy is written under a
 * temporary name and renamed: a running server never serves half of one.
 */
async function precompress(outDir: string, manifest: ConsoleAppManifest): Promise<void> {
  await Promise.all(
    Object.keys(manifest.files).flatMap((name) => {
      if (COMPRESSED_FORMATS.has(path.extname(name))) return [];
      const source = path.join(outDir, name);
      const sourceMtime = fs.statSync(source).mtimeMs;
      return Object.entries(COMPRESSIONS).map(async ([suffix, compress]) => {
        const target = `${source}${suffix}`;
        if (fs.existsSync(target) && fs.statSync(target).mtimeMs >= sourceMtime) return;
        const temporary = `${target}.${process.pid}`;
        await fs.promises.writeFile(temporary, await compress(await fs.promises.readFile(source)));
        await fs.promises.rename(temporary, target);
      });
    }),
  );
}

/** Builds the bundles into `outDir` unless its manifest is newer than every source; answers what it did and how long. */
export async function buildConsoleApp(
  outDir = CONSOLE_APP_BUILD_DIR,
  options: { force?: boolean } = {},
): Promise<{ manifest: ConsoleAppManifest; seconds: number; skipped: boolean }> {
  const started = Date.now();
  const manifestPath = path.join(outDir, MANIFEST);
  if (!options.force && fs.existsSync(manifestPath) && fs.statSync(manifestPath).mtimeMs > newestSourceChange()) {
    const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as ConsoleAppManifest;
    if (Object.keys(manifest.files).every((name) => fs.existsSync(path.join(outDir, name)))) {
      await precompress(outDir, manifest);
      return { manifest, seconds: (Date.now() - started) / 1000, skipped: true };
    }
  }
  fs.mkdirSync(outDir, { recursive: true });
  const stagingDir = fs.mkdtempSync(path.join(outDir, '.staging-'));
  try {
    const result = await build({
      entryPoints: ENTRIES,
      outdir: stagingDir,
      bundle: true,
      minify: true,
      format: 'iife',
      platform: 'browser',
      target: ['es2022'],
      jsx: 'automatic',
      entryNames: '[name].[hash]',
      assetNames: '[name].[hash]',
      publicPath: PUBLIC_PATH,
      // dmn-js's icon font (dmn-font) names its .eot too: every file a stylesheet names is bundled and served by us.
      loader: {
        '.wasm': 'file',
        '.woff': 'file',
        '.woff2': 'file',
        '.ttf': 'file',
        '.eot': 'file',
        '.svg': 'file',
        '.png': 'file',
      },
      // Monaco is the code editor of function nodes, which the service does not run; its React wrapper would load
      // it from a CDN. Both are replaced by stand-ins (the JDM editor imports one enum of it directly).
      alias: {
        '@monaco-editor/react': path.join(SOURCE_DIR, 'editor/monaco-stand-in.tsx'),
        'monaco-editor': path.join(SOURCE_DIR, 'editor/monaco-enums-stand-in.ts'),
      },
      define: { 'process.env.NODE_ENV': '"production"' },
      legalComments: 'eof',
      metafile: true,
      logLevel: 'error',
      plugins: [zenWasmFile],
    });
    const manifest = manifestOf(result.metafile, stagingDir);
    publish(stagingDir, outDir, manifest);
    await precompress(outDir, manifest);
    return { manifest, seconds: (Date.now() - started) / 1000, skipped: false };
  } finally {
    fs.rmSync(stagingDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const outDir = path.resolve(process.argv[2] ?? CONSOLE_APP_BUILD_DIR);
  buildConsoleApp(outDir, { force: true }).then(
    ({ manifest, seconds }) => {
      const total = Object.values(manifest.files).reduce((sum, file) => sum + file.bytes, 0);
      console.log(
        `built ${Object.keys(manifest.files).length} console-app file(s), ${(total / 1e6).toFixed(1)} MB, in ${seconds.toFixed(1)} s into ${path.relative(process.cwd(), outDir) || '.'}`,
      );
    },
    (error: unknown) => {
      console.error('console-app build failed:', error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
