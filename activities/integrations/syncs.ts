import { ApplicationFailure, CancelledFailure, Context } from '@temporalio/activity';
import type { Knex } from 'knex';
import type { WebhookConfig } from '../../core/config';
import { decryptCredentials } from '../../core/connector-credentials';
import type { Logger } from '../../core/logger';
import { syncEventData, type IntegrationSyncRecord } from '../../db/records/integration-sync';
import { recordEvent } from '../../db/repositories/events';
import { reactInTransaction } from '../../db/repositories/in-transaction-reactions';
import {
  findSync,
  insertRejections,
  markUnseenDeleted,
  recordSyncPage,
  RUNNING_SYNC_STATUSES,
  updateSync,
  upsertDatasetPage,
  type MappedRow,
  type Rejection,
} from '../../db/repositories/integration-syncs';
import { createUploadSource } from '../../db/repositories/integration-uploads';
import { resolveDatasetDefinition } from '../../db/repositories/dataset-definitions';
import { findFieldMappingVersion, findIntegrationIncludingDeleted } from '../../db/repositories/integrations';
import { consumeUsage } from '../../db/repositories/usage-quotas';
import { inTenantTransaction } from '../../db/tenant-scope';
import {
  CONNECTORS,
  ConnectorError,
  type Connector,
  type ConnectorEnvironment,
  type RecordPage,
  type ResolveHost,
} from '../../integrations/connectors';
import { systemResolveHost } from '../../integrations/connectors/network';
import { compileMapping, type FieldMappingDefinition, type MappedRecord } from '../../integrations/field-mapping';
import type { DatasetDefinition } from '../../integrations/datasets';
import { BudgetExceededError, type ExpressionSandbox } from '../../integrations/expression-sandbox';
import { contentHash, readAhead } from '../../integrations/syncs';
import { addFill, fillOf, fillRateWarnings } from '../../integrations/fill-rates';
import { previousCompletedFill } from '../../db/repositories/integration-sync-control';
import {
  DEFAULT_FILL_RATE_GUARD,
  type FailIntegrationSyncInput,
  type RunIntegrationSyncInput,
} from '../../workflows/integrations/contracts-syncs';
import { keepHeartbeating } from '../heartbeat';

/** Maps a page of source records, in order. */
type PageMapper = (records: Array<Record<string, unknown>>) => Promise<MappedRecord[]>;

/**
 * How a sync maps its pages. A mapping with expressions (tenant code) maps each page in the expression sandbox, one
 * call per page within EXPRESSION_BUDGET_MS: a page past it fails the sync for good (a business error recorded on
 * the sync, not a retried or stuck activity). A mapping without expressions runs only our own bounded code (renames,
 * casts, value maps, date formats, concatenations): it maps in-process, compiled once.
 */
function pageMapper(
  sandbox: ExpressionSandbox,
  definition: FieldMappingDefinition,
  target: DatasetDefinition,
): PageMapper {
  const expressions = Object.entries(definition.fields).flatMap(([name, field]) =>
    (field.transforms ?? []).flatMap((transform, index) =>
      transform.type === 'expression' ? [`/fields/${name}/transforms/${index}/expression`] : [],
    ),
  );
  if (expressions.length === 0) {
    const compiled = compileMapping(definition, target);
    return async (records) => records.map((record) => compiled.map(record));
  }
  return async (records) => {
    try {
      return await sandbox.run('mapRecords', { mapping: definition, target, records, mark: false });
    } catch (error) {
      if (!(error instanceof BudgetExceededError)) throw error;
      throw ApplicationFailure.create({
        type: 'ExpressionBudgetExceeded',
        message: `Mapping a page of ${records.length} records took longer than the ${error.budgetMs} ms budget for tenant expressions (EXPRESSION_BUDGET_MS); simplify the mapping's expressions (${expressions.join(', ')}).`,
        nonRetryable: true,
      });
    }
  };
}

/** Maps each page's records: the rows to upsert (one per primary key) and the records the mapping refused. */
async function* mapPages(pages: AsyncIterable<RecordPage>, mapPage: PageMapper, primaryKeyField: string) {
  for await (const page of pages) {
    const rows = new Map<string, MappedRow>();
    const rejections: Rejection[] = [];
    const mapped = await mapPage(page.records);
    for (const [index, source] of page.records.entries()) {
      const { record, errors } = mapped[index] as MappedRecord;
      const key = record[primaryKeyField];
      const primaryKey = key === null || key === undefined ? null : String(key);
      if (errors.length > 0 || primaryKey === null) rejections.push({ primaryKey, sourceRecord: source, errors });
      // The same key twice in one page (an inclusive cursor re-read): the later version wins.
      else rows.set(primaryKey, { primaryKey, data: record, contentHash: contentHash(record) });
    }
    // Source rows that were not records at all (a broken CSV row): rejected with their line.
    for (const broken of page.rejected ?? []) {
      rejections.push({
        primaryKey: null,
        sourceRecord: { line: broken.line, ...(broken.raw !== undefined ? { raw: broken.raw } : {}) },
        errors: [{ path: '', message: `line ${broken.line}: ${broken.message}` }],
      });
    }
    yield { page, rows: [...rows.values()], rejections };
  }
}

export interface IntegrationSyncActivityDeps {
  db: Knex;
  logger: Logger;
  webhooks: WebhookConfig;
  resolveHost?: ResolveHost;
  sandbox: ExpressionSandbox;
}

/** A source's refusal, as the workflow sees it: retried only when the connector says it may pass. */
function sourceFailure(message: string, retryable: boolean): ApplicationFailure {
  return ApplicationFailure.create({ type: 'ConnectorError', message, nonRetryable: !retryable });
}

type SyncHeartbeat = ReturnType<typeof keepHeartbeating<{ pages_committed: number; state: unknown }>>;

/** The sync, its integration, field mapping and target dataset, read together; a queued sync starts syncing. */
async function startSync(db: Knex, input: RunIntegrationSyncInput) {
  const { tenantId, syncId } = input;
  return inTenantTransaction(db, tenantId, async (scope) => {
    const sync = await findSync(scope, syncId, { forUpdate: true });
    if (!sync || !RUNNING_SYNC_STATUSES.includes(sync.status)) return undefined;
    const integration = await findIntegrationIncludingDeleted(scope, sync.integration_id);
    const mapping = await findFieldMappingVersion(scope, sync.integration_id, sync.mapping_version);
    const target = await resolveDatasetDefinition(scope, sync.dataset);
    let current = sync;
    if (sync.status === 'queued') {
      current = await updateSync(scope, syncId, { status: 'syncing', started_at: new Date() });
      await recordEvent(scope, 'integration.sync.started', syncEventData(current));
    }
    return { sync: current, integration, mapping, target };
  });
}

type SyncSetup = NonNullable<Awaited<ReturnType<typeof startSync>>>;

/** What reading the source needs: the integration's decrypted credentials, its connector and the page mapper. */
function prepareSource(deps: IntegrationSyncActivityDeps, setup: SyncSetup) {
  const { integration, mapping, target, sync } = setup;
  if (!integration || !mapping) throw sourceFailure('the integration or its field mapping no longer exists', false);
  if (!target) throw sourceFailure(`the dataset ${sync.dataset} no longer exists`, false);
  if (integration.deleted_at) throw sourceFailure('the integration was deleted', false);
  let credentials: Record<string, string> = {};
  if (integration.credentials_ciphertext && integration.credentials_key_id) {
    try {
      credentials = decryptCredentials(
        { ciphertext: integration.credentials_ciphertext, keyId: integration.credentials_key_id },
        [deps.webhooks.secretEncryptionKey, ...(deps.webhooks.previousSecretEncryptionKeys ?? [])],
      );
    } catch {
      throw sourceFailure(
        `the stored credentials were encrypted with key ${integration.credentials_key_id}, which is not configured: send them again`,
        false,
      );
    }
  }
  const connector = CONNECTORS[integration.connector_type] as Connector<Record<string, unknown>> | undefined;
  if (!connector) throw sourceFailure(`unknown connector type ${integration.connector_type}`, false);
  const definition: FieldMappingDefinition = {
    stream: mapping.stream,
    target: mapping.target,
    fields: mapping.fields as FieldMappingDefinition['fields'],
  };
  const mapPage = pageMapper(deps.sandbox, definition, target);
  const primaryKeyField = target.primaryKey;
  const mappedFields = Object.keys(definition.fields);
  return { integration, credentials, connector, mapPage, primaryKeyField, mappedFields };
}

type SyncSource = ReturnType<typeof prepareSource>;

/** Commits one mapped page in one transaction, conditional on the page count this attempt started from. */
async function commitPage(
  db: Knex,
  { tenantId, syncId }: RunIntegrationSyncInput,
  sync: IntegrationSyncRecord,
  mappedFields: string[],
  { page, rows, rejections }: { page: RecordPage; rows: MappedRow[]; rejections: Rejection[] },
): Promise<IntegrationSyncRecord> {
  // The data-quality guard's counters, accumulated in the page's own transaction.
  const fill = addFill(
    sync.field_fill,
    fillOf(
      mappedFields,
      rows.map((row) => row.data),
    ),
  );
  return inTenantTransaction(db, tenantId, async (scope) => {
    const counts = await upsertDatasetPage(scope, {
      dataset: sync.dataset,
      integrationId: sync.integration_id,
      syncId,
      rows,
    });
    await insertRejections(scope, syncId, rejections);
    // Counted with the page it writes (the tenant's volume quota on records synced; never cut off part-way).
    await consumeUsage(scope, 'records_synced', counts.inserted + counts.updated);
    const recorded = await recordSyncPage(scope, syncId, sync.pages_committed, {
      counts: {
        read: page.records.length + (page.rejected?.length ?? 0),
        inserted: counts.inserted,
        updated: counts.updated,
        unchanged: counts.unchanged,
        rejected: rejections.length,
      },
      state: page.state,
      fieldFill: fill,
    });
    // Another attempt committed meanwhile, or the sync was ended: this page is rolled back, not applied twice.
    if (!recorded)
      throw ApplicationFailure.create({
        type: 'SyncSuperseded',
        message: 'the sync moved on without this attempt',
        nonRetryable: true,
      });
    return (await findSync(scope, syncId)) as IntegrationSyncRecord;
  });
}

/** Reads, maps and commits the stream's pages from the sync's read state; returns the sync after its last page. */
async function syncPages(
  deps: IntegrationSyncActivityDeps,
  environment: ConnectorEnvironment,
  input: RunIntegrationSyncInput,
  start: IntegrationSyncRecord,
  source: SyncSource,
  heartbeat: SyncHeartbeat,
): Promise<IntegrationSyncRecord> {
  const { tenantId } = input;
  const { integration, credentials, connector, mapPage, primaryKeyField, mappedFields } = source;
  let sync = start;
  try {
    const uploads = createUploadSource(deps.db, tenantId, integration.id);
    const pages = connector.read(
      integration.config,
      credentials,
      { ...environment, uploads },
      { stream: sync.stream, state: sync.state ?? sync.start_state, pageSize: sync.page_size },
    );
    // Page N+1 is read and mapped while page N is being committed.
    for await (const mapped of readAhead(mapPages(pages, mapPage, primaryKeyField))) {
      sync = await commitPage(deps.db, input, sync, mappedFields, mapped);
      heartbeat.beat({ pages_committed: sync.pages_committed, state: mapped.page.state });
      // Cancellation arrives with a heartbeat's answer: stop here, between two committed pages.
      if (Context.current().cancellationSignal.aborted) throw new CancelledFailure('the sync was cancelled');
    }
  } catch (error) {
    if (error instanceof ConnectorError) throw sourceFailure(error.message, error.options.retryable);
    throw error;
  }
  return sync;
}

/** Ends a sync whose pages are all committed: unseen rows deleted (full mode), fill-rate warnings, completion event. */
async function completeSync(db: Knex, input: RunIntegrationSyncInput, sync: IntegrationSyncRecord): Promise<void> {
  const { tenantId, syncId } = input;
  await inTenantTransaction(db, tenantId, async (scope) => {
    const current = await findSync(scope, syncId, { forUpdate: true });
    if (!current || current.status !== 'syncing' || current.pages_committed !== sync.pages_committed) return;
    const deleted =
      current.mode === 'full'
        ? await markUnseenDeleted(scope, { dataset: current.dataset, integrationId: current.integration_id, syncId })
        : 0;
    const warnings = fillRateWarnings(
      await previousCompletedFill(scope, current),
      current.field_fill,
      input.fillRateGuard ?? DEFAULT_FILL_RATE_GUARD,
    );
    const finished = await updateSync(
      scope,
      syncId,
      {
        status: current.records_rejected > 0 || warnings.length > 0 ? 'partially_completed' : 'completed',
        warnings,
        records_deleted: deleted,
        state: current.state ?? current.start_state,
        completed_at: new Date(),
      },
      { writtenNow: deleted > 0 },
    );
    // `dataset` KPIs of this dataset take their new value in the same transaction as the sync's completion
    // (an in-transaction reaction: db/repositories/in-transaction-reactions.ts).
    await reactInTransaction(scope, await recordEvent(scope, 'integration.sync.completed', syncEventData(finished)));
  });
}

export function createIntegrationSyncActivities(deps: IntegrationSyncActivityDeps) {
  const { db } = deps;
  const environment: ConnectorEnvironment = {
    allowedHosts: deps.webhooks.allowedHosts,
    requireHttps: deps.webhooks.requireHttps,
    resolveHost: deps.resolveHost ?? systemResolveHost,
    timeoutMs: deps.webhooks.timeoutMs,
    maxRetries: 3,
  };

  return {
    /**
     * Reads the sync's stream from the state of its last committed page (or from its start state) and commits each
     * page in one transaction: the mapped records upserted in bulk, the rejections, the counts and the new read state.
     * The update is conditional on the page count this attempt started from, so an attempt that lost its lease (a
     * worker presumed dead that was not) cannot commit a page twice. Heartbeats once per committed page (its details:
     * the pages committed and the read state) and on a timer while a slow page is read, so a dead worker's sync moves to
     * a live one within the heartbeat timeout; the retry resumes from the committed state in Postgres, which the
     * details only mirror.
     */
    async runIntegrationSync(input: RunIntegrationSyncInput): Promise<void> {
      const heartbeat = keepHeartbeating<{ pages_committed: number; state: unknown }>();
      try {
        const { tenantId, syncId } = input;
        const setup = await startSync(db, input);
        if (!setup) return;
        const source = prepareSource(deps, setup);
        const sync = await syncPages(deps, environment, input, setup.sync, source, heartbeat);
        await completeSync(db, input, sync);
        deps.logger.info(
          { tenant_id: tenantId, sync_id: syncId, pages: sync.pages_committed, records: sync.records_read },
          'integration sync completed',
        );
      } finally {
        heartbeat.stop();
      }
    },

    /** Every attempt failed: the sync says why, and the pages committed so far stay. */
    async failIntegrationSync(input: FailIntegrationSyncInput): Promise<void> {
      await inTenantTransaction(db, input.tenantId, async (scope) => {
        const current = await findSync(scope, input.syncId, { forUpdate: true });
        if (!current || !RUNNING_SYNC_STATUSES.includes(current.status)) return;
        const failed = await updateSync(scope, input.syncId, {
          status: 'failed',
          error: { code: 'sync_failed', detail: input.detail },
          completed_at: new Date(),
        });
        await recordEvent(scope, 'integration.sync.failed', syncEventData(failed));
      });
    },
  };
}
