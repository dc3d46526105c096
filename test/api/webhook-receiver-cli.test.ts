import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { after, before, describe, it } from 'node:test';
import { writeStackState } from '../../core/stack-state';
import { call, createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** Lines the receiver prints, with a way to wait for one that matches. */
function watchOutput(child: ChildProcess) {
  const lines: string[] = [];
  const waiters: Array<{ pattern: RegExp; resolve: (line: string) => void }> = [];
  readline.createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    lines.push(line);
    for (const waiter of waiters.filter((w) => w.pattern.test(line))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(line);
    }
  });
  return {
    lines,
    waitFor(pattern: RegExp, timeoutMs = 20_000): Promise<string> {
      const seen = lines.find((line) => pattern.test(line));
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no line matching ${pattern} in:\n${lines.join('\n')}`)),
          timeoutMs,
        );
        waiters.push({ pattern, resolve: (line) => (clearTimeout(timer), resolve(line)) });
      });
    },
  };
}

describe('npm run webhook-receiver (the local receiver of the webhooks walk-through in docs/webhooks-and-events.md)', () => {
  let stack: TestStack;
  let tenant: TestTenant;

  before(async () => {
    // What npm start sets in development: plain http to this machine is allowed.
    stack = await startTestStack({
      worker: true,
      env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1,localhost', EVENT_RELAY_POLL_MS: '200' },
    });
    tenant = await createTestTenant(stack.db);
  });
  after(async () => stack.close());

  it('subscribes itself, prints verified deliveries, refuses a forged one, and unsubscribes on Ctrl-C', async () => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/webhook-receiver.ts',
        '--key',
        tenant.key,
        '--port',
        '0',
        '--base',
        `${stack.baseUrl}/api/v1`,
      ],
      { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const output = watchOutput(child);
      const subscribed = await output.waitFor(/^Subscribed whk_/);
      const webhookId = /whk_[0-9a-z]+/.exec(subscribed)?.[0] as string;
      const listening = await output.waitFor(/^Listening on /);
      const receiverUrl = /http:\/\/127\.0\.0\.1:\d+\//.exec(listening)?.[0] as string;

      const test = await call(stack.baseUrl, 'POST', `/api/v1/webhooks/${webhookId}/test`, { key: tenant.key });
      assert.equal(test.status, 202, JSON.stringify(test.body));
      const verified = await output.waitFor(/ verified {2}webhook\.test /);
      assert.ok(verified.includes(test.body.id), verified);

      // A delivery that was not signed with the subscription's secret is refused and reported as such.
      const forged = await fetch(receiverUrl, {
        method: 'POST',
        headers: {
          'webhook-id': 'msg_forged',
          'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
          'webhook-signature': 'v1,AAAA',
        },
        body: '{"type":"webhook.test"}',
      });
      assert.equal(forged.status, 401);
      await output.waitFor(/REFUSED {3}msg_forged/);

      child.kill('SIGINT');
      await output.waitFor(new RegExp(`^Unsubscribed ${webhookId}`));
      assert.equal(await exited, 0);
      const gone = await call(stack.baseUrl, 'GET', `/api/v1/webhooks/${webhookId}`, { key: tenant.key });
      assert.equal(gone.status, 404);
    } finally {
      child.kill('SIGKILL');
    }
  });
  it('finds the API of the npm start running on DATA_DIR without --base, and refuses a PORT in the shell that differs', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-receiver-stack-'));
    // What a running `npm start` leaves for a second terminal: its address in stack.json, its live pid in supervisor.pid.
    writeStackState(dataDir, { publicBaseUrl: stack.baseUrl });
    fs.writeFileSync(path.join(dataDir, 'supervisor.pid'), `${process.pid}\n`);
    const { PORT: _port, PUBLIC_BASE_URL: _publicBaseUrl, ...shell } = process.env;
    const args = ['--import', 'tsx', 'scripts/webhook-receiver.ts', '--key', tenant.key, '--port', '0'];
    try {
      const otherPort = new URL(stack.baseUrl).port === '3999' ? '3998' : '3999';
      const refused = spawnSync(process.execPath, args, {
        cwd: REPO_ROOT,
        env: { ...shell, DATA_DIR: dataDir, PORT: otherPort },
        encoding: 'utf8',
      });
      assert.equal(refused.status, 2, refused.stdout);
      assert.ok(
        refused.stderr.includes(`PORT (${otherPort}) in this shell does not match`) &&
          refused.stderr.includes(stack.baseUrl),
        refused.stderr,
      );

      const child = spawn(process.execPath, args, {
        cwd: REPO_ROOT,
        env: { ...shell, DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      try {
        const output = watchOutput(child);
        const subscribed = await output.waitFor(/^Subscribed whk_/, 60_000);
        const webhookId = /whk_[0-9a-z]+/.exec(subscribed)?.[0] as string;
        await output.waitFor(
          new RegExp(`curl .* ${stack.baseUrl.replace(/[.]/g, '\\.')}/api/v1/webhooks/${webhookId}/test`),
        );
        child.kill('SIGINT');
        await output.waitFor(new RegExp(`^Unsubscribed ${webhookId}`));
        assert.equal(await exited, 0);
      } finally {
        child.kill('SIGKILL');
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
