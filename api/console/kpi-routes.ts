import type { Context } from 'koa';
import { AppError, notFound } from '../../core/app-error';
import { hasScope } from '../../core/scopes';
import { addPeriods, periodStart } from '../../rules/kpis/status';
import type { KpiAlertService, KpiService } from '../kpis/service';
import type { ModelService } from '../models/service';
import type { RequestContext } from '../context';
import { noticeOf, plainWords } from './notices';
import {
  KPI_RANGES,
  kpiPage,
  kpisPage,
  type KpiAlertView,
  type KpiBucketView,
  type KpiListRow,
  type KpiView,
} from './kpi-pages';
import type { Notice } from './layout';
import type { ConsoleSession } from './session';
import { CONSOLE_PREFIX, type ConsoleToolkit } from './toolkit';

interface KpiPagesDeps {
  kpis: KpiService;
  kpiAlerts: KpiAlertService;
  /** To name the models KPI sources read (a model the reader cannot see, or deleted, stays named by its id). */
  models?: Pick<ModelService, 'get'>;
}

/** The names of the models the KPIs' sources name, by id. */
async function modelNamesOf(
  deps: KpiPagesDeps,
  context: RequestContext,
  kpis: KpiView[],
): Promise<Map<string, string>> {
  const ids = [
    ...new Set(kpis.flatMap((kpi) => (kpi.source.type === 'model_output' ? [String(kpi.source.model_id)] : []))),
  ];
  const named = await Promise.all(
    ids.map(async (id) => {
      try {
        return [[id, (await deps.models!.get(context, id)).name] as [string, string]];
      } catch (error) {
        if (error instanceof AppError && error.status < 500) return [];
        throw error;
      }
    }),
  );
  return new Map(deps.models ? named.flat() : []);
}

/** Pages of the services' lists the KPI pages read at most (open alerts to count, buckets of the longest range). */
const MAX_PAGES = 10;
const KPI_REFUSAL =
  'Your sign-in does not include reading KPIs: your role may not allow it, or you signed in before the console asked for it. Sign out and sign in again; if this stays, ask an admin.';

const mayReadKpis = (session: ConsoleSession) => hasScope(session.principal.scopes, 'kpis:read');
const mayAcknowledge = (session: ConsoleSession) => hasScope(session.principal.scopes, 'kpis:write');

/** Every page of a service's cursor-paged list, up to MAX_PAGES pages. */
async function allPages<T>(
  read: (cursor: string | undefined) => Promise<{ data: T[]; next_cursor: string | null }>,
): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await read(cursor);
    rows.push(...result.data);
    if (!result.next_cursor) break;
    cursor = result.next_cursor;
  }
  return rows;
}

/** The KPI list with the API's own status filter, each KPI with its count of open alerts. */
async function showKpiList(kit: ConsoleToolkit, deps: KpiPagesDeps, ctx: Context): Promise<void> {
  const { kpis, kpiAlerts } = deps;
  const session = await kit.requireSession(ctx);
  if (!session) return;
  const members = await kit.directory(session.principal.tenantId);
  const viewer = await kit.viewerOf(session, members);
  if (!mayReadKpis(session)) return kit.refuse(ctx, 403, 'No access to KPIs', KPI_REFUSAL, viewer);
  const text = (name: string) => {
    const value = ctx.query[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const status = text('status');
  const query: Record<string, unknown> = Object.fromEntries(
    Object.entries({ status, cursor: text('cursor'), limit: '20' }).filter(([, v]) => v !== undefined),
  );
  const render = (
    code: number,
    rows: KpiListRow[],
    nextPage: string | null,
    notice?: Notice,
    modelNames?: Map<string, string>,
  ) => kit.send(ctx, code, kpisPage({ viewer, rows, status, nextPage, notice, modelNames }));
  // The API's own query rules (from the OpenAPI document), so the filter means exactly what it means there.
  const problems = kit.validators.forOperation('listKpis').query?.(query) ?? [];
  if (problems.length > 0)
    return render(
      400,
      [],
      null,
      plainWords(new AppError('invalid_parameters', 'The filter is not valid.', { errors: problems })),
    );
  const context = kit.contextOf(ctx, session);
  try {
    const { limit, cursor, ...filters } = query as { limit: number; cursor?: string } & Parameters<
      KpiService['list']
    >[1];
    const [page, open] = await Promise.all([
      kpis.list(context, filters, { limit, cursor }),
      allPages((cursor) => kpiAlerts.listAlerts(context, { state: 'open' }, { limit: 100, cursor })),
    ]);
    const openCount = new Map<string, number>();
    for (const alert of open) openCount.set(alert.kpi_id, (openCount.get(alert.kpi_id) ?? 0) + 1);
    const rows = (page.data as unknown as KpiView[]).map((kpi) => ({
      ...kpi,
      open_alerts: openCount.get(kpi.id) ?? 0,
    }));
    const next = page.next_cursor
      ? `${CONSOLE_PREFIX}/kpis?${new URLSearchParams({ ...(status ? { status } : {}), cursor: page.next_cursor })}`
      : null;
    render(200, rows, next, undefined, await modelNamesOf(deps, context, rows));
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return render(error.status, [], null, plainWords(error));
    throw error;
  }
}

/** One KPI: its chart over the chosen range (`?periods=`), the alert periods shaded, its open alerts. */
async function renderKpi(
  kit: ConsoleToolkit,
  deps: KpiPagesDeps,
  ctx: Context,
  session: ConsoleSession,
  id: string,
  status = 200,
  notice?: Notice,
): Promise<void> {
  const { kpis, kpiAlerts } = deps;
  const members = await kit.directory(session.principal.tenantId);
  const viewer = await kit.viewerOf(session, members);
  if (!mayReadKpis(session)) return kit.refuse(ctx, 403, 'No access to KPIs', KPI_REFUSAL, viewer);
  const context = kit.contextOf(ctx, session);
  // Another tenant's KPI is looked up in this one: not found, exactly like a missing id.
  const kpi = (await kpis.get(context, id)) as unknown as KpiView;
  const period = kpi.aggregation_period;
  const ranges = KPI_RANGES[period];
  const asked = typeof ctx.query.periods === 'string' ? Number(ctx.query.periods) : undefined;
  let periods = ranges[0] as number;
  if (asked !== undefined && ranges.includes(asked)) periods = asked;
  else if (ctx.query.periods !== undefined && !notice) {
    status = 400;
    notice = {
      kind: 'error',
      title: 'Please choose a range from the list.',
      detail: `The range must be one of ${ranges.join(', ')} periods; the default range is shown.`,
    };
  }
  // The range ends with the current period (points may be up to a day ahead) and holds `periods` whole periods.
  const to = addPeriods(periodStart(new Date(), period), period, 1);
  const from = addPeriods(to, period, -periods);
  const [statusView, buckets, openAlerts, recentAlerts, rules] = await Promise.all([
    kpis.status(context, id, 6),
    allPages(async (cursor) => {
      const page = await kpis.values(context, id, {
        from: from.toISOString(),
        to: to.toISOString(),
        bucket: period,
        limit: 1000,
        cursor,
      });
      return { data: page.data as KpiBucketView[], next_cursor: page.next_cursor };
    }),
    kpiAlerts.listKpiAlerts(context, id, { state: 'open' }, { limit: 100 }),
    kpiAlerts.listKpiAlerts(context, id, {}, { limit: 100 }),
    kpiAlerts.listRules(context, id, { limit: 100 }),
  ]);
  // Shaded: alerts that fired, over the points that made them (first breaching point to the point that ended it).
  const alertSpans = (recentAlerts.data as unknown as KpiAlertView[])
    .filter((alert) => alert.fired_at !== null)
    .map((alert) => ({
      id: alert.id,
      severity: alert.severity,
      from: alert.started_at,
      to: alert.state === 'resolved' ? (alert.ended_at ?? alert.started_at) : null,
    }))
    .reverse();
  kit.send(
    ctx,
    status,
    kpiPage({
      viewer,
      kpi,
      trend: statusView.trend,
      range: { periods, from: from.toISOString(), to: to.toISOString() },
      buckets,
      alertSpans,
      openAlerts: openAlerts.data as unknown as KpiAlertView[],
      ruleNames: new Map(rules.data.map((rule) => [rule.id, rule.name])),
      names: new Map(members.map((m) => [m.id, m.name])),
      modelNames: await modelNamesOf(deps, context, [kpi]),
      canAcknowledge: mayAcknowledge(session),
      notice,
    }),
  );
}

/** The KPI pages: the same KpiService and KpiAlertService as the API, with the person's request context. */
export function registerKpiRoutes(kit: ConsoleToolkit, deps: KpiPagesDeps): void {
  const { router, checkedPost } = kit;
  const { kpiAlerts } = deps;

  router.get('/kpis', (ctx) => showKpiList(kit, deps, ctx));

  router.get('/kpis/:id', async (ctx) => {
    const session = await kit.requireSession(ctx);
    if (!session) return;
    await renderKpi(kit, deps, ctx, session, ctx.params.id as string, 200, noticeOf(ctx));
  });

  router.post('/kpis/:id/alerts/:alertId/acknowledge', async (ctx) => {
    const checked = await checkedPost(ctx);
    if (!checked) return;
    const { session } = checked;
    const kpiId = ctx.params.id as string;
    const alertId = ctx.params.alertId as string;
    // Scopes exactly as the API enforces them (acknowledgeAlert needs kpis:write): refused before any service call.
    if (!mayAcknowledge(session)) {
      const members = await kit.directory(session.principal.tenantId);
      return kit.refuse(
        ctx,
        403,
        'Not allowed',
        'Your role lets you read KPIs and their alerts, not acknowledge them.',
        await kit.viewerOf(session, members),
      );
    }
    const context = kit.contextOf(ctx, session);
    try {
      // The alert must belong to the KPI of the page (and to this tenant): anything else is the same 404 as a missing id.
      const alert = await kpiAlerts.getAlert(context, alertId);
      if (alert.kpi_id !== kpiId) throw notFound('kpi_alert', alertId);
      await kpiAlerts.acknowledge(context, alertId);
    } catch (error) {
      if (error instanceof AppError && error.status !== 404 && error.status < 500)
        return renderKpi(kit, deps, ctx, session, kpiId, error.status, plainWords(error));
      if (error instanceof AppError && error.status === 503)
        return renderKpi(kit, deps, ctx, session, kpiId, 503, plainWords(error));
      throw error;
    }
    ctx.redirect(`${CONSOLE_PREFIX}/kpis/${encodeURIComponent(kpiId)}?notice=acknowledged`);
    ctx.status = 303;
  });
}
