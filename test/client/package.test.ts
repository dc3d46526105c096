import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import ts from 'typescript';
import { buildClient, CLIENT_ROOT } from '../../scripts/client/build';

/**
 * The client as a package: its ES module and CommonJS builds load in a fresh Node process and export the client,
 * its declarations name no `any`, and the packed tarball installs into a new project (from npm's cache where it can) that
 * uses it from both module systems.
 */

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const REPO = path.resolve(__dirname, '..', '..');

describe('the typed client package', () => {
  let work: string;
  let built: Awaited<ReturnType<typeof buildClient>>;

  before(async () => {
    // Inside the repository (ignored by git), so the builds resolve the client's dependencies from its node_modules.
    fs.mkdirSync(path.join(REPO, 'test-output'), { recursive: true });
    work = fs.mkdtempSync(path.join(REPO, 'test-output', 'client-package-'));
    built = await buildClient(path.join(work, 'dist'));
  });
  after(() => fs.rmSync(work, { recursive: true, force: true }));

  it('loads as an ES module and as CommonJS, with the same exports', () => {
    const esm = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const m = await import(${JSON.stringify(built.esm)}); console.log(JSON.stringify(Object.keys(m).sort()))`,
      ],
      { cwd: CLIENT_ROOT, encoding: 'utf8' },
    );
    const cjs = execFileSync(
      process.execPath,
      ['-e', `console.log(JSON.stringify(Object.keys(require(${JSON.stringify(built.cjs)})).sort()))`],
      { cwd: CLIENT_ROOT, encoding: 'utf8' },
    );
    const names = JSON.parse(esm) as string[];
    assert.deepEqual(JSON.parse(cjs), names);
    for (const name of [
      'DecisionModelingClient',
      'ProblemError',
      'apiKey',
      'clientCredentials',
      'userToken',
      'verifyWebhook',
      'OPERATIONS',
      'WEBHOOK_EVENT_TYPES',
    ]) {
      assert.ok(names.includes(name), `exports ${name}`);
    }
  });

  it('names no `any` in its declarations', () => {
    const offenders: string[] = [];
    let files = 0;
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (entry.name.endsWith('.d.ts')) {
          files += 1;
          const scanner = ts.createScanner(
            ts.ScriptTarget.Latest,
            true,
            ts.LanguageVariant.Standard,
            fs.readFileSync(file, 'utf8'),
          );
          for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
            if (token === ts.SyntaxKind.AnyKeyword)
              offenders.push(`${path.relative(built.types, file)}:${scanner.getTokenStart()}`);
          }
        }
      }
    };
    walk(built.types);
    assert.ok(files >= 10, `${files} declaration files`);
    assert.deepEqual(offenders, []);
  });

  it("packs, installs into a new project (npm's cache first), and is used from import and require there", (t) => {
    // The package's own files: the build above, its document and README.
    const staged = path.join(work, 'package');
    fs.mkdirSync(staged);
    for (const name of ['package.json', 'openapi.json', 'README.md'])
      fs.copyFileSync(path.join(CLIENT_ROOT, name), path.join(staged, name));
    fs.cpSync(path.dirname(built.types), path.join(staged, 'dist'), { recursive: true });
    const tarball = execFileSync(NPM, ['pack', '--silent', '--pack-destination', work], {
      cwd: staged,
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .pop() as string;
    // Outside the repository: the package's dependencies must come from its own install.
    const project = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-client-consumer-'));
    t.after(() => fs.rmSync(project, { recursive: true, force: true }));
    fs.writeFileSync(
      path.join(project, 'package.json'),
      JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }),
    );
    execFileSync(
      NPM,
      ['install', '--prefer-offline', '--no-audit', '--no-fund', '--silent', path.join(work, tarball)],
      { cwd: project, encoding: 'utf8' },
    );
    const viaImport = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "import { DecisionModelingClient, apiKey } from '@decision-modeling/client'; const c = new DecisionModelingClient({ baseUrl: 'http://127.0.0.1:9', auth: apiKey('k') }); console.log(typeof c.scenarios.createAndWait)",
      ],
      { cwd: project, encoding: 'utf8' },
    );
    const viaRequire = execFileSync(
      process.execPath,
      [
        '-e',
        "const { verifyWebhook, WEBHOOK_EVENT_TYPES } = require('@decision-modeling/client'); console.log(typeof verifyWebhook, WEBHOOK_EVENT_TYPES.length)",
      ],
      { cwd: project, encoding: 'utf8' },
    );
    assert.equal(viaImport.trim(), 'function');
    assert.match(viaRequire.trim(), /^function \d+$/);
  });
});
