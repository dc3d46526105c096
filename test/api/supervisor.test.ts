import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { readStackState, type StackProcessName } from '../../core/stack-state';
import { findFreePort } from '../../scripts/stack/ports';
import { isProcessAlive, waitForExit } from '../../scripts/stack/processes';
import { browserUnavailable, launchChromium, screenshotPath } from '../helpers/real-browser';

/**
 * `npm start` as a user runs it, on its own DATA_DIR and ports (its own embedded Postgres, Temporal dev server and
 * Mailpit, not the test run's): every process it runs is killed outright in turn and must come back, the API
 * answering again each time; then Ctrl-C (SIGINT) must stop everything.
 */

const REPO_ROOT = path.resolve(__dirname, '../..');

describe('npm start supervises its processes', () => {
  let dataDir: string;
  let supervisor: ChildProcess;
  let output = '';
  let baseUrl: string;

  const pids = () => readStackState(dataDir).pids ?? {};

  async function waitUntil(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (
      !(await Promise.resolve()
        .then(check)
        .catch(() => false))
    ) {
      if (Date.now() > deadline)
        throw new Error(`timed out waiting until ${what}; supervisor output:\n${output.slice(-4000)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  const apiAnswers = async (): Promise<boolean> => {
    const ready = await fetch(`${baseUrl}/ready`, { signal: AbortSignal.timeout(3000) });
    const key = /Demo API key\s+(\S+)/.exec(output)?.[1];
    if (ready.status !== 200 || !key) return false;
    const me = await fetch(`${baseUrl}/api/v1/me`, {
      headers: { authorization: `Bearer ${key}` },
      signal: AbortSignal.timeout(3000),
    });
    return me.status === 200;
  };

  /** SIGKILL (no chance to clean up, as a crash), then a new process with a new pid, and the API answering. */
  async function killAndExpectRestart(name: StackProcessName): Promise<void> {
    const pid = pids()[name];
    assert.ok(pid && isProcessAlive(pid), `${name} runs (${pid})`);
    process.kill(pid, 'SIGKILL');
    await waitUntil(`${name} is restarted`, () => {
      const next = pids()[name];
      return next !== undefined && next !== pid && isProcessAlive(next);
    });
    assert.match(
      output,
      new RegExp(
        `${name === 'api' ? 'API' : name === 'worker' ? 'worker' : name === 'postgres' ? 'Postgres' : name === 'mailpit' ? 'Mailpit' : 'Temporal'} exited unexpectedly \\(SIGKILL\\); restarting`,
        'i',
      ),
    );
    await waitUntil('the API answers again', apiAnswers);
  }

  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-supervisor-'));
    // When we run as root, Postgres runs as the unprivileged "postgres" user and must enter it.
    fs.chmodSync(dataDir, 0o711);
    const port = await findFreePort();
    baseUrl = `http://127.0.0.1:${port}`;
    // Not the test run's shared stack: this supervisor starts (and kills) its own.
    const {
      DATABASE_URL: _database,
      TEMPORAL_ADDRESS: _temporal,
      SMTP_URL: _smtp,
      MAILPIT_URL: _mailpit,
      ...env
    } = process.env;
    supervisor = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'scripts/start.ts')], {
      cwd: REPO_ROOT,
      env: {
        ...env,
        PORT: String(port),
        TEMPORAL_PORT: String(await findFreePort()),
        TEMPORAL_UI_PORT: String(await findFreePort()),
        EMBEDDED_PG_PORT: String(await findFreePort()),
        MAILPIT_SMTP_PORT: String(await findFreePort()),
        MAILPIT_UI_PORT: String(await findFreePort()),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    supervisor.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    supervisor.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    // Generous: a first start migrates and bundles the workflows, slow on a loaded machine; the condition ends the wait.
    await waitUntil('the stack is up', apiAnswers, 240_000);
  });

  after(async () => {
    if (supervisor.exitCode === null && supervisor.signalCode === null) {
      supervisor.kill('SIGINT');
      await waitForExit(supervisor);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    "shows the mails the service sent in a browser at the banner's Mailpit address",
    { skip: browserUnavailable() },
    async () => {
      const mailpitUrl = new RegExp('Mailpit\\s+(http://\\S+)').exec(output)?.[1];
      assert.ok(mailpitUrl, `the banner names Mailpit's address:\n${output}`);
      const key = /Demo API key\s+(\S+)/.exec(output)?.[1];
      const email = `newcomer-${Date.now()}@example.test`;
      const invited = await fetch(`${baseUrl}/api/v1/users`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email, display_name: 'New Comer', role: 'viewer' }),
      });
      assert.equal(invited.status, 201, await invited.text());
      let subject: string | undefined;
      await waitUntil('the invitation reached Mailpit', async () => {
        const found = (await (
          await fetch(`${mailpitUrl}/api/v1/search?query=${encodeURIComponent(`to:"${email}"`)}`)
        ).json()) as { messages: { Subject: string }[] };
        subject = found.messages[0]?.Subject;
        return subject !== undefined;
      });
      const browser = await launchChromium();
      try {
        const page = await browser.newPage();
        await page.goto(mailpitUrl);
        // Mailpit's web UI lists the message (its bundle embedded in the binary; without it the page stays blank).
        const listed = page.getByText(subject as string).first();
        try {
          await listed.waitFor({ state: 'visible', timeout: 60_000 });
        } catch (error) {
          await page.screenshot({ path: screenshotPath('mailpit-inbox'), fullPage: true });
          throw error;
        }
        await listed.click();
        await page.getByText(email).first().waitFor({ state: 'visible', timeout: 60_000 });
      } finally {
        await browser.close();
      }
    },
  );

  it('restarts a killed worker, API, Postgres, Temporal and Mailpit, and stops everything on SIGINT', async () => {
    const first = pids();
    for (const name of ['api', 'worker', 'postgres', 'temporal', 'mailpit'] as const)
      assert.ok(first[name], `stack.json records the ${name} pid`);
    const state = readStackState(dataDir);
    assert.match(
      state.smtpUrl ?? '',
      /^smtp:\/\/127\.0\.0\.1:\d+$/,
      'without SMTP_URL, npm start runs its own Mailpit',
    );
    assert.match(output, new RegExp(`Mailpit\\s+${state.mailpitUrl}`), 'the banner shows the web UI');
    const info = await fetch(`${state.mailpitUrl}/api/v1/info`);
    assert.equal(info.status, 200);

    await killAndExpectRestart('worker');
    await killAndExpectRestart('api');
    await killAndExpectRestart('postgres');
    await killAndExpectRestart('temporal');
    await killAndExpectRestart('mailpit');
    assert.equal(supervisor.exitCode, null, 'the supervisor kept running');

    const last = Object.values(pids());
    supervisor.kill('SIGINT');
    const status = await waitForExit(supervisor);
    assert.equal(status.code, 0, output.slice(-2000));
    for (const pid of last) assert.equal(isProcessAlive(pid), false, `pid ${pid} stopped`);
    assert.match(output, /\[start\] stopped/);
  });
});
