import os from 'node:os';
import { replaceModelVersion } from '../../api/models/replace-model-version';
import type { ModelUseCaseDeps } from '../../api/models/deps';
import { loadConfig } from '../../core/config';
import { createLogger } from '../../core/logger';
import { createModelCatalogue } from '../../decision/catalogue';
import { createExpressionSandbox } from '../../integrations/expression-sandbox';
import { percentile } from './http-load';
import { benchEditorTable, createModel } from './model-editor';
import type { BenchServices } from './services';

const RULES = 500;
const WARM_UP_SAVES = 3;

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** One PUT of the draft's content from `revision`; answers the revision it made. */
async function putVersion(baseUrl: string, key: string, modelId: string, revision: number) {
  const response = await fetch(`${baseUrl}/api/v1/models/${modelId}/versions/1`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...benchEditorTable(RULES), content_revision: revision }),
  });
  const answer = (await response.json()) as { content_revision: number };
  if (!response.ok) throw new Error(`PUT version answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer.content_revision;
}

/**
 * Saving a draft of a 500-rule × 20-column decision table (the editor's bench table): `PUT /models/{id}/versions/1`
 * through the API with a key (HTTP, authentication, the body's checks, the use case), beside its floor: the same use
 * case called in this process, without HTTP, on the bench database with a sandbox of its own, so every check a save
 * makes (the schemas, the sample inputs, the graph loaded and dry-run in the sandbox, its hash), the write and the
 * audit record are in both. The two alternate, save by save, so a busy machine weighs on both alike.
 */
export async function benchModelSave(
  services: BenchServices,
  key: string,
  tenantId: string,
  options: { saves: number },
): Promise<{ http: number[]; floor: number[] }> {
  const modelId = await createModel(services.baseUrl, key, `Bench save: ${RULES} rules`, RULES);
  const config = loadConfig();
  const sandbox = createExpressionSandbox(config.expressionSandbox);
  const deps: ModelUseCaseDeps = {
    db: services.db,
    catalogue: createModelCatalogue(),
    sandbox,
    releaseReviews: () => {
      throw new Error('a save starts no review');
    },
  };
  const context = {
    tenantId,
    actor: { type: 'system' as const, id: 'bench' },
    scopes: ['models:write'],
    requestId: 'bench',
    receivedAt: new Date().toISOString(),
    log: createLogger('warn', 'bench'),
  };
  const saveInProcess = async (revision: number) => {
    const saved = await replaceModelVersion(deps, context, modelId, '1', {
      ...benchEditorTable(RULES),
      content_revision: revision,
    } as Parameters<typeof replaceModelVersion>[4]);
    return saved.content_revision;
  };
  const http: number[] = [];
  const floor: number[] = [];
  let revision = 1;
  try {
    for (let i = -WARM_UP_SAVES; i < options.saves; i++) {
      let started = performance.now();
      revision = await putVersion(services.baseUrl, key, modelId, revision);
      if (i >= 0) http.push(performance.now() - started);
      started = performance.now();
      revision = await saveInProcess(revision);
      if (i >= 0) floor.push(performance.now() - started);
    }
  } finally {
    await sandbox.close();
  }
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
  const p95 = percentile(sorted(http), 0.95);
  console.log(`\n## Saving a ${RULES}-rule model (${options.saves} saves each, alternating; load average ${load})\n`);
  console.log('| measurement | p50 / p95 | floor: the use case in-process p50 / p95 | goal |');
  console.log('|---|---|---|---|');
  console.log(
    `| save ${RULES}-rule × 20-column model: PUT /models/{id}/versions/1 | ${ms(percentile(sorted(http), 0.5))} / ${ms(p95)} | ${ms(percentile(sorted(floor), 0.5))} / ${ms(percentile(sorted(floor), 0.95))} | p95 ≤ 300 ms: ${p95 <= 300 ? 'met' : '**missed**'} |`,
  );
  return { http, floor };
}
