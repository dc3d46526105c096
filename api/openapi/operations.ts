import type { OpenApiDocument, OperationObject, PathItem } from './types';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** One operation of the document, as the request pipeline needs it: where it lives and what it demands. */
export interface DocumentedOperation {
  operationId: string;
  /** Upper case, as Koa reports it. */
  method: string;
  /** The OpenAPI path, `{id}` templates and all. */
  path: string;
  pattern: RegExp;
  /** Literal segments win over templated ones (`/scenarios/batch` before `/scenarios/{id}`). */
  parameterCount: number;
  /** `x-required-scope`; undefined or `none` when any valid credential (or none) may call it. */
  scope?: string;
  /** `x-body-limit`: a named body limit resolved from configuration (see `bodyLimitBytes`). */
  bodyLimit?: BodyLimitName;
  /** `x-streamed-body`: the handler reads the body itself, as a stream. */
  streamedBody?: boolean;
}

/**
 * The body limits an operation can name in `x-body-limit`. The document names the limit rather than the number so the
 * number stays configuration (BATCH_BODY_LIMIT_BYTES); operations naming none take BODY_LIMIT_BYTES. `test_case_import`
 * is what a test-case import of 1,000 cases can need (TEST_CASE_IMPORT_BODY_LIMIT_BYTES), within the batch limit.
 */
export type BodyLimitName = 'batch' | 'test_case_import';

function patternFor(path: string): RegExp {
  const source = path
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}/?$`);
}

/** Every operation of the document, most specific path first. */
export function documentedOperations(document: OpenApiDocument): DocumentedOperation[] {
  const operations: DocumentedOperation[] = [];
  for (const [path, item] of Object.entries(document.paths) as Array<[string, PathItem]>) {
    for (const method of METHODS) {
      const operation = item[method] as OperationObject | undefined;
      if (!operation) continue;
      const scope = operation['x-required-scope'];
      const bodyLimit = operation['x-body-limit'];
      operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        pattern: patternFor(path),
        parameterCount: (path.match(/\{/g) ?? []).length,
        ...(scope && scope !== 'none' ? { scope } : {}),
        ...(bodyLimit ? { bodyLimit } : {}),
        ...(operation['x-streamed-body'] ? { streamedBody: true } : {}),
      });
    }
  }
  return operations.sort((a, b) => a.parameterCount - b.parameterCount);
}

/** The operation a request is for, if the document has one (matched before routing, so middleware can use it). */
export function findOperation(
  operations: readonly DocumentedOperation[],
  method: string,
  path: string,
): DocumentedOperation | undefined {
  return operations.find((candidate) => candidate.method === method && candidate.pattern.test(path));
}

/** The route path Koa matches for an OpenAPI path: `{id}` → `:id`, less the router's prefix. */
export function koaPathFor(openApiPath: string, prefix = ''): string {
  if (!openApiPath.startsWith(prefix)) throw new Error(`${openApiPath} is not under the router prefix ${prefix}`);
  return openApiPath.slice(prefix.length).replace(/\{([^}]+)\}/g, ':$1') || '/';
}
