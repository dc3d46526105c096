import type { Config } from '../core/config';
import type { AppContext, AppRouter } from './context';
import { validate } from './middleware/validate';
import { TEST_CASE_IMPORT_BODY_LIMIT_BYTES } from './models/test-case-csv';
import { documentedOperations, findOperation, koaPathFor, type DocumentedOperation } from './openapi/operations';
import type { OperationRequests } from './openapi/request-types.generated';
import type { OpenApiDocument } from './openapi/types';
import type { RequestValidators } from './openapi/validators';

export type OperationId = keyof OperationRequests;

/**
 * What a request to an operation carries once it passed validation: its path parameters, its query (coerced, defaults
 * applied) and its JSON body, typed by the operation's schemas in the document (api/openapi/request-types.generated.ts
 * is generated from the same document the validators are compiled from), so a handler reads them without casts.
 */
export type ValidatedRequest<Id extends OperationId> = OperationRequests[Id];

export type OperationHandler<Id extends OperationId> = (ctx: AppContext, request: ValidatedRequest<Id>) => unknown;

/**
 * Binds a handler to an operation of the OpenAPI document: method and path come from the document, and so do the
 * request validation (its schemas), the required scope (`x-required-scope`, enforced by the authorize middleware
 * before any idempotent replay) and the body limit (`x-body-limit`, enforced by parse-json-body). A route file names
 * only the operation and says what it does.
 */
export type BindOperation = <Id extends OperationId>(
  router: AppRouter,
  operationId: Id,
  handler: OperationHandler<Id>,
) => void;

/** Binds the document's operations to routers and checks, once all are bound, that none is missing or extra. */
export interface OperationBinding {
  operation: BindOperation;
  /** operationId → `METHOD /path` of every operation bound so far. */
  bound(): ReadonlyMap<string, string>;
  /**
   * Throws unless every operation of the document has exactly one handler and every route of the given routers is
   * an operation of the document (a handler registered with `router.get(...)` would bypass the contract).
   */
  assertComplete(routers: AppRouter[]): void;
}

export function createOperationBinding(document: OpenApiDocument, validators: RequestValidators): OperationBinding {
  const operations = new Map(documentedOperations(document).map((operation) => [operation.operationId, operation]));
  const bound = new Map<string, string>();
  const boundRoutes = new Set<string>();

  const operation: BindOperation = <Id extends OperationId>(
    router: AppRouter,
    operationId: Id,
    handler: OperationHandler<Id>,
  ) => {
    const documented = operations.get(operationId);
    if (!documented) throw new Error(`No operation "${operationId}" in the OpenAPI document`);
    if (bound.has(operationId)) throw new Error(`Operation "${operationId}" is bound twice`);
    const path = koaPathFor(documented.path, router.opts.prefix);
    // As router.get/post/… register (GET answers HEAD too), named for the operation.
    router.register(
      path,
      [documented.method],
      [validate(validators, operationId), async (ctx) => void (await handler(ctx, validatedRequest<Id>(ctx)))],
      {
        ...router.opts,
        name: operationId,
      },
    );
    bound.set(operationId, `${documented.method} ${documented.path}`);
    boundRoutes.add(`${documented.method} ${documented.path}`);
  };

  return {
    operation,
    bound: () => bound,
    assertComplete(routers) {
      const unbound = [...operations.keys()].filter((operationId) => !bound.has(operationId));
      if (unbound.length > 0)
        throw new Error(`Operations in the OpenAPI document without a handler: ${unbound.join(', ')}`);
      const undocumented = routers.flatMap((router) =>
        router.stack
          .filter((layer) => layer.methods.length > 0)
          .flatMap((layer) =>
            layer.methods.filter((method) => method !== 'HEAD').map((method) => `${method} ${layer.path}`),
          )
          .filter((route) => !boundRoutes.has(openApiRoute(route))),
      );
      if (undocumented.length > 0)
        throw new Error(`Routes that are not operations of the OpenAPI document: ${undocumented.join(', ')}`);
    },
  };
}

/**
 * The request as its handler's types describe it. The validate middleware before the handler has checked the body and
 * query against the very schemas the types are generated from (a test keeps the generated file in step), and the router
 * matched the path's parameters: this is the one place that vouches for that.
 */
function validatedRequest<Id extends OperationId>(ctx: AppContext): ValidatedRequest<Id> {
  return { params: ctx.params, query: ctx.state.query, body: ctx.state.body } as ValidatedRequest<Id>;
}

/** `POST /api/v1/scenarios/:id` → `POST /api/v1/scenarios/{id}`: a registered route in the document's terms. */
function openApiRoute(route: string): string {
  return route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** The body limit of the operation a request is for (`x-body-limit`), else the default one. */
export function bodyLimitFor(
  document: OpenApiDocument,
  config: Pick<Config, 'bodyLimitBytes' | 'batchBodyLimitBytes'>,
) {
  const limits: Record<NonNullable<DocumentedOperation['bodyLimit']>, number> = {
    batch: config.batchBodyLimitBytes,
    test_case_import: Math.min(config.batchBodyLimitBytes, TEST_CASE_IMPORT_BODY_LIMIT_BYTES),
  };
  const withLimits = documentedOperations(document).filter((operation) => operation.bodyLimit !== undefined);
  return (method: string, path: string): number => {
    const operation = findOperation(withLimits, method, path);
    return operation?.bodyLimit ? limits[operation.bodyLimit] : config.bodyLimitBytes;
  };
}

/** Whether a request is for an operation that reads its body as a stream (`x-streamed-body`: uploads). */
export function streamedBodyFor(document: OpenApiDocument) {
  const streamed = documentedOperations(document).filter((operation) => operation.streamedBody);
  return (method: string, path: string): boolean => findOperation(streamed, method, path) !== undefined;
}
