import { requestContext, type AppRouter } from '../context';
import type { LongPolls } from '../long-poll';
import type { BindOperation } from '../operations';
import type { AuditExportService } from './service';

export function registerAuditExportRoutes(
  router: AppRouter,
  operation: BindOperation,
  exports: AuditExportService,
  longPolls: LongPolls,
): void {
  operation(router, 'createAuditExport', async (ctx, { body }) => {
    const created = await exports.create(requestContext(ctx), body ?? {});
    ctx.status = 202;
    ctx.set('Location', `/api/v1/audit-exports/${created.id}`);
    ctx.body = created;
  });

  operation(router, 'getAuditExport', async (ctx, { params }) => {
    const context = requestContext(ctx);
    await longPolls.respond(ctx, params.id, () => exports.get(context, params.id));
  });

  operation(router, 'downloadAuditExport', async (ctx, { params, query }) => {
    const { format } = query;
    const file = await exports.download(requestContext(ctx), params.id, format);
    ctx.type = file.contentType;
    ctx.set('Content-Disposition', `attachment; filename="${file.fileName}"`);
    ctx.body = file.body;
  });

  operation(router, 'getAuditExportDigest', async (ctx, { params }) => {
    ctx.type = 'application/jose';
    ctx.body = await exports.digest(requestContext(ctx), params.id);
  });
}

/** Unauthenticated: the keys verifying export digests, for customers verifying offline. */
export function registerAuditExportKeyRoutes(
  router: AppRouter,
  operation: BindOperation,
  exports: AuditExportService,
): void {
  operation(router, 'getAuditExportJwks', async (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = await exports.verificationKeys();
  });
}
