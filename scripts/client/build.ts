/**
 * Builds the typed client package (clients/typescript/dist): an ES module (`dist/esm/index.mjs`), a CommonJS module
 * (`dist/cjs/index.cjs`), and the declarations (`dist/types`). Its dependencies (openapi-fetch, standardwebhooks) stay
 * imports; an application's bundler resolves them.
 *
 *   npm run build --workspace clients/typescript        or        tsx scripts/client/build.ts [--out <dir>]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

export const CLIENT_ROOT = path.resolve(__dirname, '..', '..', 'clients', 'typescript');

export async function buildClient(
  outDir = path.join(CLIENT_ROOT, 'dist'),
): Promise<{ esm: string; cjs: string; types: string }> {
  fs.rmSync(outDir, { recursive: true, force: true });
  const common = {
    entryPoints: [path.join(CLIENT_ROOT, 'src', 'index.ts')],
    bundle: true,
    external: ['openapi-fetch', 'standardwebhooks'],
    platform: 'neutral' as const,
    target: 'es2022',
    sourcemap: true,
    logLevel: 'warning' as const,
  };
  const esm = path.join(outDir, 'esm', 'index.mjs');
  const cjs = path.join(outDir, 'cjs', 'index.cjs');
  await build({ ...common, format: 'esm', outfile: esm });
  await build({ ...common, format: 'cjs', outfile: cjs, mainFields: ['main', 'module'] });
  const types = path.join(outDir, 'types');
  const tsc = require.resolve('typescript/bin/tsc');
  execFileSync(
    process.execPath,
    [
      tsc,
      '-p',
      path.join(CLIENT_ROOT, 'tsconfig.json'),
      '--noEmit',
      'false',
      '--emitDeclarationOnly',
      '--outDir',
      types,
    ],
    { stdio: 'inherit' },
  );
  return { esm, cjs, types };
}

/** The whole client as one minified ES module with its dependencies: what a browser application would ship. */
export async function bundleForSize(): Promise<Uint8Array> {
  const result = await build({
    entryPoints: [path.join(CLIENT_ROOT, 'src', 'index.ts')],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'warning',
  });
  return result.outputFiles[0]!.contents;
}

if (require.main === module) {
  const index = process.argv.indexOf('--out');
  buildClient(index > 0 ? path.resolve(process.argv[index + 1]!) : undefined).then(
    (built) =>
      console.log(
        `built ${path.relative(process.cwd(), built.esm)}, ${path.relative(process.cwd(), built.cjs)}, ${path.relative(process.cwd(), built.types)}`,
      ),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
