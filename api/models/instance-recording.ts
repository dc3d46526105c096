import { canonicalJson, sha256Hex } from '../../core/canonical-json';
import { DECISION_RECEIPT_JWS_TYPE, type DecisionReceipt } from '../../core/decision-receipt';
import { newId } from '../../core/ids';
import type { RunnableModel } from '../../decision/catalogue';
import type { EvaluatedItem } from '../../decision/evaluation-trace';
import { DEFAULT_RECORDING, shouldRecord, type RecordingPolicy } from '../../decision/recording-policy';
import type { InstanceRecorder } from '../../db/decision-instance-recorder';
import type { DecisionInstanceSource, NewDecisionInstance } from '../../db/repositories/decision-instances';
import { activeSigningKey } from '../../db/repositories/signing-keys';
import type { Knex } from 'knex';
import type { RequestContext } from '../context';

/** Signs decision receipts with the active audit signing key (kept for a minute: a rotation is seen within one). */
export interface ReceiptSigner {
  sign(receipt: DecisionReceipt): Promise<string>;
}

const KEY_KEPT_MS = 60_000;

export function createReceiptSigner(db: Knex): ReceiptSigner {
  let key:
    | {
        until: number;
        signing: Promise<{ kid: string; alg: string; key: Awaited<ReturnType<(typeof import('jose'))['importJWK']>> }>;
      }
    | undefined;
  const signingKey = () => {
    if (!key || Date.now() > key.until) {
      const loading = (async () => {
        const { importJWK } = await import('jose');
        const active = await activeSigningKey(db);
        return { kid: active.kid, alg: active.alg, key: await importJWK(active.privateJwk, active.alg) };
      })();
      loading.catch(() => (key = undefined));
      key = { until: Date.now() + KEY_KEPT_MS, signing: loading };
    }
    return key.signing;
  };
  return {
    async sign(receipt) {
      const { CompactSign } = await import('jose');
      const signing = await signingKey();
      return new CompactSign(new TextEncoder().encode(canonicalJson(receipt)))
        .setProtectedHeader({ alg: signing.alg, kid: signing.kid, typ: DECISION_RECEIPT_JWS_TYPE })
        .sign(signing.key);
    },
  };
}

/** What recording an evaluation request needs: where instances go, and who signs receipts. */
export interface InstanceRecordingDeps {
  recorder?: InstanceRecorder;
  receipts?: ReceiptSigner;
}

/** Which of a request's evaluations are recorded, and how: decided before evaluating (hits are asked for only then). */
export interface RecordingPlan {
  policy: RecordingPolicy;
  /** Per evaluation, in order: recorded or not. */
  recorded: boolean[];
  receipts: boolean;
  durable: boolean;
}

/**
 * The plan for `count` evaluations: each is recorded under the model's policy (sampled ones drawn one by one); a
 * receipt asked for (by the request or the policy) records its evaluation whatever the sampling, durably — a receipt
 * names an instance that can be found.
 */
export async function planRecording(
  deps: InstanceRecordingDeps,
  tenantId: string,
  model: RunnableModel,
  count: number,
  receiptAsked: boolean | undefined,
): Promise<RecordingPlan> {
  const policy = deps.recorder
    ? await deps.recorder.policyFor(tenantId, model.id, model.source === 'builtin')
    : DEFAULT_RECORDING;
  const receipts = (receiptAsked ?? policy.receipts) && deps.recorder !== undefined && deps.receipts !== undefined;
  const recorded = Array.from({ length: count }, () => receipts || shouldRecord(policy));
  return { policy, recorded, receipts, durable: receipts || policy.record_guarantee === 'durable' };
}

export interface RecordedEvaluation {
  inputs: unknown;
  correlationId: string | null;
  evaluated: EvaluatedItem;
}

/**
 * The instances of the plan's recorded evaluations, queued (durably when the plan says so: then this resolves only
 * once they are committed). Answers, per evaluation, its instance id and receipt (undefined when not recorded).
 */
export async function recordEvaluations(
  deps: InstanceRecordingDeps,
  context: Pick<RequestContext, 'tenantId' | 'actor'> & { environmentId?: string | null },
  model: RunnableModel,
  plan: RecordingPlan,
  evaluations: RecordedEvaluation[],
  source: DecisionInstanceSource,
  idempotencyKey: string | undefined,
): Promise<Array<{ instance_id: string; receipt?: string } | undefined>> {
  const { recorder } = deps;
  if (!recorder || !plan.recorded.some(Boolean)) return evaluations.map(() => undefined);
  const evaluatedAt = new Date();
  const rows: NewDecisionInstance[] = [];
  const answers = await Promise.all(
    evaluations.map(async ({ inputs, correlationId, evaluated }, index) => {
      if (!plan.recorded[index]) return undefined;
      const row: NewDecisionInstance = {
        id: newId('decisionInstance'),
        tenant_id: context.tenantId,
        model_id: model.id,
        version: model.version,
        format: model.engine,
        source,
        caller: context.actor,
        idempotency_key: idempotencyKey ?? null,
        correlation_id: correlationId,
        environment_id: context.environmentId ?? null,
        inputs: plan.policy.record_inputs ? inputs : null,
        inputs_sha256: sha256Hex(canonicalJson(inputs)),
        outputs: evaluated.ok ? evaluated.outputs : null,
        hits: evaluated.ok ? (evaluated.hits ?? []) : [],
        status: evaluated.ok ? 'succeeded' : 'failed',
        error: evaluated.ok
          ? null
          : {
              code: 'model_evaluation_failed',
              message: evaluated.message,
              ...(evaluated.node_id !== undefined ? { node_id: evaluated.node_id } : {}),
            },
        duration_ms: evaluated.duration_ms,
        evaluated_at: evaluatedAt,
        receipt: null,
      };
      if (plan.receipts && evaluated.ok && deps.receipts)
        row.receipt = await deps.receipts.sign(receiptOf(row, evaluated.outputs));
      rows.push(row);
      return { instance_id: row.id, ...(row.receipt ? { receipt: row.receipt } : {}) };
    }),
  );
  await recorder.record(rows, plan.durable);
  return answers;
}

function receiptOf(row: NewDecisionInstance, outputs: Record<string, unknown>): DecisionReceipt {
  return {
    instance_id: row.id,
    tenant_id: row.tenant_id,
    model_id: row.model_id,
    version: row.version,
    format: row.format,
    inputs_sha256: row.inputs_sha256,
    outputs,
    hits: row.hits,
    correlation_id: row.correlation_id,
    evaluated_at: row.evaluated_at.toISOString(),
  };
}
