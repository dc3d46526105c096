import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { Cron } from 'croner';
import type { Knex } from 'knex';
import { notFound, validationFailed, type FieldError } from '../../core/app-error';
import type { AuditAction } from '../../core/audit-actions';
import type { Config } from '../../core/config';
import { decryptCredentials, encryptCredentials, type ConnectorCredentials } from '../../core/connector-credentials';
import { connectorFailed } from '../../core/errors';
import { isIdOf, newId } from '../../core/ids';
import type { Logger } from '../../core/logger';
import type { PageRequest } from '../../db/pagination';
import type { Client } from '@temporalio/client';
import type { IntegrationFieldMappingRecord, IntegrationRecord, IntegrationSchedule, IntegrationStatus } from '../../db/records/integration';
import { createIntegrationSchedules, integrationScheduleId } from './start-schedules';
import { requestIntegrationScheduleChange } from '../../db/repositories/schedule-reconciliation';
import { appendAuditRecord } from '../../db/repositories/audit-log';
import { createUploadSource } from '../../db/repositories/integration-uploads';
import { resolveDatasetDefinition } from '../../db/repositories/dataset-definitions';
import { findCurrentFieldMapping, findIntegration, insertFieldMappingVersion, insertIntegration, listIntegrations, updateIntegration } from '../../db/repositories/integrations';
import { inTenantTransaction, type TenantScope } from '../../db/tenant-scope';
import { CONNECTORS, ConnectorError, type Connector, type ConnectorEnvironment, type RecordPage } from '../../integrations/connectors';
import { systemResolveHost } from '../../integrations/connectors/network';
import type { FieldMappingDefinition, MappedRecord } from '../../integrations/field-mapping';
import { BudgetExceededError, budgetFieldError, type ExpressionSandbox } from '../../integrations/expression-sandbox';
import type { RequestContext } from '../context';
import { addRequestFormats, toFieldErrors } from '../openapi/validators';

export interface IntegrationCreate {
  name: string;
  connector_type: string;
  config: Record<string, unknown>;
  credentials?: ConnectorCredentials;
  status?: IntegrationStatus;
  schedule?: ScheduleBody | null;
}

/** A schedule as the API takes it: exactly one of `cron` and `interval_seconds`. */
export interface ScheduleBody {
  cron?: string;
  interval_seconds?: number;
  mode?: 'full' | 'incremental';
  timezone?: string;
}

export type IntegrationUpdate = Partial<Omit<IntegrationCreate, 'connector_type'>>;

export function presentSchedule(schedule: IntegrationSchedule | null) {
  if (!schedule) return null;
  return { cron: schedule.cron ?? null, interval_seconds: schedule.interval_seconds ?? null, mode: schedule.mode, timezone: schedule.timezone ?? null };
}

// Five fields (minute hour day-of-month month day-of-week) as Temporal's cron takes them: numbers, `*`, ranges, lists,
// steps, and month and day names in their fields (not croner's L, W, ? or #, which Temporal refuses); croner checks what
// each field means, so a schedule Temporal would refuse is a 422 at write time, without asking Temporal.
const CRON_FIELD = /^[0-9A-Za-z*,/-]+$/;
const CRON_NAMES: ReadonlyArray<readonly string[]> = [
  [],
  [],
  [],
  ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'],
  ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'],
];

function cronProblem(fields: string[]): string | null {
  if (fields.length !== 5 || !fields.every((field) => CRON_FIELD.test(field))) return 'not five fields of digits, names, *, -, / and ,';
  for (const [index, field] of fields.entries()) {
    const unknown = (field.match(/[A-Za-z]+/g) ?? []).find((name) => !CRON_NAMES[index]?.includes(name.toUpperCase()));
    if (unknown !== undefined) return `"${unknown}" is not a name this field takes`;
  }
  try {
    new Cron(fields.join(' '), { paused: true });
    return null;
  } catch (error) {
    return (error as Error).message.replace(/^CronPattern: /, '');
  }
}

/** The schedule to store, or the field errors under /schedule. */
export function checkSchedule(body: ScheduleBody, minIntervalSeconds: number): IntegrationSchedule {
  const errors: FieldError[] = [];
  const hasCron = body.cron !== undefined;
  const hasInterval = body.interval_seconds !== undefined;
  if (hasCron === hasInterval) errors.push({ path: '/schedule', message: 'must have exactly one of cron and interval_seconds' });
  if (hasCron) {
    const fields = (body.cron as string).trim().split(/\s+/);
    const problem = cronProblem(fields);
    if (problem !== null) {
      errors.push({ path: '/schedule/cron', message: `must be a five-field cron expression (minute hour day-of-month month day-of-week), e.g. "0 2 * * *" (${problem})` });
    }
  }
  if (hasInterval && (body.interval_seconds as number) < minIntervalSeconds) {
    errors.push({ path: '/schedule/interval_seconds', message: `must be >= ${minIntervalSeconds} (INTEGRATION_SCHEDULE_MIN_INTERVAL_SECONDS)` });
  }
  if (body.timezone !== undefined) {
    if (!hasCron) errors.push({ path: '/schedule/timezone', message: 'applies to cron schedules only' });
    else {
      try {
        new Intl.DateTimeFormat('en', { timeZone: body.timezone });
      } catch {
        errors.push({ path: '/schedule/timezone', message: 'must be an IANA time zone name, e.g. "Europe/Berlin"' });
      }
    }
  }
  if (errors.length > 0) throw validationFailed(errors, 'The schedule is not valid.');
  return {
    ...(hasCron ? { cron: (body.cron as string).trim().split(/\s+/).join(' ') } : { interval_seconds: body.interval_seconds as number }),
    mode: body.mode ?? 'incremental',
    ...(body.timezone !== undefined ? { timezone: body.timezone } : {}),
  };
}

/** Never the credentials: only whether there are any. */
export function presentIntegration(record: IntegrationRecord) {
  return {
    id: record.id,
    object: 'integration' as const,
    name: record.name,
    connector_type: record.connector_type,
    config: record.config,
    has_credentials: record.credentials_ciphertext !== null,
    status: record.status,
    schedule: presentSchedule(record.schedule),
    schedule_status: record.schedule_status,
    schedule_error: record.schedule_error,
    created_by: record.created_by,
    created_at: record.created_at.toISOString(),
    updated_at: record.updated_at.toISOString(),
  };
}

export function presentFieldMapping(record: IntegrationFieldMappingRecord) {
  return {
    object: 'field_mapping' as const,
    integration_id: record.integration_id,
    version: record.version,
    stream: record.stream,
    target: record.target,
    fields: record.fields,
    created_by: record.created_by,
    created_at: record.created_at.toISOString(),
  };
}

/** The streams an integration's configuration names (no connection needed): the connector's own, or `config.streams`. */
function streamNamesOf(record: IntegrationRecord): string[] {
  const connector = CONNECTORS[record.connector_type] as Connector<Record<string, unknown>> | undefined;
  if (connector?.streamNames) return connector.streamNames(record.config);
  return ((record.config.streams ?? []) as Array<{ name: string }>).map((s) => s.name);
}

/** The JSON Schema validators of every connector type's configuration and credentials, compiled once. */
function compileConnectorSchemas() {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, useDefaults: true, allowUnionTypes: true });
  addRequestFormats(ajv);
  const compiled = new Map<string, { config: ValidateFunction; credentials: ValidateFunction }>();
  for (const [type, connector] of Object.entries(CONNECTORS)) {
    compiled.set(type, { config: ajv.compile(connector.spec), credentials: ajv.compile(connector.credentialsSpec) });
  }
  return compiled;
}

export function createIntegrationService(deps: { db: Knex; temporal: Client; config: Config; logger: Logger; sandbox: ExpressionSandbox; connectorEnvironment?: Partial<ConnectorEnvironment> }) {
  const { db, config } = deps;
  const schedules = createIntegrationSchedules(deps);
  const key = config.webhooks.secretEncryptionKey;
  const schemas = compileConnectorSchemas();
  // Checks and discovery run inside a request: one retry at most, within the webhook timeout.
  const environment: ConnectorEnvironment = {
    allowedHosts: config.webhooks.allowedHosts,
    requireHttps: config.webhooks.requireHttps,
    resolveHost: systemResolveHost,
    timeoutMs: config.webhooks.timeoutMs,
    maxRetries: 1,
    ...deps.connectorEnvironment,
  };

  const requireIntegrationId = (id: string) => {
    if (!isIdOf('integration', id)) throw notFound('integration', id);
  };

  /** The configuration with the spec's defaults filled in, or the field errors (paths under /config and /credentials). */
  const validateSettings = (type: string, rawConfig: Record<string, unknown>, credentials: ConnectorCredentials): Record<string, unknown> => {
    const connector = CONNECTORS[type];
    const validators = schemas.get(type);
    if (!connector || !validators) throw validationFailed([{ path: '/connector_type', message: `must be one of: ${Object.keys(CONNECTORS).join(', ')}` }]);
    const configuration = structuredClone(rawConfig);
    const errors: FieldError[] = [];
    if (!validators.config(configuration)) errors.push(...toFieldErrors(validators.config.errors).map((e) => ({ ...e, path: `/config${e.path}` })));
    if (!validators.credentials(credentials)) errors.push(...toFieldErrors(validators.credentials.errors).map((e) => ({ ...e, path: `/credentials${e.path}` })));
    if (errors.length === 0) errors.push(...(connector as Connector<Record<string, unknown>>).validate(configuration, credentials, environment));
    if (errors.length > 0) throw validationFailed(errors, `The ${type} integration's settings are not valid; see GET /api/v1/integrations/connector-types.`);
    return configuration;
  };

  /** The stored credentials, opened; if no configured key opens them (the key changed), the caller must send them again. */
  const credentialsOf = (record: IntegrationRecord): ConnectorCredentials => {
    if (!record.credentials_ciphertext || !record.credentials_key_id) return {};
    try {
      return decryptCredentials({ ciphertext: record.credentials_ciphertext, keyId: record.credentials_key_id }, [key, ...config.webhooks.previousSecretEncryptionKeys]);
    } catch {
      throw validationFailed(
        [{ path: '/credentials', message: `the stored credentials were encrypted with key ${record.credentials_key_id}, which is not configured: send them again (PATCH)` }],
        'The integration\'s stored credentials cannot be opened with the configured key.',
      );
    }
  };

  const sealed = (credentials: ConnectorCredentials) => {
    if (Object.keys(credentials).length === 0) return { credentials_ciphertext: null, credentials_key_id: null };
    const { ciphertext, keyId } = encryptCredentials(credentials, key);
    return { credentials_ciphertext: ciphertext, credentials_key_id: keyId };
  };

  const audit = (scope: TenantScope, context: RequestContext, action: AuditAction, id: string, payload: Record<string, unknown>) =>
    appendAuditRecord(scope, { actor: context.actor, action, resourceType: 'integration', resourceId: id, payload });

  /** The integration with its connector and opened credentials, for a check or a discovery. */
  const loadForConnection = async ({ tenantId }: RequestContext, id: string) => {
    requireIntegrationId(id);
    const record = await inTenantTransaction(db, tenantId, (scope) => findIntegration(scope, id));
    if (!record) throw notFound('integration', id);
    const connector = CONNECTORS[record.connector_type] as Connector<Record<string, unknown>>;
    // The integration's own uploads (the csv connector's source), read within the caller's tenant.
    const connection = { ...environment, uploads: createUploadSource(db, tenantId, record.id) };
    return { record, connector, credentials: credentialsOf(record), environment: connection };
  };

  /**
   * Problems of a mapping for this integration and its target dataset (the built-in or the tenant's own, read with a
   * share lock so it cannot be deleted or reshaped while a mapping into it is saved), at JSON Pointers under
   * `prefix`; throws them as a 422.
   */
  /** Tenant expressions run in the sandbox; past its budget, a 422 names the expression (under `prefix`). */
  const inSandbox = <T>(work: Promise<T>, prefix: string) =>
    work.catch((error: unknown) => {
      if (error instanceof BudgetExceededError) throw validationFailed([budgetFieldError(error, `${prefix}/fields`, prefix)], 'The field mapping is not valid.');
      throw error;
    });

  const checkMapping = async (scope: TenantScope, record: IntegrationRecord, mapping: FieldMappingDefinition, prefix: string, sourceFields?: string[]) => {
    const streams = streamNamesOf(record);
    const errors: FieldError[] = [];
    if (!streams.includes(mapping.stream)) errors.push({ path: `${prefix}/stream`, message: `is not a stream of this integration (${streams.join(', ')})` });
    const target = await resolveDatasetDefinition(scope, mapping.target, { forShare: true });
    if (!target) errors.push({ path: `${prefix}/target`, message: 'is not a dataset: `employees` or one defined with POST /api/v1/datasets' });
    else errors.push(...(await inSandbox(deps.sandbox.mappingProblems(mapping, target, sourceFields), prefix)).map((e) => ({ ...e, path: `${prefix}${e.path}` })));
    if (errors.length > 0 || !target) throw validationFailed(errors, 'The field mapping is not valid.');
    return target;
  };

  return {
    connectorTypes() {
      return {
        data: Object.values(CONNECTORS).map((c) => ({
          object: 'connector_type' as const,
          type: c.type,
          title: c.title,
          description: c.description,
          spec: c.spec,
          credentials_spec: c.credentialsSpec,
        })),
        next_cursor: null,
      };
    },

    async create(context: RequestContext, body: IntegrationCreate) {
      const credentials = body.credentials ?? {};
      const configuration = validateSettings(body.connector_type, body.config, credentials);
      const schedule = body.schedule ? checkSchedule(body.schedule, config.integrationScheduleMinIntervalSeconds) : null;
      const status = body.status ?? 'active';
      const created = await inTenantTransaction(db, context.tenantId, async (scope) => {
        const record = await insertIntegration(scope, {
          id: newId('integration'),
          name: body.name,
          connector_type: body.connector_type,
          config: configuration,
          ...sealed(credentials),
          status,
          schedule,
          created_by: context.actor,
        });
        await audit(scope, context, 'integration.created', record.id, { name: record.name, connector_type: record.connector_type, config: record.config, status, schedule });
        if (!schedule) return presentIntegration(record);
        // The Temporal Schedule follows from the row, after the commit (schedule_status pending until it does).
        await requestIntegrationScheduleChange(scope, record.id);
        return presentIntegration((await findIntegration(scope, record.id)) as IntegrationRecord);
      });
      if (created.schedule_status === 'pending') schedules.reconcileSoon(created.id);
      return created;
    },

    async list({ tenantId }: RequestContext, page: PageRequest) {
      const { rows, nextCursor } = await inTenantTransaction(db, tenantId, (scope) => listIntegrations(scope, page));
      return { data: rows.map(presentIntegration), next_cursor: nextCursor };
    },

    async get({ tenantId }: RequestContext, id: string) {
      requireIntegrationId(id);
      const record = await inTenantTransaction(db, tenantId, (scope) => findIntegration(scope, id));
      if (!record) throw notFound('integration', id);
      return presentIntegration(record);
    },

    async update(context: RequestContext, id: string, body: IntegrationUpdate) {
      requireIntegrationId(id);
      let scheduleChanged = false;
      const updated = await inTenantTransaction(db, context.tenantId, async (scope) => {
        const current = await findIntegration(scope, id, { forUpdate: true });
        if (!current) throw notFound('integration', id);
        // A change of only the schedule or status leaves the settings alone (no credentials opened, no re-validation).
        const settingsChange = Object.keys(body).some((key) => key !== 'schedule' && key !== 'status');
        const credentials = settingsChange ? (body.credentials ?? credentialsOf(current)) : {};
        const configuration = settingsChange ? validateSettings(current.connector_type, body.config ?? current.config, credentials) : current.config;
        const schedule = body.schedule === undefined ? current.schedule : body.schedule === null ? null : checkSchedule(body.schedule, config.integrationScheduleMinIntervalSeconds);
        const status = body.status ?? current.status;
        const patch: Partial<IntegrationRecord> = {};
        if (body.name !== undefined) patch.name = body.name;
        if (body.config !== undefined) patch.config = configuration;
        if (body.credentials !== undefined) Object.assign(patch, sealed(body.credentials));
        if (body.schedule !== undefined) patch.schedule = schedule;
        if (body.status !== undefined) patch.status = status;
        const updated = await updateIntegration(scope, id, patch);
        // Names of what changed, and the new configuration; never the credentials.
        await audit(scope, context, 'integration.updated', id, {
          changed: Object.keys(body).sort(),
          ...(body.name !== undefined ? { name: updated.name } : {}),
          ...(body.config !== undefined ? { config: updated.config } : {}),
          ...(body.status !== undefined ? { status } : {}),
          ...(body.schedule !== undefined ? { schedule } : {}),
        });
        // The Temporal Schedule follows from the row after the commit: a new, changed or removed schedule, or a paused
        // or resumed integration that has one.
        scheduleChanged = (body.schedule !== undefined && (schedule !== null || current.schedule !== null)) || (schedule !== null && status !== current.status);
        if (!scheduleChanged) return presentIntegration(updated);
        await requestIntegrationScheduleChange(scope, id);
        return presentIntegration((await findIntegration(scope, id)) as IntegrationRecord);
      });
      if (scheduleChanged) schedules.reconcileSoon(id);
      return updated;
    },

    async remove(context: RequestContext, id: string) {
      requireIntegrationId(id);
      const hadSchedule = await inTenantTransaction(db, context.tenantId, async (scope) => {
        const current = await findIntegration(scope, id, { forUpdate: true });
        if (!current) throw notFound('integration', id);
        // The credentials go with it: a deleted integration keeps no way into the source.
        await updateIntegration(scope, id, { deleted_at: new Date(), credentials_ciphertext: null, credentials_key_id: null, schedule: null });
        await audit(scope, context, 'integration.deleted', id, { name: current.name, connector_type: current.connector_type });
        // Its schedule goes with it, after the commit (the deleted row is the tombstone the reconciler works from; a
        // sync already running finishes).
        if (current.schedule) await requestIntegrationScheduleChange(scope, id);
        return current.schedule !== null;
      });
      if (hadSchedule) schedules.reconcileSoon(id);
    },

    /**
     * The schedule as Temporal runs it: paused or not, the next run times, the recent runs, and whether Temporal matches
     * the integration yet (`schedule_status`). 404 without a schedule.
     */
    async getSchedule({ tenantId }: RequestContext, id: string) {
      requireIntegrationId(id);
      const record = await inTenantTransaction(db, tenantId, (scope) => findIntegration(scope, id));
      if (!record) throw notFound('integration', id);
      if (!record.schedule) throw notFound('schedule of integration', id);
      const state = await schedules.describe(id);
      return {
        object: 'integration_schedule' as const,
        integration_id: id,
        schedule_id: integrationScheduleId(id),
        ...(presentSchedule(record.schedule) as NonNullable<ReturnType<typeof presentSchedule>>),
        schedule_status: record.schedule_status,
        schedule_error: record.schedule_error,
        paused: state?.paused ?? record.status === 'paused',
        next_run_times: (state?.nextRunTimes ?? []).map((time) => time.toISOString()),
        recent_runs: (state?.recentRuns ?? []).map((run) => ({ scheduled_at: run.scheduledAt.toISOString(), started_at: run.takenAt.toISOString(), workflow_id: run.workflowId })),
        runs_started: state?.runsTaken ?? 0,
        runs_skipped_overlap: state?.runsSkippedOverlap ?? 0,
      };
    },

    async check(context: RequestContext, id: string) {
      const { record, connector, credentials, environment } = await loadForConnection(context, id);
      const started = Date.now();
      const result = await connector.check(record.config, credentials, environment);
      return { object: 'connection_check' as const, integration_id: id, ...result, message: result.status === 'failed' ? result.message : null, latency_ms: Date.now() - started };
    },

    async getFieldMapping({ tenantId }: RequestContext, id: string) {
      requireIntegrationId(id);
      return inTenantTransaction(db, tenantId, async (scope) => {
        if (!(await findIntegration(scope, id))) throw notFound('integration', id);
        const mapping = await findCurrentFieldMapping(scope, id);
        if (!mapping) throw notFound('field mapping of integration', id);
        return presentFieldMapping(mapping);
      });
    },

    async putFieldMapping(context: RequestContext, id: string, body: FieldMappingDefinition) {
      requireIntegrationId(id);
      return inTenantTransaction(db, context.tenantId, async (scope) => {
        const integration = await findIntegration(scope, id, { forUpdate: true });
        if (!integration) throw notFound('integration', id);
        await checkMapping(scope, integration, body, '');
        const version = await insertFieldMappingVersion(scope, { integration_id: id, stream: body.stream, target: body.target, fields: body.fields, created_by: context.actor });
        await audit(scope, context, 'integration.field_mapping_created', id, { version: version.version, stream: version.stream, target: version.target, fields: version.fields });
        return presentFieldMapping(version);
      });
    },

    /** Checks a mapping against the stream's discovered fields and maps the first `limit` records, saving nothing. */
    async validateFieldMapping(context: RequestContext, id: string, body: { mapping: FieldMappingDefinition; limit?: number }) {
      const { record, connector, credentials, environment } = await loadForConnection(context, id);
      const check = (sourceFields?: string[]) => inTenantTransaction(db, context.tenantId, (scope) => checkMapping(scope, record, body.mapping, '/mapping', sourceFields));
      await check();
      const limit = body.limit ?? 10;
      try {
        const streams = await connector.discover(record.config, credentials, environment);
        const fields = streams.find((s) => s.name === body.mapping.stream)?.fields.map((f) => f.name) ?? [];
        const target = await check(fields);
        // One page only: the read is closed right after it, so its connection to the source is released (a generator
        // left suspended would hold it open).
        const pages = connector.read(record.config, credentials, environment, { stream: body.mapping.stream, state: null, pageSize: limit });
        let first: IteratorResult<RecordPage>;
        try {
          first = await pages.next();
        } finally {
          await pages.return(undefined);
        }
        const sample = (first.done ? [] : first.value.records).slice(0, limit);
        const mappedSample = await inSandbox(deps.sandbox.run('mapRecords', { mapping: body.mapping, target, records: sample, mark: true }), '/mapping');
        const preview = sample.map((source, index) => {
          const { record: mapped, errors } = mappedSample[index] as MappedRecord;
          return { source_record: source, record: errors.length === 0 ? mapped : null, errors };
        });
        return { object: 'field_mapping_validation' as const, integration_id: id, records_read: sample.length, records_rejected: preview.filter((p) => p.errors.length > 0).length, preview };
      } catch (error) {
        if (error instanceof ConnectorError) throw connectorFailed(error.message);
        throw error;
      }
    },

    async discover(context: RequestContext, id: string) {
      const { record, connector, credentials, environment } = await loadForConnection(context, id);
      try {
        const streams = await connector.discover(record.config, credentials, environment);
        return { object: 'catalog' as const, integration_id: id, streams };
      } catch (error) {
        if (error instanceof ConnectorError) throw connectorFailed(error.message);
        throw error;
      }
    },
  };
}

export type IntegrationService = ReturnType<typeof createIntegrationService>;
