import { requestContext, type AppRouter } from '../context';
import type { BindOperation } from '../operations';
import type { AuditLogService } from './service';

export function registerAuditLogRoutes(router: AppRouter, operation: BindOperation, auditLog: AuditLogService): void {
  operation(router, 'listAuditRecords', async (ctx, { query }) => {
    const { limit, cursor, ...filters } = query;
    ctx.body = await auditLog.list(requestContext(ctx), filters, { limit, cursor });
  });

  // Before getAuditRecord: "verify" would otherwise be taken for a record id.
  operation(router, 'verifyAuditLog', async (ctx) => {
    ctx.body = await auditLog.verify(requestContext(ctx));
  });

  operation(router, 'getAuditRecord', async (ctx, { params }) => {
    ctx.body = await auditLog.get(requestContext(ctx), params.id);
  });
}
