import type { Middleware } from 'koa';
import { invalidParameters } from '../../core/errors';
import { pointerTo, validationFailed, type FieldError } from '../../core/app-error';
import type { AppState } from '../context';
import type { OperationValidators, RequestValidators } from '../openapi/validators';

/**
 * Validates body and query against the operation's schemas in the published OpenAPI document. The operation must be
 * in the document when the route is bound; its schemas compile on its first request (compiling all of them took about
 * half a second of every process that builds the app, most of whose operations a process may never serve), and
 * test/unit/operations.test.ts compiles every operation's.
 */
export function validate(validators: RequestValidators, operationId: string): Middleware<AppState> {
  if (!validators.hasOperation(operationId)) throw new Error(`No operation "${operationId}" in the OpenAPI document`);
  let compiled: OperationValidators | undefined;
  return async (ctx, next) => {
    const operation = (compiled ??= validators.forOperation(operationId));
    const errors: FieldError[] = queryNulErrors(ctx.query);
    if (operation.query) {
      const query: Record<string, unknown> = { ...ctx.query };
      const queryErrors = operation.query(query).map((e) => ({ ...e, path: `/query${e.path}` }));
      errors.push(...queryErrors.filter((e) => !errors.some((nul) => nul.path === e.path)));
      ctx.state.query = query;
    } else {
      ctx.state.query = {};
    }
    if (operation.body) {
      if (ctx.state.body === undefined) {
        if (operation.bodyRequired) errors.push({ path: '', message: 'is required: send a JSON object' });
      } else {
        errors.push(...operation.body(ctx.state.body));
      }
    } else if (ctx.state.body !== undefined && !isEmptyObject(ctx.state.body)) {
      // An operation without fields (most actions: revoke, test, cancel, …) takes no body, an empty one or `{}` alike.
      errors.push({ path: '', message: 'must be absent, empty or {}: this operation takes no fields' });
    }
    if (errors.length > 0) {
      const query = errors.some((e) => e.path.startsWith('/query'));
      throw query ? invalidParameters(describe(errors), errors) : validationFailed(errors, describe(errors));
    }
    await next();
  };
}

function isEmptyObject(value: unknown): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0;
}

/**
 * Postgres text cannot hold U+0000, so a NUL anywhere in the query (name or value, declared parameter or not) is
 * refused here, once for every operation, rather than failing in whichever query first stores or compares it.
 */
function queryNulErrors(query: Record<string, string | string[] | undefined>): FieldError[] {
  const errors: FieldError[] = [];
  for (const [name, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value ?? ''];
    if (name.includes('\u0000') || values.some((v) => v.includes('\u0000'))) {
      errors.push({ path: pointerTo('/query', name), message: 'must not contain the NUL character (U+0000)' });
    }
  }
  return errors;
}

function describe(errors: FieldError[]): string {
  const first = errors[0] as FieldError;
  const where = first.path === '' ? 'The request body' : `"${first.path}"`;
  return errors.length === 1
    ? `${where} ${first.message}.`
    : `${where} ${first.message}, and ${errors.length - 1} more problem(s); see "errors".`;
}
