import type { RequestContext } from '../context';
import type { CreateEnvironmentRequest, UpdateEnvironmentRequest } from '../openapi/request-types.generated';
import { archiveEnvironment } from './archive-environment';
import { createEnvironment } from './create-environment';
import type { EnvironmentUseCaseDeps } from './deps';
import { getEnvironment } from './get-environment';
import { listEnvironments } from './list-environments';
import { updateEnvironment } from './update-environment';

/** The environments family's use cases bound to their dependencies. */
export function createEnvironmentService(deps: EnvironmentUseCaseDeps) {
  return {
    list: (context: RequestContext, filters: { status?: 'active' | 'archived' }) =>
      listEnvironments(deps, context, filters),
    get: (context: RequestContext, id: string) => getEnvironment(deps, context, id),
    create: (context: RequestContext, body: CreateEnvironmentRequest) => createEnvironment(deps, context, body),
    update: (context: RequestContext, id: string, body: UpdateEnvironmentRequest) =>
      updateEnvironment(deps, context, id, body),
    archive: (context: RequestContext, id: string) => archiveEnvironment(deps, context, id),
  };
}

export type EnvironmentService = ReturnType<typeof createEnvironmentService>;
