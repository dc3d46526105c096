import type { Context } from 'koa';
import { AppError } from '../../core/app-error';
import type { FailureQuery } from '../failures/list-failures';
import { ADMIN_PREFIX, seeOther, type Admin, type AdminArea } from './admin-area';
import { FAILURE_KIND_OPTIONS, failureRetryPage, operationsPage } from './admin-operations-pages';
import type { Notice } from './layout';

/** Failures listed on one page. */
const PAGE_SIZE = 100;

const queryText = (ctx: Context, name: string) => {
  const value = ctx.query[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

async function renderOperations(area: AdminArea, ctx: Context, who: Admin, status = 200, notice?: Notice) {
  const kind = queryText(ctx, 'kind');
  const code = queryText(ctx, 'code');
  const cursor = queryText(ctx, 'cursor');
  const filters = {
    kind: kind && FAILURE_KIND_OPTIONS.includes(kind) ? (kind as FailureQuery['kind']) : undefined,
    code: code && /^[a-z0-9_]{1,100}$/.test(code) ? code : undefined,
  };
  let page: {
    data: Awaited<ReturnType<AdminArea['services']['failures']['list']>>['data'];
    next_cursor: string | null;
  } = {
    data: [],
    next_cursor: null,
  };
  try {
    page = await area.services.failures.list(who.context, filters, { limit: PAGE_SIZE, cursor });
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'invalid_cursor') throw error;
    notice ??= area.kit.plainWords(error);
  }
  const nextPage = page.next_cursor
    ? `${area.base}/operations?${new URLSearchParams({
        ...(filters.kind ? { kind: filters.kind } : {}),
        ...(filters.code ? { code: filters.code } : {}),
        cursor: page.next_cursor,
      })}`
    : null;
  area.kit.send(
    ctx,
    status,
    operationsPage({
      viewer: who.viewer,
      failures: page.data,
      filters,
      nextPage,
      retries: (await area.services.failures.listRetries(who.context, { limit: 5 })).data,
      notice,
    }),
  );
}

/** The form as the API's RetryFailuresRequest: one cause's button (`kind|code`), else the checked failures. */
function retryBody(form: URLSearchParams): Record<string, unknown> {
  const cause = form.get('cause');
  if (cause) {
    const [kind, code] = cause.split('|');
    return { filter: { kind, code } };
  }
  return { ids: form.getAll('ids') };
}

/** Operations: failures of every kind grouped by cause, bulk retries and their progress. */
export function registerAdminOperationsRoutes(area: AdminArea): void {
  const { kit, services, base } = area;
  const { router, send } = kit;

  router.get(`${ADMIN_PREFIX}/operations`, async (ctx) => {
    const who = await area.adminGet(ctx, 'listFailures');
    if (who) await renderOperations(area, ctx, who);
  });

  router.post(`${ADMIN_PREFIX}/operations/retry`, async (ctx) => {
    const who = await area.adminPost(ctx, 'retryFailures');
    if (!who) return;
    const body = retryBody(who.form);
    if (Array.isArray(body.ids) && body.ids.length === 0)
      return renderOperations(area, ctx, who, 422, { kind: 'error', title: 'Check the failures to retry first.' });
    const result = await area.attempt('retryFailures', body, () => services.failures.retry(who.context, body as never));
    if (!result.ok) return renderOperations(area, ctx, who, result.status, result.notice);
    if (result.value.dryRun) return renderOperations(area, ctx, who);
    seeOther(ctx, `${base}/operations/retries/${encodeURIComponent(result.value.retry.id)}`);
  });

  router.get(`${ADMIN_PREFIX}/operations/retries/:id`, async (ctx) => {
    const who = await area.adminGet(ctx, 'getFailureRetry');
    if (!who) return;
    const retry = await services.failures.getRetry(who.context, ctx.params.id as string);
    send(ctx, 200, failureRetryPage({ viewer: who.viewer, retry }));
  });

  router.post(`${ADMIN_PREFIX}/operations/retries/:id/cancel`, async (ctx) => {
    const who = await area.adminPost(ctx, 'cancelFailureRetry');
    if (!who) return;
    const id = ctx.params.id as string;
    const result = await area.attempt('cancelFailureRetry', undefined, () =>
      services.failures.cancelRetry(who.context, id),
    );
    if (!result.ok) {
      const retry = await services.failures.getRetry(who.context, id);
      return send(ctx, result.status, failureRetryPage({ viewer: who.viewer, retry, notice: result.notice }));
    }
    send(
      ctx,
      200,
      failureRetryPage({
        viewer: who.viewer,
        retry: result.value,
        notice: { kind: 'success', title: 'No further failure will be retried. Those under way finish.' },
      }),
    );
  });
}
