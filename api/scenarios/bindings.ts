/**
 * Scenario input bindings: an input whose value is a dataset aggregate (`starting_headcount` = count of active
 * employees in Engineering) instead of a literal. Resolved when the run starts, before the inputs are validated
 * against the model; the value is frozen into the run's inputs and its provenance (dataset, filter, metric, and the
 * sync and time the data came from) into the run's audit trail, so the run can be reproduced after the data changes.
 */

import type { Knex } from 'knex';
import { AppError, pointerTo, validationFailed, type FieldError } from '../../core/app-error';
import type { AuditEvent } from '../../db/records/scenario';
import {
  aggregateDataset,
  DatasetRequestRejected,
  findDatasetDefinition,
  metricName,
  type AggregateMetric,
  type AggregateValue,
  type DatasetFilter,
} from '../../db/repositories/datasets';
import { inTenantTransaction } from '../../db/tenant-scope';
import { INPUTS_BOUND_EVENT } from '../../db/records/scenario';

export interface InputBinding {
  dataset: string;
  metric: Omit<AggregateMetric, 'as'>;
  filter?: DatasetFilter;
  /** A sync id or an RFC 3339 time; default: the data as it is when the run starts. */
  as_of?: string;
}

/** A binding as resolved for one run: what was asked, the value, and where in the data's history it came from. */
export interface ResolvedBinding {
  dataset: string;
  metric: Omit<AggregateMetric, 'as'>;
  filter: DatasetFilter | null;
  as_of_requested: string | null;
  value: AggregateValue;
  /** The sync the data came from (null: no sync had finished by then). */
  sync_id: string | null;
  /** The point in the dataset's history the value was read at. */
  at: string;
}

export { INPUTS_BOUND_EVENT };

const bindingPath = (name: string) => pointerTo('/input_bindings', name);

/**
 * Resolves every binding in one read-only snapshot. 422s name `/input_bindings/<input>` (and the field within it):
 * an input given both literally and bound, an unknown dataset, field or operator, a value that cannot be resolved
 * (the average of no records). A sync id in `as_of` that is not the tenant's is a 404, as anywhere.
 */
export async function resolveInputBindings(
  db: Knex,
  tenantId: string,
  inputs: Record<string, unknown>,
  bindings: Record<string, InputBinding>,
): Promise<Record<string, ResolvedBinding>> {
  const errors: FieldError[] = [];
  for (const name of Object.keys(bindings)) {
    if (Object.hasOwn(inputs, name))
      errors.push({
        path: bindingPath(name),
        message: `"${name}" is also given in inputs: give an input a value or a binding, not both`,
      });
  }
  if (errors.length > 0) throw validationFailed(errors, 'An input is both given and bound.');
  const resolved: Record<string, ResolvedBinding> = {};
  await inTenantTransaction(
    db,
    tenantId,
    async (scope) => {
      for (const [name, binding] of Object.entries(bindings)) {
        const path = bindingPath(name);
        if (!(await findDatasetDefinition(scope, binding.dataset))) {
          errors.push({ path: `${path}/dataset`, message: `there is no dataset "${binding.dataset}"` });
          continue;
        }
        try {
          const result = await aggregateDataset(scope, binding.dataset, {
            metrics: [binding.metric],
            filter: binding.filter,
            as_of: binding.as_of,
          });
          const value = result.values?.[metricName(binding.metric)] ?? null;
          if (value === null) {
            errors.push({
              path,
              message: `resolved to no value: the ${binding.metric.function} of ${binding.metric.field ?? 'records'} over no matching records (as of ${result.as_of.at})`,
            });
            continue;
          }
          resolved[name] = {
            dataset: binding.dataset,
            metric: binding.metric,
            filter: binding.filter ?? null,
            as_of_requested: binding.as_of ?? null,
            value,
            sync_id: result.as_of.sync_id,
            at: result.as_of.at,
          };
        } catch (error) {
          if (!(error instanceof DatasetRequestRejected)) throw error;
          errors.push(
            ...error.errors.map((e) => ({
              ...e,
              path: e.path.startsWith('/metrics/0')
                ? `${path}/metric${e.path.slice('/metrics/0'.length)}`
                : `${path}${e.path}`,
            })),
          );
        }
      }
    },
    { isolationLevel: 'repeatable read', readOnly: true },
  );
  if (errors.length > 0) throw validationFailed(errors, 'An input binding does not resolve.');
  return resolved;
}

/** The values to merge into the run's inputs. */
export function boundValues(resolved: Record<string, ResolvedBinding>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(resolved).map(([name, binding]) => [name, binding.value]));
}

/**
 * A model's refusal of a bound value names the binding, not an input the client never sent: `/inputs/<name>` becomes
 * `/input_bindings/<name>`.
 */
export function blameBindings<T>(resolved: Record<string, ResolvedBinding>, work: () => Promise<T>): Promise<T> {
  return work().catch((error: unknown) => {
    const fieldErrors = error instanceof AppError && error.status === 422 ? error.extras.errors : undefined;
    if (!fieldErrors || Object.keys(resolved).length === 0) throw error;
    const rewritten = fieldErrors.map((e) => {
      const name = Object.keys(resolved).find(
        (n) => e.path === pointerTo('/inputs', n) || e.path.startsWith(`${pointerTo('/inputs', n)}/`),
      );
      return name === undefined
        ? e
        : {
            ...e,
            path: bindingPath(name),
            message: `resolved to ${JSON.stringify(resolved[name]?.value)}, which ${e.message}`,
          };
    });
    throw validationFailed(rewritten, error instanceof AppError ? error.detail : undefined);
  });
}

/** The run's bindings, from its audit trail (null when none of its inputs was bound). */
export function bindingsOf(trail: AuditEvent[]): Record<string, ResolvedBinding> | null {
  const event = trail.find((e) => e.event === INPUTS_BOUND_EVENT);
  return event ? ((event.details as { bindings: Record<string, ResolvedBinding> }).bindings ?? null) : null;
}
