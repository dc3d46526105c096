import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { AuditExportCreate, AuditExportFormat, AuditExportService } from './audit-exports';

export function registerAuditExportRoutes(router: AppRouter, operation: BindOperation, exports: AuditExportService): void {
  operation(router, 'createAuditExport', async (ctx) => {
    const created = await exports.create(requestContext(ctx), (ctx.state.body ?? {}) as AuditExportCreate);
    ctx.status = 202;
    ctx.set('Location', `/api/v1/audit-exports/${created.id}`);
    ctx.body = created;
  });

  operation(router, 'getAuditExport', async (ctx) => {
    ctx.body = await exports.get(requestContext(ctx), ctx.params.id as string);
  });

  operation(router, 'downloadAuditExport', async (ctx) => {
    const { format } = ctx.state.query as { format: AuditExportFormat };
    const file = await exports.download(requestContext(ctx), ctx.params.id as string, format);
    ctx.type = file.contentType;
    ctx.set('Content-Disposition', `attachment; filename="${file.fileName}"`);
    ctx.body = file.body;
  });

  operation(router, 'getAuditExportDigest', async (ctx) => {
    ctx.type = 'application/jose';
    ctx.body = await exports.digest(requestContext(ctx), ctx.params.id as string);
  });
}

/** Unauthenticated: the keys verifying export digests, for customers verifying offline. */
export function registerAuditExportKeyRoutes(router: AppRouter, operation: BindOperation, exports: AuditExportService): void {
  operation(router, 'getAuditExportJwks', async (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = await exports.verificationKeys();
  });
}
