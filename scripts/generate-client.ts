/**
 * Writes the typed TypeScript client's generated files (clients/typescript: the OpenAPI document, its types and one
 * typed method per operation) from the OpenAPI document the API serves.
 *
 *   npm run generate:client            rewrite the files that differ
 *   npm run generate:client -- --check exit 1 if any file is not what the document gives (test/unit/client-generated.test.ts does the same)
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildOpenApiDocument } from '../api/openapi/document';
import { generateClientFiles } from './client/generate-client';

async function main(): Promise<number> {
  const files = await generateClientFiles(buildOpenApiDocument());
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const [file, content] of files) {
    const target = path.resolve(__dirname, '..', file);
    const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : undefined;
    if (current === content) continue;
    stale += 1;
    if (check) {
      console.error(`${file} is out of date with the OpenAPI document: run npm run generate:client`);
      continue;
    }
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, content);
    console.log(`wrote ${file}`);
  }
  if (!check && stale === 0) console.log('the client is up to date');
  return check && stale > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
