import type { Middleware } from 'koa';
import { AppError, type FieldError } from '../../core/app-error';
import type { AppState } from '../context';
import type { RequestValidators } from '../openapi/validators';

/** Validates body and query against the operation's schemas in the published OpenAPI document. */
export function validate(validators: RequestValidators, operationId: string): Middleware<AppState> {
  const operation = validators.forOperation(operationId);
  return async (ctx, next) => {
    const errors: FieldError[] = [];
    if (operation.query) {
      const query: Record<string, unknown> = { ...ctx.query };
      errors.push(...operation.query(query).map((e) => ({ ...e, path: `/query${e.path}` })));
      ctx.state.query = query;
    } else {
      ctx.state.query = {};
    }
    if (operation.body) {
      if (ctx.state.body === undefined) {
        if (operation.bodyRequired) errors.push({ path: '', message: 'a JSON request body is required' });
      } else {
        errors.push(...operation.body(ctx.state.body));
      }
    } else if (ctx.state.body !== undefined) {
      errors.push({ path: '', message: 'this operation takes no request body' });
    }
    if (errors.length > 0) {
      const query = errors.some((e) => e.path.startsWith('/query'));
      throw new AppError(query ? 400 : 422, query ? 'invalid_parameters' : 'validation_failed', describe(errors), { errors });
    }
    await next();
  };
}

function describe(errors: FieldError[]): string {
  const first = errors[0] as FieldError;
  const where = first.path === '' ? 'The request body' : `"${first.path}"`;
  return errors.length === 1
    ? `${where} ${first.message}.`
    : `${where} ${first.message}, and ${errors.length - 1} more problem(s); see "errors".`;
}
