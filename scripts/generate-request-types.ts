/**
 * Writes api/openapi/request-types.generated.ts: the TypeScript types of every operation's request (path parameters,
 * the query as validation leaves it, the JSON body) generated from the OpenAPI document the API serves and validates
 * against, so a route handler's `ctx.params`, `ctx.state.query` and `ctx.state.body` are typed by the contract.
 *
 *   npm run generate:types            rewrite the file
 *   npm run generate:types -- --check exit 1 if the file is not what the document gives (the unit test does the same)
 */
import fs from 'node:fs';
import path from 'node:path';
import { generateRequestTypes, REQUEST_TYPES_FILE } from './request-types';

async function main(): Promise<number> {
  const target = path.resolve(__dirname, '..', REQUEST_TYPES_FILE);
  const generated = await generateRequestTypes();
  if (process.argv.includes('--check')) {
    const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
    if (current === generated) return 0;
    console.error(`${REQUEST_TYPES_FILE} is out of date with the OpenAPI document: run npm run generate:types`);
    return 1;
  }
  // Unchanged content is not rewritten, so running this while tests read the file never shows them a half-written one.
  if (fs.existsSync(target) && fs.readFileSync(target, 'utf8') === generated) {
    console.log(`${REQUEST_TYPES_FILE} is up to date`);
    return 0;
  }
  fs.writeFileSync(target, generated);
  console.log(`wrote ${REQUEST_TYPES_FILE}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
