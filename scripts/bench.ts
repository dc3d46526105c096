/**
 * `npm run bench`: performance figures for docs/performance.md. Not a test: it prints numbers.
 * Runs against a throwaway local stack with the API and worker as separate processes.
 *
 * Switches: BENCH_ONLY_SCENARIOS, BENCH_ONLY_WEBHOOKS (sizes: BENCH_WEBHOOK_EVENTS 5000, BENCH_WEBHOOK_STEADY_RATE 100,
 * BENCH_WEBHOOK_STEADY_SECONDS 60), BENCH_ONLY_INBOX, BENCH_ONLY_GOVERNANCE=1 (approval round trips, then the audit
 * export of BENCH_AUDIT_RECORDS records and its offline verification; a smoke run: BENCH_AUDIT_RECORDS=20000
 * BENCH_APPROVAL_DECISIONS=40), BENCH_ONLY_INTEGRATIONS=1 (full syncs of BENCH_HRIS_RECORDS records through the REST connector and
 * BENCH_WAREHOUSE_ROWS rows from the Postgres source), BENCH_ONLY_KPIS=1 (bulk ingestion of BENCH_KPI_POINTS points into one KPI,
 * then a year of them bucketed per day), BENCH_ONLY_MODELS=1 (POST /models/{id}/evaluate with BENCH_EVALUATE_ITEMS-item batches,
 * BENCH_EVALUATE_REQUESTS of them over 2 connections, beside the in-process zen-engine floor; then BENCH_SUITE_RUNS runs of a
 * 1,000-case test suite; then BENCH_SAVES (20) saves of a 500-rule model; then a replay of BENCH_REPLAY_RUNS (10,000) live runs against a
 * draft), BENCH_ONLY_SAVE=1 (only the saves: PUT /models/{id}/versions/1 of a 500-rule × 20-column table beside the same use
 * case in-process), BENCH_ONLY_REPLAY=1 (only that replay),
 * BENCH_ONLY_DMN=1 (a 100-rule, 5-input DMN decision table beside the equivalent JDM table in-process, then through
 * POST /models/{id}/evaluate in BENCH_EVALUATE_ITEMS-item batches), BENCH_ONLY_CLIENT=1 (the typed client: bundle size, cold
 * import, cost per call beside fetch; its size and import figures open every run), BENCH_ONLY_ISOLATION=1 (a dedicated-workers tenant's scenario creates, idle and while a
 * neighbour runs two batches and a sync: BENCH_ISOLATION_SECONDS 20, _BATCH_ITEMS 10000, _SYNC_RECORDS 100000), BENCH_ONLY_QUOTAS=1 (GET /me with and
 * without a counted api_requests volume quota), BENCH_ONLY_NOTIFICATIONS=1 (steps becoming actionable at
 * BENCH_NOTIFICATION_STEP_RATE (50)/s for BENCH_NOTIFICATION_STEP_SECONDS (30) s, commit → SMTP acceptance; then a burst of
 * BENCH_NOTIFICATION_BURST (2000) notifications: messages/s, copies, CPU per notification), BENCH_ONLY_SANDBOX=1 (another
 * tenant's evaluate, upload, policy create and GETs idle and beside a professional-plan tenant with BENCH_SANDBOX_HEAVY (8)
 * over-budget evaluations in flight and one dropped request a second, BENCH_SANDBOX_SECONDS (20) each),
 * BENCH_ONLY_EDITOR=1 (the model editor in Chromium: the page's load cold and warm (BENCH_EDITOR_LOADS (5) fresh
 * contexts), typing into and scrolling a 500-rule × 20-column table, BENCH_EDITOR_SAVES (20) saves of it, and
 * BENCH_EDITOR_SIMULATIONS (50) simulate calls on a 100-rule table; BENCH_EDITOR_PANEL_ONLY=1 for the simulator panel's
 * round trips alone, BENCH_EDITOR_PROFILE=file.cpuprofile for the page's CPU profile during them; not part of the
 * default run, which needs no browser),
 * BENCH_BUILD=1 (the API and worker from the production build, as the image runs them; else from source under tsx),
 * BENCH_ONLY_REALTIME=1 (real-time requests: /health, /me, one-item evaluations of a 20-rule JDM and DMN table and a built-in
 * model at 1 and 16 connections beside their in-process floors, CPU per request by process, then the same rows from
 * bombardier unless BENCH_REALTIME_INDEPENDENT=0),
 * BENCH_ONLY_ANALYSIS=1 (decision-table verification in-process, no stack: analyseVersion on 100 × 8 and 1,000 × 10 tables,
 * BENCH_ANALYSIS_RUNS (10) runs each, and generateCases on a 100-rule table; the default run opens with it),
 * BENCH_ONLY_INSTANCES=1 (decision instances: BENCH_INSTANCES (10,000,000) instances over 30 days in one tenant, seeded
 * with SQL (BENCH_INSTANCE_SEED_CONNECTIONS (2) statements at a time; BENCH_INSTANCE_CORRELATIONS distinct correlation
 * ids, default one per ten instances), then through HTTP beside the repository in-process: BENCH_INSTANCE_SEARCHES (300)
 * searches by correlation id and a version's rule hits over the 30 days; evaluate with recording off, all (buffered) and
 * all (durable) on identical published 20-rule tables, one item at 16 connections and BENCH_EVALUATE_ITEMS-item
 * batches, BENCH_INSTANCE_ROUNDS (2) rounds of the three; bytes per instance; then BENCH_INSTANCE_EXPIRED (as many as
 * BENCH_INSTANCES) instances expiring in March 2001 dropped by the retention pass; a smoke run: BENCH_INSTANCES=200000
 * BENCH_DURATION_SECONDS=3; not in the default run: seeding 10 million takes tens of minutes and about 11 GB),
 * BENCH_ONLY_ENVIRONMENTS=1 (environments: one-item evaluations of the real-time 20-rule JDM table naming no version
 * (unpinned key: production; a key pinned to staging; DMS-Environment: staging) and naming it, at 1 connection in
 * BENCH_ENVIRONMENT_ROUNDS (3) interleaved rounds and at 16, beside the in-process evaluation and BENCH_RESOLUTIONS
 * (20,000) in-process resolutions of each kind; then BENCH_DEPLOYMENTS (1,000) models released through review
 * (BENCH_DEPLOYMENT_SEED_CONNECTIONS (4) at a time) and promoted into staging, all effective at one instant
 * BENCH_DEPLOYMENT_LEAD_SECONDS (75) ahead: how late each is recorded active. BENCH_DEPLOYMENTS=0: the resolution's
 * figures alone; the same file also runs on a worktree of the code before environments (docs/performance.md); a
 * smoke run: BENCH_DEPLOYMENTS=20 BENCH_DURATION_SECONDS=2 BENCH_DEPLOYMENT_LEAD_SECONDS=20; in the full run after
 * the real-time requests),
 * BENCH_ONLY_WAITING=1 (on an API process of its own: BENCH_LONG_POLLS (1,000) concurrent `Prefer: wait` long-polls, their
 * memory, the event-loop lag while they wait and the wake-up latency from commit to answer, changes BENCH_LONG_POLL_SPACING_MS
 * (5) apart; then BENCH_STREAM_CLIENTS (100) event streams receiving a burst of BENCH_STREAM_EVENTS (5,000) events: delivery lag
 * and the API's CPU per event).
 */
import os from 'node:os';
import { issueApiKey } from '../db/repositories/api-keys';
import { createTenant } from '../db/repositories/tenants';
import { inTenantTransaction } from '../db/tenant-scope';
import { measureHttp, printLoadTable } from './bench/http-load';
import { benchBatch, benchScenarioCreates } from './bench/scenarios';
import { benchApprovals, benchAuditExport, benchInbox } from './bench/governance';
import { startBenchServices } from './bench/services';
import { benchWebhookDelivery } from './bench/webhooks';
import { benchIntegrationSyncs } from './bench/integrations';
import { benchKpis } from './bench/kpis';
import { benchModelEvaluation } from './bench/model-evaluation';
import { benchModelReplay } from './bench/model-replay';
import { benchDmnEvaluation } from './bench/dmn-evaluation';
import { benchNotifications, startBenchSmtpServer } from './bench/notifications';
import { benchClientCalls, benchClientPackage } from './bench/client';
import { benchUsageQuotas } from './bench/usage-quotas';
import { benchIsolation } from './bench/isolation';
import { benchSandboxFairness } from './bench/sandbox-fairness';
import { benchModelEditor } from './bench/model-editor';
import { benchModelSave } from './bench/model-save';
import { benchTableAnalysis } from './bench/table-analysis';
import { benchRealTime } from './bench/real-time';
import { benchDecisionInstances } from './bench/decision-instances';
import { benchEnvironments } from './bench/environments';
import { benchWaiting } from './bench/waiting';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SCENARIO_CONNECTIONS = Number(process.env.BENCH_SCENARIO_CONNECTIONS ?? 16);
const BATCH_ITEMS = Number(process.env.BENCH_BATCH_ITEMS ?? 10_000);
const WEBHOOK_EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 5000);
const WEBHOOK_STEADY_RATE = Number(process.env.BENCH_WEBHOOK_STEADY_RATE ?? 100);
const WEBHOOK_STEADY_SECONDS = Number(process.env.BENCH_WEBHOOK_STEADY_SECONDS ?? 60);
/** Only the webhook delivery figures (burst, steady rate, fan-out with a slow endpoint, scenario creates with subscriptions). */
const ONLY_WEBHOOKS = Boolean(process.env.BENCH_ONLY_WEBHOOKS);
/** Only the governance figures: audit export and its offline verification, approval round trips. */
const ONLY_GOVERNANCE = Boolean(process.env.BENCH_ONLY_GOVERNANCE);
const AUDIT_RECORDS = Number(process.env.BENCH_AUDIT_RECORDS ?? 1_000_000);
const APPROVERS = Number(process.env.BENCH_APPROVERS ?? 8);
const APPROVAL_DECISIONS = Number(process.env.BENCH_APPROVAL_DECISIONS ?? 400);
const INBOX_DECISIONS = Number(process.env.BENCH_INBOX_DECISIONS ?? 100_000);
const ONLY_INTEGRATIONS = Boolean(process.env.BENCH_ONLY_INTEGRATIONS);
const ONLY_KPIS = Boolean(process.env.BENCH_ONLY_KPIS);
const ONLY_MODELS = Boolean(process.env.BENCH_ONLY_MODELS);
const ONLY_REPLAY = Boolean(process.env.BENCH_ONLY_REPLAY);
/** Only the saves of a 500-rule model, through the API and in-process. */
const ONLY_SAVE = Boolean(process.env.BENCH_ONLY_SAVE);
const SAVES = Number(process.env.BENCH_SAVES ?? 20);
const ONLY_DMN = Boolean(process.env.BENCH_ONLY_DMN);
const ONLY_NOTIFICATIONS = Boolean(process.env.BENCH_ONLY_NOTIFICATIONS);
/** Only the typed client: its size, cold import, and its cost per call beside fetch. */
const ONLY_CLIENT = Boolean(process.env.BENCH_ONLY_CLIENT);
/** Only the cost of counting requests against a volume quota. */
const ONLY_QUOTAS = Boolean(process.env.BENCH_ONLY_QUOTAS);
/** Only the expression sandbox's fairness: another tenant's latencies beside a tenant saturating the sandbox. */
const ONLY_SANDBOX = Boolean(process.env.BENCH_ONLY_SANDBOX);
const SANDBOX = {
  seconds: Number(process.env.BENCH_SANDBOX_SECONDS ?? 20),
  heavy: Number(process.env.BENCH_SANDBOX_HEAVY ?? 8),
};
/** Only the real-time requests: /health, /me and one-item evaluations at 1 and 16 connections, then again from bombardier. */
const ONLY_REALTIME = Boolean(process.env.BENCH_ONLY_REALTIME);
const REALTIME = {
  durationSeconds: DURATION_SECONDS,
  independent: process.env.BENCH_REALTIME_INDEPENDENT !== '0',
};
/** Only the decision instances: recording's cost to evaluate, searches and rule hits over a seeded history, space, retention. */
const ONLY_INSTANCES = Boolean(process.env.BENCH_ONLY_INSTANCES);
const INSTANCE_COUNT = Number(process.env.BENCH_INSTANCES ?? 10_000_000);
const INSTANCES = {
  durationSeconds: DURATION_SECONDS,
  instances: INSTANCE_COUNT,
  correlations: Number(process.env.BENCH_INSTANCE_CORRELATIONS ?? Math.max(1, Math.round(INSTANCE_COUNT / 10))),
  expired: Number(process.env.BENCH_INSTANCE_EXPIRED ?? INSTANCE_COUNT),
  searches: Number(process.env.BENCH_INSTANCE_SEARCHES ?? 300),
  seedConnections: Number(process.env.BENCH_INSTANCE_SEED_CONNECTIONS ?? 2),
  batchItems: Number(process.env.BENCH_EVALUATE_ITEMS ?? 1000),
  rounds: Number(process.env.BENCH_INSTANCE_ROUNDS ?? 2),
};
/** Only the environments: the cost of resolving the caller's version, and many scheduled switches at one instant. */
const ONLY_ENVIRONMENTS = Boolean(process.env.BENCH_ONLY_ENVIRONMENTS);
const ENVIRONMENTS = {
  durationSeconds: DURATION_SECONDS,
  rounds: Number(process.env.BENCH_ENVIRONMENT_ROUNDS ?? 3),
  resolutions: Number(process.env.BENCH_RESOLUTIONS ?? 20_000),
  deployments: Number(process.env.BENCH_DEPLOYMENTS ?? 1000),
  leadSeconds: Number(process.env.BENCH_DEPLOYMENT_LEAD_SECONDS ?? 75),
  seedConnections: Number(process.env.BENCH_DEPLOYMENT_SEED_CONNECTIONS ?? 4),
};
/** Only the model editor's figures, in Chromium. */
const ONLY_EDITOR = Boolean(process.env.BENCH_ONLY_EDITOR);
const EDITOR = {
  loadRuns: Number(process.env.BENCH_EDITOR_LOADS ?? 5),
  saves: Number(process.env.BENCH_EDITOR_SAVES ?? 20),
  simulations: Number(process.env.BENCH_EDITOR_SIMULATIONS ?? 50),
  panelOnly: Boolean(process.env.BENCH_EDITOR_PANEL_ONLY),
  profilePath: process.env.BENCH_EDITOR_PROFILE || undefined,
};
/** Only the isolation of a tenant with dedicated workers from a neighbour's batches and sync. */
const ONLY_ISOLATION = Boolean(process.env.BENCH_ONLY_ISOLATION);
/** Only long-polls and event streams on an API process of their own. */
const ONLY_WAITING = Boolean(process.env.BENCH_ONLY_WAITING);
const WAITING = {
  longPolls: Number(process.env.BENCH_LONG_POLLS ?? 1000),
  spacingMs: Number(process.env.BENCH_LONG_POLL_SPACING_MS ?? 5),
  streamClients: Number(process.env.BENCH_STREAM_CLIENTS ?? 100),
  streamEvents: Number(process.env.BENCH_STREAM_EVENTS ?? 5000),
};
const ISOLATION = {
  seconds: Number(process.env.BENCH_ISOLATION_SECONDS ?? 20),
  batchItems: Number(process.env.BENCH_ISOLATION_BATCH_ITEMS ?? 10_000),
  syncRecords: Number(process.env.BENCH_ISOLATION_SYNC_RECORDS ?? 100_000),
};
const NOTIFICATIONS = {
  stepRate: Number(process.env.BENCH_NOTIFICATION_STEP_RATE ?? 50),
  stepSeconds: Number(process.env.BENCH_NOTIFICATION_STEP_SECONDS ?? 30),
  burst: Number(process.env.BENCH_NOTIFICATION_BURST ?? 2000),
};
const REPLAY_RUNS = Number(process.env.BENCH_REPLAY_RUNS ?? 10_000);
const EVALUATE_ITEMS = Number(process.env.BENCH_EVALUATE_ITEMS ?? 1000);
const EVALUATE_REQUESTS = Number(process.env.BENCH_EVALUATE_REQUESTS ?? 60);
const SUITE_RUNS = Number(process.env.BENCH_SUITE_RUNS ?? 20);
const KPI_POINTS = Number(process.env.BENCH_KPI_POINTS ?? 1_000_000);
const HRIS_RECORDS = Number(process.env.BENCH_HRIS_RECORDS ?? 100_000);
const WAREHOUSE_ROWS = Number(process.env.BENCH_WAREHOUSE_ROWS ?? 1_000_000);

async function main(): Promise<void> {
  console.log(
    `# Benchmark: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  );
  await benchTableAnalysis();
  if (process.env.BENCH_ONLY_ANALYSIS) return;
  await benchClientPackage();
  // Every email the service sends goes to an SMTP server in this process (as a provider's would), which times them.
  const smtp = await startBenchSmtpServer();
  // The isolation bench posts 10,000-item batches (about 1.7 MB of JSON).
  const services = await startBenchServices({
    worker: true,
    env: {
      SMTP_URL: smtp.url,
      // The decision-instance bench times the retention pass itself: the worker's own (at start, then daily) stays out of it.
      DECISION_INSTANCE_RETENTION_INTERVAL_MS: String(86_400_000),
      ...(ONLY_ISOLATION ? { BODY_LIMIT_BYTES: String(8 * 1024 * 1024), TENANT_WORKERS_CACHE_SECONDS: '1' } : {}),
    },
  });
  try {
    const tenant = await createTenant(services.db, {
      name: 'bench',
      plan: 'enterprise',
      rateLimitPerMinute: 10_000_000,
      rateLimitPerDay: 1_000_000_000,
    });
    const { record, key } = await inTenantTransaction(services.db, tenant.id, (scope) =>
      issueApiKey(
        scope,
        {
          name: 'bench',
          scopes: ['admin', 'scenarios:write', 'models:read', 'models:write', 'webhooks:write'],
          expiresAt: null,
        },
        { type: 'system', id: 'bench' },
      ),
    );
    const common = { connections: CONNECTIONS, durationSeconds: DURATION_SECONDS };
    // Warm-up: JIT, connection pools, prepared statements.
    await measureHttp({ label: 'warm-up', url: `${services.baseUrl}/health`, ...common, durationSeconds: 2 });
    await measureHttp({
      label: 'warm-up',
      url: `${services.baseUrl}/api/v1/api-keys/${record.id}`,
      headers: { authorization: `Bearer ${key}` },
      ...common,
      durationSeconds: 2,
    });

    if (ONLY_EDITOR) {
      await benchModelEditor(services, key, tenant.id, EDITOR);
      return;
    }
    if (ONLY_REALTIME) {
      await benchRealTime(services, REALTIME);
      return;
    }
    if (ONLY_INSTANCES) {
      await benchDecisionInstances(services, INSTANCES);
      return;
    }
    if (ONLY_ENVIRONMENTS) {
      await benchEnvironments(services, ENVIRONMENTS);
      return;
    }
    if (ONLY_SANDBOX) {
      await benchSandboxFairness(services, SANDBOX);
      return;
    }
    if (ONLY_ISOLATION) {
      await benchIsolation(services, ISOLATION);
      return;
    }
    if (ONLY_WAITING) {
      await benchWaiting(services, WAITING);
      return;
    }
    if (ONLY_QUOTAS) {
      await benchUsageQuotas(services, { connections: CONNECTIONS, durationSeconds: DURATION_SECONDS });
      return;
    }
    if (ONLY_CLIENT) {
      await benchClientCalls(services, key);
      return;
    }
    if (process.env.BENCH_ONLY_INBOX) {
      await benchInbox(services, {
        decisions: INBOX_DECISIONS,
        connections: CONNECTIONS,
        durationSeconds: DURATION_SECONDS,
      });
      return;
    }
    const evaluation = { items: EVALUATE_ITEMS, requests: EVALUATE_REQUESTS, connections: 2, suiteRuns: SUITE_RUNS };
    if (ONLY_DMN) {
      await benchDmnEvaluation(services, key, evaluation);
      return;
    }
    if (ONLY_NOTIFICATIONS) {
      await benchNotifications(services, smtp, NOTIFICATIONS);
      return;
    }
    if (ONLY_SAVE) {
      await benchModelSave(services, key, tenant.id, { saves: SAVES });
      return;
    }
    if (ONLY_MODELS || ONLY_REPLAY) {
      if (ONLY_MODELS) await benchModelEvaluation(services, key, evaluation);
      if (ONLY_MODELS) await benchModelSave(services, key, tenant.id, { saves: SAVES });
      await benchModelReplay(services, key, { runs: REPLAY_RUNS });
      return;
    }
    if (ONLY_KPIS) {
      await benchKpis(services, { points: KPI_POINTS });
      return;
    }
    if (ONLY_INTEGRATIONS) {
      await benchIntegrationSyncs(services, { hrisRecords: HRIS_RECORDS, warehouseRows: WAREHOUSE_ROWS });
      return;
    }
    if (ONLY_GOVERNANCE) {
      await benchGovernance(services);
      return;
    }
    const auth = { authorization: `Bearer ${key}` };
    for (const connections of process.env.BENCH_ONLY_SCENARIOS || ONLY_WEBHOOKS ? [] : [1, CONNECTIONS]) {
      const run = { connections, durationSeconds: DURATION_SECONDS };
      const health = await measureHttp({
        label: 'GET /health (no auth, no limits)',
        url: `${services.baseUrl}/health`,
        ...run,
      });
      const me = await measureHttp({
        label: 'GET /api/v1/me (auth + rate limits)',
        url: `${services.baseUrl}/api/v1/me`,
        headers: auth,
        ...run,
      });
      const read = await measureHttp({
        label: 'GET /api/v1/api-keys/{id} (auth + limits + tenant-scoped read)',
        url: `${services.baseUrl}/api/v1/api-keys/${record.id}`,
        headers: auth,
        ...run,
      });
      console.log(`\n## Authenticated request overhead: ${connections} connection(s), ${DURATION_SECONDS} s each\n`);
      printLoadTable([health, me, read]);
      console.log(
        `\nauth + limits: throughput ratio /me : /health = ${(me.requestsPerSecond / health.requestsPerSecond).toFixed(3)}; ` +
          `p50 overhead = ${(me.p50Ms - health.p50Ms).toFixed(2)} ms`,
      );
    }
    if (!ONLY_WEBHOOKS && !process.env.BENCH_ONLY_SCENARIOS) {
      await benchRealTime(services, REALTIME);
      await benchEnvironments(services, ENVIRONMENTS);
      await benchClientCalls(services, key);
      await benchUsageQuotas(services, { connections: CONNECTIONS, durationSeconds: DURATION_SECONDS });
    }
    if (!ONLY_WEBHOOKS) {
      await benchScenarioCreates(services, key, {
        connections: SCENARIO_CONNECTIONS,
        durationSeconds: DURATION_SECONDS,
      });
      await benchBatch(services, key, BATCH_ITEMS);
      if (process.env.BENCH_ONLY_SCENARIOS) return;
    }
    await benchWebhookDelivery(services, {
      events: WEBHOOK_EVENTS,
      steadyRate: WEBHOOK_STEADY_RATE,
      steadySeconds: WEBHOOK_STEADY_SECONDS,
      scenarioConnections: SCENARIO_CONNECTIONS,
      scenarioSeconds: DURATION_SECONDS,
    });
    if (!ONLY_WEBHOOKS) await benchGovernance(services);
    if (!ONLY_WEBHOOKS)
      await benchIntegrationSyncs(services, { hrisRecords: HRIS_RECORDS, warehouseRows: WAREHOUSE_ROWS });
    if (!ONLY_WEBHOOKS) await benchKpis(services, { points: KPI_POINTS });
    if (!ONLY_WEBHOOKS) await benchNotifications(services, smtp, NOTIFICATIONS);
    if (!ONLY_WEBHOOKS) {
      await benchModelEvaluation(services, key, evaluation);
      await benchModelSave(services, key, tenant.id, { saves: SAVES });
      await benchModelReplay(services, key, { runs: REPLAY_RUNS });
      await benchDmnEvaluation(services, key, evaluation);
    }
  } finally {
    await services.stop();
    await smtp.close();
  }
}

async function benchGovernance(services: Awaited<ReturnType<typeof startBenchServices>>): Promise<void> {
  await benchApprovals(services, { approvers: APPROVERS, decisions: APPROVAL_DECISIONS });
  await benchInbox(services, {
    decisions: INBOX_DECISIONS,
    connections: CONNECTIONS,
    durationSeconds: DURATION_SECONDS,
  });
  await benchAuditExport(services, AUDIT_RECORDS);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
