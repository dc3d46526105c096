import { callerEnvironment } from './environment-resolution';
import type { RequestContext } from '../context';
import type { PageRequest } from '../../db/pagination';
import { listModels, type ModelListFilters } from './list-models';
import { getModel } from './get-model';
import { listModelVersions } from './list-model-versions';
import type { ModelUpload } from './upload-checks';
import type { PromoteModelVersionRequest, ReplaceModelVersionRequest } from '../openapi/request-types.generated';
import type { ModelUseCaseDeps } from './deps';
import { createModel, type ModelCreate } from './create-model';
import { createModelVersion } from './create-model-version';
import { deprecateModel } from './deprecate-model';
import { validateModelInputs, type ModelInputsCheck } from './validate-model-inputs';
import { evaluateModel, type ModelEvaluation } from './evaluate-model';
import { setModelLegalHold } from './place-model-legal-hold';
import { listDecisionInstances, type DecisionInstanceQuery } from './list-decision-instances';
import { getDecisionInstance } from './get-decision-instance';
import { getRuleHits } from './get-rule-hits';
import { diffModelVersions } from './diff-model-versions';
import { createTestCase } from './create-model-test-case';
import { deleteModelTestCase } from './delete-model-test-case';
import { getModelTestCase } from './get-model-test-case';
import { importTestCases } from './import-model-test-cases';
import { listModelTestCases } from './list-model-test-cases';
import { updateModelTestCase } from './update-model-test-case';
import type { TestCaseInput, TestCaseUpdate } from './test-case-records';
import { getModelTestRun } from './get-model-test-run';
import { listModelTestRuns } from './list-model-test-runs';
import { runModelTests } from './run-model-tests';
import { resolveModel, type ModelResolveOptions } from './resolve-model';
import { updateModel, type ModelUpdate } from './update-model';
import { getModelVersion } from './get-model-version';
import { replaceModelVersion } from './replace-model-version';
import { submitModelVersion, type SubmitModelVersion } from './submit-model-version';
import { rollbackModelVersion } from './publish-model-version';
import { promoteModelVersion } from './promote-model-version';
import { listModelDeployments } from './list-model-deployments';
import { getModelDeployment } from './get-model-deployment';
import { cancelModelDeployment } from './cancel-model-deployment';
import { listEnvironmentDeployments } from './list-environment-deployments';
import { listModelReleases } from './list-model-releases';
import { getModelHistory } from './get-model-history';
import { listPublishedVersions } from './list-published-versions';
import { getModelVersionDetail } from './get-model-version-detail';
import { simulateModel, type ModelSimulationRequest } from './simulate-model';
import { simulateModelTests } from './simulate-model-tests';
import { checkWorkingCopy, type WorkingCopyRequest } from './working-copy';
import { analyseModelVersion } from './analyse-model-version';
import { analyseWorkingCopy } from './analyse-working-copy';
import { generateModelTestCases } from './generate-model-test-cases';
import { getModelSettings } from './get-model-settings';
import { updateModelSettings } from './update-model-settings';
import type { GenerateModelTestCasesRequest, UpdateModelSettingsRequest } from '../openapi/request-types.generated';

export type { ModelCreate, ModelSimulationRequest, ModelUpload, WorkingCopyRequest };
export { simulateModel } from './simulate-model';
export { simulateModelTests } from './simulate-model-tests';
export { isModelId } from './resolve-model';
export type { ModelReplayDeps, ModelUseCaseDeps, ReleaseReviews } from './deps';

/** The models family's use cases, one file each, bound to their dependencies. */
export function createModelService(deps: ModelUseCaseDeps) {
  return {
    list: (context: RequestContext, filters: ModelListFilters, page: PageRequest) =>
      listModels(deps, context, filters, page),
    get: (context: RequestContext, id: string) => getModel(deps, context, id),
    listVersions: (context: RequestContext, id: string) => listModelVersions(deps, context, id),
    create: (context: RequestContext, body: ModelCreate) => createModel(deps, context, body),
    createVersion: (context: RequestContext, id: string, body: ModelUpload) =>
      createModelVersion(deps, context, id, body),
    deprecate: (context: RequestContext, id: string) => deprecateModel(deps, context, id),
    validateInputs: (context: RequestContext, id: string, body: ModelInputsCheck) =>
      validateModelInputs(deps, context, id, body),
    evaluate: (context: RequestContext, id: string, body: ModelEvaluation, request?: { idempotencyKey?: string }) =>
      evaluateModel(deps, context, id, body, request),
    update: (context: RequestContext, id: string, body: ModelUpdate) => updateModel(deps, context, id, body),
    setLegalHold: (context: RequestContext, id: string, hold: { reason: string } | null) =>
      setModelLegalHold(deps, context, id, hold),
    listInstances: (context: RequestContext, query: DecisionInstanceQuery, page: PageRequest) =>
      listDecisionInstances(deps, context, query, page),
    getInstance: (context: RequestContext, id: string, options: { trace?: boolean }) =>
      getDecisionInstance(deps, context, id, options),
    ruleHits: (
      context: RequestContext,
      id: string,
      version: string,
      query: { from?: string; to?: string; bucket?: 'hour' | 'day' },
    ) => getRuleHits(deps, context, id, version, query),
    getVersion: (context: RequestContext, id: string, version: string) => getModelVersion(deps, context, id, version),
    replaceVersion: (context: RequestContext, id: string, version: string, body: ReplaceModelVersionRequest) =>
      replaceModelVersion(deps, context, id, version, body),
    submitVersion: (context: RequestContext, id: string, version: string, body: SubmitModelVersion) =>
      submitModelVersion(deps, context, id, version, body),
    rollback: (context: RequestContext, id: string, version: string, body: { reason: string; environment?: string }) =>
      rollbackModelVersion(deps, context, id, version, body),
    promote: (context: RequestContext, id: string, version: string, body: PromoteModelVersionRequest) =>
      promoteModelVersion(deps, context, id, version, body),
    listDeployments: (
      context: RequestContext,
      id: string,
      filters: { environment?: string; status?: string; as_of?: string },
      page: PageRequest,
    ) => listModelDeployments(deps, context, id, filters, page),
    getDeployment: (context: RequestContext, id: string, deploymentId: string) =>
      getModelDeployment(deps, context, id, deploymentId),
    cancelDeployment: (context: RequestContext, id: string, deploymentId: string) =>
      cancelModelDeployment(deps, context, id, deploymentId),
    listEnvironmentDeployments: (
      context: RequestContext,
      id: string,
      filters: { status?: string },
      page: PageRequest,
    ) => listEnvironmentDeployments(deps, context, id, filters, page),
    listReleases: (context: RequestContext, id: string) => listModelReleases(deps, context, id),
    diffVersions: (context: RequestContext, id: string, version: string, against: string | undefined) =>
      diffModelVersions(deps, context, id, version, against),
    analyseVersion: (context: RequestContext, id: string, version: string) =>
      analyseModelVersion(deps, context, id, version),
    generateTestCases: (context: RequestContext, id: string, version: string, body: GenerateModelTestCasesRequest) =>
      generateModelTestCases(deps, context, id, version, body),
    getSettings: (context: RequestContext) => getModelSettings(deps, context),
    updateSettings: (context: RequestContext, body: UpdateModelSettingsRequest) =>
      updateModelSettings(deps, context, body),
    createTestCase: (context: RequestContext, id: string, body: TestCaseInput) =>
      createTestCase(deps, context, id, body),
    importTestCases: (context: RequestContext, id: string, body: { cases?: TestCaseInput[]; csv?: string }) =>
      importTestCases(deps, context, id, body),
    listTestCases: (context: RequestContext, id: string, page: PageRequest) =>
      listModelTestCases(deps, context, id, page),
    getTestCase: (context: RequestContext, id: string, caseId: string) => getModelTestCase(deps, context, id, caseId),
    updateTestCase: (context: RequestContext, id: string, caseId: string, body: TestCaseUpdate) =>
      updateModelTestCase(deps, context, id, caseId, body),
    deleteTestCase: (context: RequestContext, id: string, caseId: string) =>
      deleteModelTestCase(deps, context, id, caseId),
    runTests: (context: RequestContext, id: string, body: { version?: string }) =>
      runModelTests(deps, context, id, body),
    /** An unsaved working copy run on inputs (beside a stored version); nothing stored. Callers hold `models:write`. */
    simulate: (context: RequestContext, id: string, body: ModelSimulationRequest) =>
      simulateModel(deps, context, id, body),
    /** The suite run on an unsaved working copy, judged as a test run; nothing stored. Callers hold `models:write`. */
    simulateTests: (context: RequestContext, id: string, body: WorkingCopyRequest) =>
      simulateModelTests(deps, context, id, body),
    /** An unsaved working copy checked as an upload is (compiled and dry-run in the sandbox); nothing run, nothing
     *  stored: a refusal is the 422 of a save, at `/content…`. Callers hold `models:write`. */
    /** An unsaved working copy's decision tables verified (checked as an upload first); nothing stored. Callers hold
     *  `models:write`. */
    analyseWorkingCopy: (context: RequestContext, id: string, body: WorkingCopyRequest) =>
      analyseWorkingCopy(deps, context, id, body),
    checkWorkingCopy: async (context: RequestContext, id: string, body: WorkingCopyRequest) => {
      const copy = await checkWorkingCopy(deps, context.tenantId, id, body);
      copy.release();
    },
    listTestRuns: (context: RequestContext, id: string, filters: { version?: string }, page: PageRequest) =>
      listModelTestRuns(deps, context, id, filters, page),
    getTestRun: (context: RequestContext, id: string, runId: string) => getModelTestRun(deps, context, id, runId),
    history: (context: RequestContext, id: string) => getModelHistory(deps, context, id),
    publishedVersions: (context: RequestContext, ids: string[]) => listPublishedVersions(deps, context, ids),
    getVersionDetail: (context: RequestContext, id: string, version: string) =>
      getModelVersionDetail(deps, context, id, version),
    resolve: (tenantId: string, id: string, version: string | undefined, options: ModelResolveOptions) =>
      resolveModel(deps, tenantId, id, version, options),
    /** The environment a request acts in (its header, else its credentials' pin, else production). */
    environment: (context: RequestContext, named?: { value: string | undefined; pointer: string }) =>
      callerEnvironment(deps, context, named),
  };
}

export type ModelService = ReturnType<typeof createModelService>;
