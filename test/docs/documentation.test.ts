import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ALL_SCOPES } from '../../core/scopes';
import type { Role } from '../../core/roles';
import { writeDemoState } from '../../db/demo-tenant';
import { findOrCreateUser, insertMembership } from '../../db/repositories/users';
import { inTenantTransaction } from '../../db/tenant-scope';
import {
  DocShellSession,
  lastJsonDocument,
  parseDocument,
  shownOutputProblems,
  skipReasonProblem,
  type ShellBlock,
} from '../helpers/doc-blocks';
import { createTestTenant, startTestStack, type TestStack } from '../helpers/stack';

/**
 * Documentation that runs: every shell block of README.md, clients/typescript/README.md and docs/**\/*.md, in document order, one bash session per
 * document, against a real stack. The docs are written for `npm start` (http://localhost:3000, the demo tenant in
 * .data/demo-tenant.json); here `http://localhost:3000` is rewritten to this stack's address and DATA_DIR points at
 * a data directory holding a demo tenant like the one `npm start` makes.
 */
const REPO_ROOT = path.resolve(__dirname, '../..');
const BLOCK_TIMEOUT_SECONDS = 120;
const DOCUMENTED_BASE_URL = 'http://localhost:3000';

function documentationFiles(): string[] {
  const found = ['README.md', 'clients/typescript/README.md'];
  const walk = (dir: string) => {
    if (!fs.existsSync(path.join(REPO_ROOT, dir))) return;
    for (const entry of fs
      .readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith('.md')) found.push(relative);
    }
  };
  walk('docs');
  return found;
}

/** Directories a listing of the tree skips when git is not there to say what is ignored (as .gitignore does). */
const UNTRACKED_DIRECTORIES = new Set([
  '.git',
  'node_modules',
  '.data',
  'dist',
  '.tools',
  'test-output',
  'tck-results',
]);

/**
 * The files in the working tree that are not in the repository (`git status --porcelain`: untracked, ignored ones left
 * out), or without git (an exported tree) every file outside the ignored folders.
 */
function filesOutsideTheRepository(): Set<string> {
  const status = spawnSync('git', ['status', '--porcelain', '--untracked-files=all'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  if (status.status === 0) {
    return new Set(
      status.stdout
        .split('\n')
        .filter((line) => line.startsWith('?? '))
        .map((line) => line.slice(3)),
    );
  }
  const files = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true })) {
      const relative = path.posix.join(dir, entry.name);
      if (!entry.isDirectory()) files.add(relative);
      else if (!UNTRACKED_DIRECTORIES.has(entry.name) && !entry.name.startsWith('.data-')) walk(relative);
    }
  };
  walk('.');
  return files;
}

describe('the shell blocks of the documentation', () => {
  it('are parsed with their markers, and skip reasons must name an existing covering test', () => {
    const { blocks, problems } = parseDocument(
      'x.md',
      [
        '```` ```json ```` at the start of a line is inline code, not a fence',
        '```sh',
        'echo one',
        '```',
        '<!-- doc-test: output -->',
        '```json',
        '{"a": 1}',
        '```',
        '<!-- doc-test: skip reason="browser: covered by test/console/console.test.ts" -->',
        '```bash',
        'open http://localhost:3000/console',
        '```',
        '<!-- doc-test: skip reason="a person in a browser" -->',
        '```shell',
        'true',
        '```',
        '<!-- doc-test: output -->',
        '```json',
        '{"not json"',
        '```',
      ].join('\n'),
    );
    assert.equal(blocks.length, 3);
    assert.deepEqual(blocks[0]?.output, { line: 6, json: { a: 1 } });
    assert.equal(blocks[1]?.skipReason, 'browser: covered by test/console/console.test.ts');
    assert.equal(skipReasonProblem(blocks[1]?.skipReason as string, REPO_ROOT), undefined);
    assert.match(
      skipReasonProblem(blocks[2]?.skipReason as string, REPO_ROOT) as string,
      /names no covering test file/,
    );
    assert.match(skipReasonProblem('covered by test/console/nothing.test.ts', REPO_ROOT) as string, /does not exist/);
    assert.equal(problems.length, 1);
    assert.match(problems[0] as string, /the shell block before this output is skipped/);
  });

  it('compare the output shown with the real one: keys always, values unless ids, timestamps or secrets', () => {
    const real = {
      id: 'key_01m7yvt9sc9zqnhx5d8yr05m1w',
      name: 'ci',
      scopes: ['a', 'b'],
      created_at: '2026-11-21T10:53:14.412Z',
      nested: { n: 3 },
    };
    assert.deepEqual(
      shownOutputProblems(
        {
          id: 'key_01aaaaaaaaaaaaaaaaaaaaaaaa',
          name: 'ci',
          scopes: ['b'],
          created_at: '2020-01-01T00:00:00.000Z',
          nested: { n: 3 },
        },
        real,
      ),
      [],
    );
    assert.deepEqual(shownOutputProblems({ name: 'c…' }, real), []);
    assert.deepEqual(shownOutputProblems({ name: 'other', missing: 1, scopes: ['c'], nested: { n: 4 } }, real), [
      '/name: expected "other", got "ci"',
      '/missing: missing',
      '/scopes/0: no element matches "c"',
      '/nested/n: expected 4, got 3',
    ]);
    assert.deepEqual(lastJsonDocument('HTTP/1.1 201 Created\nX: y\n\n{"a":1}\n{"b":[1,{"c":2}]}'), {
      b: [1, { c: 2 }],
    });
    assert.deepEqual(lastJsonDocument('{"a":1}{"b":2}'), { b: 2 });
  });

  it('fail on a failing command, naming the document, the line and the command, and carry variables between blocks', async () => {
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-doc-session-'));
    const session = new DocShellSession(workDir, { cwd: REPO_ROOT, env: process.env });
    try {
      const { blocks } = parseDocument(
        'x.md',
        [
          '```sh',
          'export A=1; B=2',
          '```',
          '',
          '```sh',
          'echo "$A$B"',
          'X=$(false | cat)',
          'curl -s http://127.0.0.1:9/nothing \\',
          '  -H "x: y"',
          'echo after',
          '```',
        ].join('\n'),
      );
      const first = await session.run(blocks[0] as ShellBlock, (blocks[0] as ShellBlock).code, 10);
      assert.deepEqual(first.failures, []);
      const second = await session.run(blocks[1] as ShellBlock, (blocks[1] as ShellBlock).code, 10);
      assert.match(second.stdout, /^12\nafter\n?$/);
      assert.deepEqual(second.failures, [
        'x.md:7: exit 1: X=$(false | cat)',
        'x.md:8: exit 7: curl -s http://127.0.0.1:9/nothing \\\n  -H "x: y"',
      ]);
    } finally {
      session.close();
      fs.rmSync(workDir, { recursive: true, force: true });
    }
  });

  it('find a file a command leaves in the working tree', async () => {
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-doc-session-'));
    const session = new DocShellSession(workDir, { cwd: REPO_ROOT, env: process.env });
    const name = `doc-test-left-behind-${process.pid}.json`;
    try {
      const before = filesOutsideTheRepository();
      const { blocks } = parseDocument(
        'x.md',
        ['```sh', `echo '{}' > ${name}`, 'T=$(mktemp -d); echo "{}" > "$T/kept-aside.json"', '```'].join('\n'),
      );
      assert.deepEqual((await session.run(blocks[0] as ShellBlock, (blocks[0] as ShellBlock).code, 10)).failures, []);
      assert.deepEqual(
        [...filesOutsideTheRepository()].filter((file) => !before.has(file)),
        [name],
      );
    } finally {
      session.close();
      fs.rmSync(path.join(REPO_ROOT, name), { force: true });
      fs.rmSync(workDir, { recursive: true, force: true });
    }
  });
});

describe('the documentation runs as written', () => {
  let stack: TestStack;
  let dataDir: string;

  before(async () => {
    // What the docs ask of a reader's machine besides Node: bash and curl (7.76+ for --fail-with-body).
    for (const [tool, args] of [
      ['bash', ['--version']],
      ['curl', ['--fail-with-body', '--version']],
    ] as const) {
      const probe = spawnSync(tool, args);
      assert.equal(
        probe.status,
        0,
        `${tool} ${args.join(' ')} failed: the documentation's commands need ${tool}${tool === 'curl' ? ' 7.76 or later' : ''}`,
      );
    }
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-docs-'));
    // As npm start runs a development stack: plain-http webhooks to this machine are allowed.
    stack = await startTestStack({
      worker: true,
      env: { DATA_DIR: dataDir, WEBHOOK_ALLOWED_HOSTS: '127.0.0.1,localhost' },
    });
    // Like npm start's demo tenant (professional plan, a key with every scope, the demo people), but made without
    // db/demo-tenant.ts, which sets new passwords for those people: other test files sign in as them meanwhile.
    const demo = await createTestTenant(stack.db, { plan: 'professional', name: 'demo', scopes: ALL_SCOPES });
    const people: [string, string, Role][] = [
      ['demo@example.com', 'Demo User', 'admin'],
      ['approver@example.com', 'Demo Approver', 'approver'],
      ['analyst@example.com', 'Demo Analyst', 'analyst'],
    ];
    for (const [email, displayName, role] of people) {
      const { user } = await findOrCreateUser(stack.db, { email, displayName, passwordHash: null });
      await inTenantTransaction(stack.db, demo.id, (scope) =>
        insertMembership(scope, user.id, role, { type: 'system', id: 'test' }),
      );
    }
    writeDemoState(dataDir, { tenantId: demo.id, apiKey: demo.key });
  });
  after(async () => {
    await stack?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  for (const document of documentationFiles()) {
    it(`${document}: every unmarked shell block runs, and the outputs shown match`, async (t) => {
      const { blocks, problems } = parseDocument(document, fs.readFileSync(path.join(REPO_ROOT, document), 'utf8'));
      assert.deepEqual(problems, [], `${document}: doc-test markup`);
      const skipped = blocks.filter((block) => block.skipReason !== undefined);
      for (const block of skipped) {
        const problem = skipReasonProblem(block.skipReason as string, REPO_ROOT);
        assert.equal(problem, undefined, `${document}:${block.fenceLine}: ${problem}`);
      }
      const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-doc-session-'));
      const session = new DocShellSession(workDir, {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          PUBLIC_BASE_URL: stack.baseUrl,
          LOG_LEVEL: 'warn',
          // The documents' `mktemp -d` folders go with the session's.
          TMPDIR: workDir,
        },
      });
      // A reader follows the docs in a shell at the repository's root: their scratch files go under `mktemp -d`, and a
      // command that leaves a new file in the working tree fails the document.
      const filesBefore = filesOutsideTheRepository();
      let ran = 0;
      let outputsChecked = 0;
      try {
        for (const block of blocks) {
          if (block.skipReason !== undefined) continue;
          const code = block.code.split(DOCUMENTED_BASE_URL).join(stack.baseUrl);
          const result = await session.run(block, code, BLOCK_TIMEOUT_SECONDS);
          const context = `\n--- stdout (end) ---\n${result.stdout.slice(-3000)}\n--- stderr (end) ---\n${result.stderr.slice(-3000)}`;
          assert.ok(
            !result.timedOut,
            `${document}:${block.fenceLine}: the block did not finish within ${BLOCK_TIMEOUT_SECONDS} s${context}`,
          );
          assert.deepEqual(result.failures, [], `${document}:${block.fenceLine}: a command failed${context}`);
          if (block.output) {
            const real = lastJsonDocument(result.stdout);
            assert.notEqual(
              real,
              undefined,
              `${document}:${block.output.line}: the block before it printed no JSON${context}`,
            );
            const mismatches = shownOutputProblems(block.output.json, real);
            assert.deepEqual(
              mismatches,
              [],
              `${document}:${block.output.line}: the output shown does not match ${JSON.stringify(real).slice(0, 2000)}`,
            );
            outputsChecked++;
          }
          ran++;
        }
      } finally {
        session.close();
        fs.rmSync(workDir, { recursive: true, force: true });
      }
      const left = [...filesOutsideTheRepository()].filter((file) => !filesBefore.has(file));
      assert.deepEqual(
        left,
        [],
        `${document}: its commands left these files in the working tree; write scratch files under T=$(mktemp -d)`,
      );
      const report = `${document}: ${ran} shell block(s) ran, ${skipped.length} marked skipped, ${outputsChecked} shown output(s) checked`;
      t.diagnostic(report);
      console.log(`[docs] ${report}`);
      assert.equal(ran, blocks.length - skipped.length, 'every unmarked block ran');
    });
  }
});
