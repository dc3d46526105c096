import { validationFailed, type FieldError } from '../../core/app-error';
import type { IntegrationRecord } from '../../db/records/integration';
import { resolveDatasetDefinition } from '../../db/repositories/dataset-definitions';
import type { TenantScope } from '../../db/tenant-scope';
import { CONNECTORS, type Connector } from '../../integrations/connectors';
import { BudgetExceededError, budgetFieldError, type ExpressionSandbox } from '../../integrations/expression-sandbox';
import type { FieldMappingDefinition } from '../../integrations/field-mapping';
import type { DatasetDefinition } from '../../integrations/datasets';

/** The streams an integration's configuration names (no connection needed): the connector's own, or `config.streams`. */
function streamNamesOf(record: IntegrationRecord): string[] {
  const connector = CONNECTORS[record.connector_type] as Connector<Record<string, unknown>> | undefined;
  if (connector?.streamNames) return connector.streamNames(record.config);
  return ((record.config.streams ?? []) as Array<{ name: string }>).map((s) => s.name);
}

/** Tenant expressions run in the sandbox; past its budget, a 422 names the expression (under `prefix`). */
export function inSandbox<T>(work: Promise<T>, prefix: string): Promise<T> {
  return work.catch((error: unknown) => {
    if (error instanceof BudgetExceededError)
      throw validationFailed([budgetFieldError(error, `${prefix}/fields`, prefix)], 'The field mapping is not valid.');
    throw error;
  });
}

/**
 * The first half of a mapping's check, inside a transaction: its stream is one of the integration's and its target
 * dataset exists (the built-in or the tenant's own; `forShare` locks it so it cannot be deleted or reshaped while a
 * mapping into it is saved). Problems at JSON Pointers under `prefix`.
 */
export async function mappingTarget(
  scope: TenantScope,
  record: IntegrationRecord,
  mapping: FieldMappingDefinition,
  prefix: string,
  options: { forShare?: boolean } = {},
): Promise<{ errors: FieldError[]; target: DatasetDefinition | undefined }> {
  const streams = streamNamesOf(record);
  const errors: FieldError[] = [];
  if (!streams.includes(mapping.stream))
    errors.push({ path: `${prefix}/stream`, message: `is not a stream of this integration (${streams.join(', ')})` });
  const target = await resolveDatasetDefinition(scope, mapping.target, options);
  if (!target)
    errors.push({
      path: `${prefix}/target`,
      message: 'is not a dataset: `employees` or one defined with POST /api/v1/datasets',
    });
  return { errors, target };
}

/**
 * The second half, outside any transaction (no pooled connection waits on the sandbox): the mapping's expressions
 * and fields checked against the target in the sandbox, then every problem found thrown as one 422.
 */
export async function refuseMappingProblems(
  sandbox: ExpressionSandbox,
  checked: { errors: FieldError[]; target: DatasetDefinition | undefined },
  mapping: FieldMappingDefinition,
  prefix: string,
  sourceFields?: string[],
): Promise<DatasetDefinition> {
  const { target } = checked;
  const errors = [...checked.errors];
  if (target)
    errors.push(
      ...(await inSandbox(sandbox.mappingProblems(mapping, target, sourceFields), prefix)).map((e) => ({
        ...e,
        path: `${prefix}${e.path}`,
      })),
    );
  if (errors.length > 0 || !target) throw validationFailed(errors, 'The field mapping is not valid.');
  return target;
}
