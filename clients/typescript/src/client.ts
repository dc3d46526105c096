/**
 * The client: every operation as a typed method under its group (`client.scenarios.create(…)`), and the helpers API
 * clients otherwise write themselves: following long-running work to its end, paging, retrying, authenticating.
 */
import type { components } from './generated/schema';
import {
  GeneratedOperations,
  AuditExportsOperations,
  IntegrationsOperations,
  ModelsOperations,
  ScenariosOperations,
} from './generated/operations';
import type { Body } from './types';
import { Transport, type RequestOptions, type TransportOptions } from './transport';
import { pollUntil, type WaitOptions } from './waiting';

type Schemas = components['schemas'];
export type Scenario = Schemas['Scenario'];
export type ScenarioBatch = Schemas['ScenarioBatch'];
export type IntegrationSync = Schemas['IntegrationSync'];
export type ModelReplay = Schemas['ModelReplay'];
export type AuditExport = Schemas['AuditExport'];

/** The statuses after which each kind of work changes no more. */
export const FINISHED = {
  scenario: ['completed', 'failed', 'cancelled'],
  batch: ['completed', 'cancelled'],
  sync: ['completed', 'partially_completed', 'failed', 'cancelled'],
  replay: ['completed', 'failed', 'cancelled'],
  auditExport: ['completed', 'failed'],
} as const satisfies Record<string, ReadonlyArray<string>>;

export type ClientOptions = TransportOptions;
export type WaitRequestOptions = RequestOptions & WaitOptions;

function locationOf(response: Response, fallback: string): string {
  return response.headers.get('location') ?? fallback;
}

function splitOptions(options: WaitRequestOptions | undefined): [RequestOptions, WaitOptions] {
  const { timeoutMs, signal, pollIntervalMs, maxPollIntervalMs, longPollSeconds, ...request } = options ?? {};
  const wait: WaitOptions = {
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(signal ? { signal } : {}),
    ...(pollIntervalMs !== undefined ? { pollIntervalMs } : {}),
    ...(maxPollIntervalMs !== undefined ? { maxPollIntervalMs } : {}),
    ...(longPollSeconds !== undefined ? { longPollSeconds } : {}),
  };
  return [{ ...request, ...(signal ? { signal } : {}) }, wait];
}

export class Scenarios extends ScenariosOperations {
  /**
   * Creates a scenario and waits until its run ends (`completed` or `failed`): a 201 is already the end; a 202 is
   * followed through its `Location`.
   */
  async createAndWait(body: Body<'createScenario'>, options?: WaitRequestOptions): Promise<Scenario> {
    const [request, wait] = splitOptions(options);
    const created = await this.transport.exchange<Scenario>('createScenario', [], body, request);
    const url = locationOf(created.response, `/api/v1/scenarios/${created.data.id}`);
    return pollUntil(
      url,
      (signal, wait) => this.transport.getUrl<Scenario>(url, signal, wait),
      FINISHED.scenario,
      wait,
      created.data,
    );
  }

  /** Waits until a scenario's current run ends. */
  async waitFor(id: string, options?: WaitOptions): Promise<Scenario> {
    const url = `/api/v1/scenarios/${encodeURIComponent(id)}`;
    return pollUntil(
      url,
      (signal, wait) => this.transport.getUrl<Scenario>(url, signal, wait),
      FINISHED.scenario,
      options,
    );
  }
}

/** Scenario batches (`POST /scenarios/batch`): create, follow, cancel. */
export class Batches {
  constructor(private readonly transport: Transport) {}

  create(body: Body<'createScenarioBatch'>, options?: RequestOptions): Promise<ScenarioBatch> {
    return this.transport.call('createScenarioBatch', [], body, options);
  }

  get(id: string, options?: RequestOptions): Promise<ScenarioBatch> {
    return this.transport.call('getScenarioBatch', [id], undefined, options);
  }

  cancel(id: string, options?: RequestOptions): Promise<ScenarioBatch> {
    return this.transport.call('cancelScenarioBatch', [id], undefined, options);
  }

  /** Waits until every item of the batch ran (or the batch was cancelled). */
  waitFor(id: string, options?: WaitOptions): Promise<ScenarioBatch> {
    const url = `/api/v1/scenarios/batches/${encodeURIComponent(id)}`;
    return pollUntil(
      url,
      (signal, wait) => this.transport.getUrl<ScenarioBatch>(url, signal, wait),
      FINISHED.batch,
      options,
    );
  }

  /** Creates a batch and waits until it ends. */
  async createAndWait(body: Body<'createScenarioBatch'>, options?: WaitRequestOptions): Promise<ScenarioBatch> {
    const [request, wait] = splitOptions(options);
    const created = await this.transport.exchange<ScenarioBatch>('createScenarioBatch', [], body, request);
    const url = locationOf(created.response, `/api/v1/scenarios/batches/${created.data.id}`);
    return pollUntil(
      url,
      (signal, wait) => this.transport.getUrl<ScenarioBatch>(url, signal, wait),
      FINISHED.batch,
      wait,
      created.data,
    );
  }
}

export class Integrations extends IntegrationsOperations {
  /** Starts a sync and waits until it ends (`completed`, `partially_completed`, `failed` or `cancelled`). */
  async createSyncAndWait(
    integrationId: string,
    body: Body<'createIntegrationSync'>,
    options?: WaitRequestOptions,
  ): Promise<IntegrationSync> {
    const [request, wait] = splitOptions(options);
    const created = await this.transport.exchange<IntegrationSync>(
      'createIntegrationSync',
      [integrationId],
      body,
      request,
    );
    const url = locationOf(
      created.response,
      `/api/v1/integrations/${encodeURIComponent(integrationId)}/syncs/${created.data.id}`,
    );
    return pollUntil(
      url,
      (signal, wait) => this.transport.getUrl<IntegrationSync>(url, signal, wait),
      FINISHED.sync,
      wait,
      created.data,
    );
  }

  /** Waits until a sync ends. */
  waitForSync(integrationId: string, syncId: string, options?: WaitOptions): Promise<IntegrationSync> {
    const url = `/api/v1/integrations/${encodeURIComponent(integrationId)}/syncs/${encodeURIComponent(syncId)}`;
    return pollUntil(
      url,
      (signal, wait) => this.transport.getUrl<IntegrationSync>(url, signal, wait),
      FINISHED.sync,
      options,
    );
  }
}

export class Models extends ModelsOperations {
  /** Starts a replay of a model's past runs against a version and waits until its report is ready. */
  async createReplayAndWait(
    modelId: string,
    body: Body<'createModelReplay'>,
    options?: WaitRequestOptions,
  ): Promise<ModelReplay> {
    const [request, wait] = splitOptions(options);
    const created = await this.transport.exchange<ModelReplay>('createModelReplay', [modelId], body, request);
    const url = locationOf(
      created.response,
      `/api/v1/models/${encodeURIComponent(modelId)}/replays/${created.data.id}`,
    );
    return pollUntil(
      url,
      (signal, wait) => this.transport.getUrl<ModelReplay>(url, signal, wait),
      FINISHED.replay,
      wait,
      created.data,
    );
  }

  /** Waits until a replay ends. */
  waitForReplay(modelId: string, replayId: string, options?: WaitOptions): Promise<ModelReplay> {
    const url = `/api/v1/models/${encodeURIComponent(modelId)}/replays/${encodeURIComponent(replayId)}`;
    return pollUntil(
      url,
      (signal, wait) => this.transport.getUrl<ModelReplay>(url, signal, wait),
      FINISHED.replay,
      options,
    );
  }
}

export class AuditExports extends AuditExportsOperations {
  /** Starts an audit export and waits until its files are ready (or it failed). */
  async createAndWait(body: Body<'createAuditExport'>, options?: WaitRequestOptions): Promise<AuditExport> {
    const [request, wait] = splitOptions(options);
    const created = await this.transport.exchange<AuditExport>('createAuditExport', [], body, request);
    const url = locationOf(created.response, `/api/v1/audit-exports/${created.data.id}`);
    return pollUntil(
      url,
      (signal, wait) => this.transport.getUrl<AuditExport>(url, signal, wait),
      FINISHED.auditExport,
      wait,
      created.data,
    );
  }

  /** Waits until an audit export ends. */
  waitFor(id: string, options?: WaitOptions): Promise<AuditExport> {
    const url = `/api/v1/audit-exports/${encodeURIComponent(id)}`;
    return pollUntil(
      url,
      (signal, wait) => this.transport.getUrl<AuditExport>(url, signal, wait),
      FINISHED.auditExport,
      options,
    );
  }
}

/**
 * The Decision Modeling Service client.
 *
 * ```ts
 * const client = new DecisionModelingClient({ baseUrl: 'https://api.example.com', auth: apiKey(process.env.DMS_API_KEY!) });
 * const scenario = await client.scenarios.createAndWait({ model_id: 'mdl_…', inputs: { … } });
 * ```
 */
export class DecisionModelingClient extends GeneratedOperations {
  override readonly scenarios: Scenarios;
  override readonly integrations: Integrations;
  override readonly models: Models;
  override readonly auditExports: AuditExports;
  readonly batches: Batches;
  /** The transport: `raw` for typed path-level calls (openapi-fetch), `exchange` for the response with the body. */
  readonly transport: Transport;

  constructor(options: ClientOptions) {
    const transport = new Transport(options);
    super(transport);
    this.transport = transport;
    this.scenarios = new Scenarios(transport);
    this.integrations = new Integrations(transport);
    this.models = new Models(transport);
    this.auditExports = new AuditExports(transport);
    this.batches = new Batches(transport);
  }

  /** The typed low-level client (openapi-fetch): `client.raw.GET('/api/v1/scenarios/{id}', { params: { path: { id } } })`. */
  get raw(): Transport['raw'] {
    return this.transport.raw;
  }
}
