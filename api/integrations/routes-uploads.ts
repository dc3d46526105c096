import { unsupportedMediaType } from '../../core/errors';
import { requestContext, type AppRouter } from '../context';
import { parseContentType } from '../middleware/parse-json-body';
import type { BindOperation } from '../operations';
import type { IntegrationUploadService } from './uploads';

export function registerIntegrationUploadRoutes(
  router: AppRouter,
  operation: BindOperation,
  uploads: IntegrationUploadService,
): void {
  operation(router, 'createIntegrationUpload', async (ctx, { params, query }) => {
    const contentType = parseContentType(ctx.get('content-type'));
    if (contentType?.mediaType !== 'text/csv')
      throw unsupportedMediaType('Send the file as the request body with "Content-Type: text/csv".');
    if (contentType.charset !== undefined && contentType.charset.toLowerCase() !== 'utf-8') {
      throw unsupportedMediaType(
        `The charset "${contentType.charset}" is not supported; send the file in UTF-8 (charset=utf-8, or no charset).`,
      );
    }
    if (
      (ctx.get('content-encoding') || 'identity')
        .split(',')
        .some((coding) => coding.trim().toLowerCase() !== 'identity')
    ) {
      throw unsupportedMediaType(
        `The Content-Encoding "${ctx.get('content-encoding')}" is not supported; send the file unencoded.`,
        { headers: { 'Accept-Encoding': 'identity' } },
      );
    }
    const id = params.id;
    let created;
    try {
      created = await uploads.create(requestContext(ctx), id, {
        body: ctx.req,
        length: ctx.request.length,
        filename: query.filename,
      });
    } catch (error) {
      // Refused part-way (over the limit, not UTF-8): the rest is read and dropped, so the client gets the answer
      // instead of a connection reset while it is still sending.
      if (!ctx.req.complete) ctx.req.resume();
      throw error;
    }
    ctx.status = 201;
    ctx.set('Location', `/api/v1/integrations/${id}/uploads/${created.id}`);
    ctx.body = created;
  });

  operation(router, 'listIntegrationUploads', async (ctx, { params, query }) => {
    ctx.body = await uploads.list(requestContext(ctx), params.id, { limit: query.limit, cursor: query.cursor });
  });

  operation(router, 'getIntegrationUpload', async (ctx, { params }) => {
    ctx.body = await uploads.get(requestContext(ctx), params.id, params.upload_id);
  });
}
