import type { Context } from 'koa';
import { AppError, notFound } from '../../core/app-error';
import { dmnCoverageGraph } from '../../decision/dmn-run';
import { hitsOfTrace } from '../../decision/evaluation-trace';
import type { JdmGraph } from '../../decision/jdm';
import { effectiveRecording, type RecordingSettings } from '../../decision/recording-policy';
import { ruleInventory, type InventoryNode } from '../../decision/rule-inventory';
import type { RequestContext } from '../context';
import type { OperationRequests } from '../openapi/request-types.generated';
import type { ModelService } from '../models/service';
import type { Notice } from './layout';
import {
  instancePage,
  instancesHref,
  instancesPage,
  type DecisionInstanceDetailView,
  type DecisionInstanceView,
  type InstanceFilters,
  type InstanceModelView,
  type RuleChoices,
} from './model-instance-pages';
import { mayReadModels, MODELS_REFUSAL } from './model-routes';
import type { ModelVersionDetailView } from './model-version-page';
import { plainWords } from './notices';
import type { ConsoleToolkit } from './toolkit';

interface InstanceRoutesDeps {
  models: ModelService;
}

const FILTER_FIELDS = ['version', 'correlation_id', 'from', 'to', 'rule', 'status'] as const;
const PAGE_SIZE = '20';

/**
 * A `datetime-local` field's value (`2026-12-07T10:00`, seconds optional) as the RFC 3339 instant the API's `from` and
 * `to` take, read as UTC; any other text goes to the API's validator as it is (and is refused there in its words).
 */
export function instantOf(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const local = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2}(\.\d{1,3})?)?$/.exec(text);
  return local ? `${local[1]}${local[2] ?? ':00'}Z` : text;
}

/** A version's decision tables and switches with their rules, as decision instances key them (JDM or DMN alike). */
function inventoryOf(version: ModelVersionDetailView): InventoryNode[] {
  const graph: JdmGraph = version.graph ?? (version.dmn ? dmnCoverageGraph(version.dmn) : { nodes: [], edges: [] });
  return ruleInventory(graph);
}

/** The model, read as the person may (another tenant's id is not found, exactly like a missing one). */
const modelOf = async (models: ModelService, context: RequestContext, id: string) =>
  (await models.get(context, id)) as unknown as InstanceModelView & { recording?: RecordingSettings | null };

/** The person's session with `models:read`, or undefined once refused (signed out, or a sign-in without the scope). */
async function readerOf(kit: ConsoleToolkit, ctx: Context) {
  const session = await kit.requireSession(ctx);
  if (!session) return undefined;
  const members = await kit.directory(session.principal.tenantId);
  const viewer = await kit.viewerOf(session, members);
  if (!mayReadModels(session)) {
    kit.refuse(ctx, 403, 'No access to models', MODELS_REFUSAL, viewer);
    return undefined;
  }
  const names = await kit.namesOf(session.principal.tenantId, members);
  return { viewer, names, context: kit.contextOf(ctx, session) };
}

/** The rules the search offers: those of the version searched, else the published one, else the latest. */
async function ruleChoices(
  models: ModelService,
  context: RequestContext,
  model: InstanceModelView,
  history: { published_version: string | null; versions: Array<{ version: string }> },
  searched: string | undefined,
): Promise<RuleChoices | null> {
  if (model.source !== 'tenant') return null;
  const known = history.versions.map((v) => v.version);
  const version = [searched, history.published_version, known[0]].find(
    (v): v is string => v !== undefined && v !== null && known.includes(v),
  );
  if (version === undefined) return null;
  const detail = (await models.getVersionDetail(context, model.id, version)) as unknown as ModelVersionDetailView;
  return { version, nodes: inventoryOf(detail) };
}

/** The search page: the API's own filters (checked by its validator), newest first, "Older" by cursor. */
async function showInstances(kit: ConsoleToolkit, deps: InstanceRoutesDeps, ctx: Context): Promise<void> {
  const reader = await readerOf(kit, ctx);
  if (!reader) return;
  const { viewer, names, context } = reader;
  const model = await modelOf(deps.models, context, ctx.params.id as string);
  const text = (name: string) =>
    typeof ctx.query[name] === 'string' && ctx.query[name] !== '' ? (ctx.query[name] as string).trim() : undefined;
  const filters: InstanceFilters = Object.fromEntries(FILTER_FIELDS.map((field) => [field, text(field)]));
  const history = await deps.models.history(context, model.id);
  const settings = await deps.models.getSettings(context);
  // A built-in model takes the tenant's policy; a tenant model's own settings come first.
  const policy = effectiveRecording(model.source === 'tenant' ? model.recording : null, settings);
  const rules = await ruleChoices(deps.models, context, model, history, filters.version);
  const render = (status: number, rows: DecisionInstanceView[], nextPage: string | null, notice?: Notice) =>
    kit.send(
      ctx,
      status,
      instancesPage({
        viewer,
        model,
        rows,
        filters,
        filtered: FILTER_FIELDS.some((field) => filters[field] !== undefined),
        versions: history.versions.map((v) => v.version),
        rules,
        policy,
        names,
        nextPage,
        notice,
      }),
    );
  const query: Record<string, unknown> = Object.fromEntries(
    Object.entries({
      ...filters,
      from: instantOf(filters.from),
      to: instantOf(filters.to),
      model_id: model.id,
      cursor: text('cursor'),
      limit: PAGE_SIZE,
    }).filter(([, value]) => value !== undefined),
  );
  // The API's own query rules (from the OpenAPI document), so a filter means exactly what it means there.
  const problems = kit.validators.forOperation('listDecisionInstances').query?.(query) ?? [];
  if (problems.length > 0)
    return render(
      400,
      [],
      null,
      plainWords(new AppError('invalid_parameters', 'The search is not valid.', { errors: problems })),
    );
  try {
    // Checked and coerced above by the operation's own validator: the operation's query type.
    const { limit, cursor, ...search } = query as unknown as OperationRequests['listDecisionInstances']['query'];
    const page = await deps.models.listInstances(context, search, { limit, cursor });
    const shown = Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as Record<string, string>;
    render(
      200,
      page.data as unknown as DecisionInstanceView[],
      page.next_cursor
        ? `${instancesHref(model.id)}?${new URLSearchParams({ ...shown, cursor: page.next_cursor })}`
        : null,
    );
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return render(error.status, [], null, plainWords(error));
    throw error;
  }
}

/**
 * One instance: traced again on its kept inputs (GET /decision-instances/{id}?trace=true), its version's tables with
 * the rules it matched lit. The trace's hits are lit when it reproduced the recorded outputs; otherwise (only the
 * hash kept, a failed evaluation, outputs that came out otherwise) the hits recorded with the instance.
 */
async function showInstance(kit: ConsoleToolkit, deps: InstanceRoutesDeps, ctx: Context): Promise<void> {
  const reader = await readerOf(kit, ctx);
  if (!reader) return;
  const { viewer, names, context } = reader;
  const model = await modelOf(deps.models, context, ctx.params.id as string);
  const instanceId = ctx.params.instanceId as string;
  const instance = (await deps.models.getInstance(context, instanceId, {
    trace: true,
  })) as unknown as DecisionInstanceDetailView;
  // An instance of another model answers as a missing one: the address names both.
  if (instance.model_id !== model.id) throw notFound('decision_instance', instanceId);
  const version =
    model.source === 'tenant'
      ? ((await deps.models.getVersionDetail(context, model.id, instance.version)) as unknown as ModelVersionDetailView)
      : null;
  const traced = instance.trace !== null && instance.reproduced === true;
  kit.send(
    ctx,
    200,
    instancePage({
      viewer,
      model,
      instance,
      version,
      inventory: version ? inventoryOf(version) : [],
      hits: traced ? hitsOfTrace(instance.trace ?? []) : instance.hits,
      traced,
      names,
    }),
  );
}

/** A model's decision instances (/console/models/{id}/instances…): the models family's use cases, `models:read`. */
export function registerModelInstanceRoutes(kit: ConsoleToolkit, deps: InstanceRoutesDeps): void {
  kit.router.get('/models/:id/instances', (ctx) => showInstances(kit, deps, ctx));
  kit.router.get('/models/:id/instances/:instanceId', (ctx) => showInstance(kit, deps, ctx));
}
