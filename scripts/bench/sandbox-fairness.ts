/**
 * Fairness of the expression sandbox (issue #37 item 1): another tenant's evaluate, model upload, approval-policy
 * create and plain GET latencies at idle, then while a professional-plan tenant keeps the sandbox busy at its full
 * plan rate: BENCH_SANDBOX_HEAVY (8) over-budget evaluations in flight at all times, plus one request a second that
 * its client drops after one second. The measured tenant runs one request after another (closed loop, one client).
 */
import crypto from 'node:crypto';
import { issueApiKey } from '../../db/repositories/api-keys';
import { createTenant } from '../../db/repositories/tenants';
import { inTenantTransaction } from '../../db/tenant-scope';
import type { Plan } from '../../core/plans';
import { discountExpressionModelBody as upload, SLOW_ON_DATA } from '../../test/fixtures/model-bodies';
import { percentile } from './http-load';
import type { BenchServices } from './services';

interface Tenant {
  id: string;
  key: string;
}

async function benchTenant(services: BenchServices, name: string, plan: Plan): Promise<Tenant> {
  const limits = plan === 'enterprise' ? { rateLimitPerMinute: 10_000_000, rateLimitPerDay: 1_000_000_000 } : {};
  const tenant = await createTenant(services.db, {
    name: `${name}-${crypto.randomBytes(3).toString('hex')}`,
    plan,
    ...limits,
  });
  const { key } = await inTenantTransaction(services.db, tenant.id, (scope) =>
    issueApiKey(
      scope,
      {
        name,
        scopes: [
          'admin',
          'models:read',
          'models:write',
          'scenarios:read',
          'kpis:read',
          'decisions:write',
          'decisions:read',
        ],
        expiresAt: null,
      },
      { type: 'system', id: 'bench' },
    ),
  );
  return { id: tenant.id, key };
}

async function send(
  baseUrl: string,
  tenant: Tenant,
  method: string,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<{ status: number; body: { id?: string } & Record<string, unknown> }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${tenant.key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(signal ? { signal } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text.startsWith('{') ? (JSON.parse(text) as { id?: string }) : {} };
}

type Probe = { label: string; run: (round: number) => Promise<number> };

interface Figures {
  label: string;
  requests: number;
  p50: number;
  p99: number;
  max: number;
  failed: number;
  statuses: string;
}

/** Each probe in turn, one request at a time, for `seconds`: latencies per probe, and any answer that is not 2xx. */
async function measure(probes: Probe[], seconds: number): Promise<Figures[]> {
  const latencies = new Map(probes.map((probe) => [probe.label, [] as number[]]));
  const statuses = new Map(probes.map((probe) => [probe.label, new Map<number, number>()]));
  const until = performance.now() + seconds * 1000;
  for (let round = 0; performance.now() < until; round += 1) {
    for (const probe of probes) {
      const started = performance.now();
      const status = await probe.run(round).catch(() => 0);
      latencies.get(probe.label)?.push(performance.now() - started);
      const counts = statuses.get(probe.label) as Map<number, number>;
      counts.set(status, (counts.get(status) ?? 0) + 1);
    }
  }
  return probes.map(({ label }) => {
    const sorted = (latencies.get(label) as number[]).sort((a, b) => a - b);
    const counts = statuses.get(label) as Map<number, number>;
    return {
      label,
      requests: sorted.length,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      max: sorted[sorted.length - 1] ?? Number.NaN,
      failed: [...counts].filter(([status]) => status < 200 || status >= 300).reduce((sum, [, n]) => sum + n, 0),
      statuses: [...counts].map(([status, n]) => `${status}×${n}`).join(' '),
    };
  });
}

/**
 * A professional-plan tenant keeping the sandbox busy at its full plan rate: `heavy` evaluations of a model that never
 * finishes within the budget in flight at all times (a refusal waited out for a second, as a well-behaved client
 * would), and one more every second that its client drops after one second (~1 process killed and replaced per
 * second). `stop()` ends it and tells what it was answered.
 */
export async function startNoisyTenant(services: BenchServices, heavy: number) {
  const { baseUrl } = services;
  const noisy = await benchTenant(services, 'noisy', 'professional');
  const slow = await send(
    baseUrl,
    noisy,
    'POST',
    '/api/v1/models',
    upload('Slow on large orders', `${SLOW_ON_DATA('order_total')} + 0.1`),
  );
  if (slow.status !== 201) throw new Error(`the noisy tenant's model upload answered ${slow.status}`);
  let stopping = false;
  const statuses = new Map<number | string, number>();
  const count = (status: number | string) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  const overBudget = { version: '1', inputs: { order_total: 10_000 } };
  const path = `/api/v1/models/${slow.body.id}/evaluate`;
  const heavyLoops = Array.from({ length: heavy }, async () => {
    while (!stopping) {
      const answer = await send(baseUrl, noisy, 'POST', path, overBudget).catch(() => ({ status: 0 }));
      count(answer.status);
      if (answer.status === 429) await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  });
  const dropper = (async () => {
    while (!stopping) {
      void send(baseUrl, noisy, 'POST', path, overBudget, AbortSignal.timeout(1000)).then(
        (answer) => count(answer.status),
        () => count('dropped'),
      );
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  })();
  return {
    async stop() {
      stopping = true;
      await Promise.all([...heavyLoops, dropper]);
      return statuses;
    },
  };
}

export async function benchSandboxFairness(
  services: BenchServices,
  options: { seconds: number; heavy: number },
): Promise<void> {
  const { baseUrl } = services;
  const quiet = await benchTenant(services, 'quiet', 'enterprise');
  const quick = await send(baseUrl, quiet, 'POST', '/api/v1/models', upload('Discount', 'order_total > 100 ? 0.1 : 0'));
  if (quick.status !== 201) throw new Error(`the model upload answered ${quick.status}`);
  const step = {
    name: 'Finance',
    approvals_required: 1,
    approvers: { role: 'admin' },
    sla: 'P2D',
    condition: 'total_cost > 5',
  };
  const probes: Probe[] = [
    {
      label: 'POST /models/{id}/evaluate',
      run: async (n) =>
        (
          await send(baseUrl, quiet, 'POST', `/api/v1/models/${quick.body.id}/evaluate`, {
            version: '1',
            inputs: { order_total: 50 + n },
          })
        ).status,
    },
    {
      label: 'POST /models (upload, dry run)',
      run: async (n) =>
        (await send(baseUrl, quiet, 'POST', '/api/v1/models', upload(`Discount ${n}`, 'order_total > 100 ? 0.1 : 0')))
          .status,
    },
    {
      label: 'POST /approval-policies (condition)',
      run: async (n) =>
        (await send(baseUrl, quiet, 'POST', '/api/v1/approval-policies', { name: `Capital ${n}`, steps: [step] }))
          .status,
    },
    { label: 'GET /scenarios', run: async () => (await send(baseUrl, quiet, 'GET', '/api/v1/scenarios')).status },
    { label: 'GET /kpis', run: async () => (await send(baseUrl, quiet, 'GET', '/api/v1/kpis')).status },
  ];

  await measure(probes, 3);
  const idle = await measure(probes, options.seconds);

  const noisyTenant = await startNoisyTenant(services, options.heavy);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const loaded = await measure(probes, options.seconds);
  const sandboxAfter = await send(baseUrl, quiet, 'GET', '/health');
  const noisyStatuses = await noisyTenant.stop();

  console.log(
    `\nExpression sandbox fairness: another tenant's requests, idle and beside a professional-plan tenant with ${options.heavy} over-budget evaluations in flight and one dropped request a second (${options.seconds} s each)`,
  );
  console.table(
    idle.map((before, index) => {
      const during = loaded[index] as Figures;
      return {
        request: before.label,
        'idle p50 ms': before.p50.toFixed(1),
        'idle p99 ms': before.p99.toFixed(1),
        'loaded p50 ms': during.p50.toFixed(1),
        'loaded p99 ms': during.p99.toFixed(1),
        'loaded max ms': during.max.toFixed(1),
        'p99 ratio': (during.p99 / before.p99).toFixed(2),
        'loaded answers': during.statuses,
      };
    }),
  );
  console.log(
    `noisy tenant's answers: ${[...noisyStatuses].map(([status, n]) => `${status}×${n}`).join(' ')}; /health after: ${sandboxAfter.status}`,
  );
}
