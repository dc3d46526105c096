/**
 * Every operation of the API as a typed method, grouped by tag, and the table the transport sends them by.
 * Generated from the OpenAPI document by scripts/generate-client.ts; do not edit. `npm run generate:client` rewrites it;
 * `npm test` fails while it differs from what the document gives.
 */

import type { Body, Item, Query, Result } from '../types';
import type { EventStream, StreamOptions } from '../events';
import type { PagePromise } from '../pagination';
import type { RequestOptions, Transport } from '../transport';

/** What the transport needs to send each operation: method, path template, parameters, media types. */
export const OPERATIONS = {
  getHealth: {"group":"system","name":"getHealth","method":"get","path":"/health","pathParameters":[],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":false},
  getReadiness: {"group":"system","name":"getReadiness","method":"get","path":"/ready","pathParameters":[],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":false},
  getOpenApiDocument: {"group":"system","name":"getOpenApiDocument","method":"get","path":"/api/v1/openapi.json","pathParameters":[],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":false},
  getUsage: {"group":"account","name":"getUsage","method":"get","path":"/api/v1/usage","pathParameters":[],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  getCurrentPrincipal: {"group":"account","name":"getCurrentPrincipal","method":"get","path":"/api/v1/me","pathParameters":[],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  listApiKeys: {"group":"apiKeys","name":"list","method":"get","path":"/api/v1/api-keys","pathParameters":[],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":true,"authenticated":true},
  createApiKey: {"group":"apiKeys","name":"create","method":"post","path":"/api/v1/api-keys","pathParameters":[],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[201],"paginated":false,"authenticated":true},
  getApiKey: {"group":"apiKeys","name":"get","method":"get","path":"/api/v1/api-keys/{id}","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  revokeApiKey: {"group":"apiKeys","name":"revoke","method":"post","path":"/api/v1/api-keys/{id}/revoke","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  rotateApiKey: {"group":"apiKeys","name":"rotate","method":"post","path":"/api/v1/api-keys/{id}/rotate","pathParameters":["id"],"input":"body","inputRequired":false,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  listMembers: {"group":"users","name":"listMembers","method":"get","path":"/api/v1/users","pathParameters":[],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":true,"authenticated":true},
  addMember: {"group":"users","name":"addMember","method":"post","path":"/api/v1/users","pathParameters":[],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[201],"paginated":false,"authenticated":true},
  resendInvitation: {"group":"users","name":"resendInvitation","method":"post","path":"/api/v1/users/{id}/invitation","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[201],"paginated":false,"authenticated":true},
  revokeInvitation: {"group":"users","name":"revokeInvitation","method":"post","path":"/api/v1/users/{id}/invitation/revoke","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  getMember: {"group":"users","name":"getMember","method":"get","path":"/api/v1/users/{id}","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  changeMemberRole: {"group":"users","name":"changeMemberRole","method":"patch","path":"/api/v1/users/{id}","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  removeMember: {"group":"users","name":"removeMember","method":"delete","path":"/api/v1/users/{id}","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"none","successStatuses":[204],"paginated":false,"authenticated":true},
  getMyDelegation: {"group":"users","name":"getMyDelegation","method":"get","path":"/api/v1/me/delegation","pathParameters":[],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  setMyDelegation: {"group":"users","name":"setMyDelegation","method":"put","path":"/api/v1/me/delegation","pathParameters":[],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  clearMyDelegation: {"group":"users","name":"clearMyDelegation","method":"delete","path":"/api/v1/me/delegation","pathParameters":[],"input":"none","inputRequired":false,"optionsQuery":false,"response":"none","successStatuses":[204],"paginated":false,"authenticated":true},
  getMemberDelegation: {"group":"users","name":"getMemberDelegation","method":"get","path":"/api/v1/users/{id}/delegation","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  setMemberDelegation: {"group":"users","name":"setMemberDelegation","method":"put","path":"/api/v1/users/{id}/delegation","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  clearMemberDelegation: {"group":"users","name":"clearMemberDelegation","method":"delete","path":"/api/v1/users/{id}/delegation","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"none","successStatuses":[204],"paginated":false,"authenticated":true},
  listOAuthClients: {"group":"oauthClients","name":"list","method":"get","path":"/api/v1/oauth-clients","pathParameters":[],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":true,"authenticated":true},
  createOAuthClient: {"group":"oauthClients","name":"create","method":"post","path":"/api/v1/oauth-clients","pathParameters":[],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[201],"paginated":false,"authenticated":true},
  getOAuthClient: {"group":"oauthClients","name":"get","method":"get","path":"/api/v1/oauth-clients/{id}","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  revokeOAuthClient: {"group":"oauthClients","name":"revoke","method":"post","path":"/api/v1/oauth-clients/{id}/revoke","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  listModels: {"group":"models","name":"list","method":"get","path":"/api/v1/models","pathParameters":[],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":true,"authenticated":true},
  createModel: {"group":"models","name":"create","method":"post","path":"/api/v1/models","pathParameters":[],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[201],"paginated":false,"authenticated":true},
  getModel: {"group":"models","name":"get","method":"get","path":"/api/v1/models/{id}","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  updateModel: {"group":"models","name":"update","method":"patch","path":"/api/v1/models/{id}","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  listModelVersions: {"group":"models","name":"listVersions","method":"get","path":"/api/v1/models/{id}/versions","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  createModelVersion: {"group":"models","name":"createVersion","method":"post","path":"/api/v1/models/{id}/versions","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[201],"paginated":false,"authenticated":true},
  diffModelVersions: {"group":"models","name":"diffVersions","method":"get","path":"/api/v1/models/{id}/versions/{version}/diff","pathParameters":["id","version"],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  deprecateModel: {"group":"models","name":"deprecate","method":"post","path":"/api/v1/models/{id}/deprecate","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  evaluateModel: {"group":"models","name":"evaluate","method":"post","path":"/api/v1/models/{id}/evaluate","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  listModelTestCases: {"group":"models","name":"listTestCases","method":"get","path":"/api/v1/models/{id}/test-cases","pathParameters":["id"],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":true,"authenticated":true},
  createModelTestCase: {"group":"models","name":"createTestCase","method":"post","path":"/api/v1/models/{id}/test-cases","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[201],"paginated":false,"authenticated":true},
  importModelTestCases: {"group":"models","name":"importTestCases","method":"post","path":"/api/v1/models/{id}/test-cases/import","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[201],"paginated":false,"authenticated":true},
  getModelTestCase: {"group":"models","name":"getTestCase","method":"get","path":"/api/v1/models/{id}/test-cases/{case_id}","pathParameters":["id","case_id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  updateModelTestCase: {"group":"models","name":"updateTestCase","method":"patch","path":"/api/v1/models/{id}/test-cases/{case_id}","pathParameters":["id","case_id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  deleteModelTestCase: {"group":"models","name":"deleteTestCase","method":"delete","path":"/api/v1/models/{id}/test-cases/{case_id}","pathParameters":["id","case_id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"none","successStatuses":[204],"paginated":false,"authenticated":true},
  listModelTestRuns: {"group":"models","name":"listTestRuns","method":"get","path":"/api/v1/models/{id}/test-runs","pathParameters":["id"],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":true,"authenticated":true},
  runModelTests: {"group":"models","name":"runTests","method":"post","path":"/api/v1/models/{id}/test-runs","pathParameters":["id"],"input":"body","inputRequired":false,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[201],"paginated":false,"authenticated":true},
  getModelTestRun: {"group":"models","name":"getTestRun","method":"get","path":"/api/v1/models/{id}/test-runs/{run_id}","pathParameters":["id","run_id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  validateModelInputs: {"group":"models","name":"validateInputs","method":"post","path":"/api/v1/models/{id}/validate","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  getModelVersion: {"group":"models","name":"getVersion","method":"get","path":"/api/v1/models/{id}/versions/{version}","pathParameters":["id","version"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  replaceModelVersion: {"group":"models","name":"replaceVersion","method":"put","path":"/api/v1/models/{id}/versions/{version}","pathParameters":["id","version"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  submitModelVersion: {"group":"models","name":"submitVersion","method":"post","path":"/api/v1/models/{id}/versions/{version}/submit","pathParameters":["id","version"],"input":"body","inputRequired":false,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  publishModelVersion: {"group":"models","name":"publishVersion","method":"post","path":"/api/v1/models/{id}/versions/{version}/publish","pathParameters":["id","version"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  listModelReleases: {"group":"models","name":"listReleases","method":"get","path":"/api/v1/models/{id}/releases","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  simulateModel: {"group":"models","name":"simulate","method":"post","path":"/api/v1/models/{id}/simulate","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  simulateModelTests: {"group":"models","name":"simulateTests","method":"post","path":"/api/v1/models/{id}/simulate/tests","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  listModelReplays: {"group":"models","name":"listReplays","method":"get","path":"/api/v1/models/{id}/replays","pathParameters":["id"],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":true,"authenticated":true},
  createModelReplay: {"group":"models","name":"createReplay","method":"post","path":"/api/v1/models/{id}/replays","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[202],"paginated":false,"authenticated":true},
  getModelReplay: {"group":"models","name":"getReplay","method":"get","path":"/api/v1/models/{id}/replays/{replay_id}","pathParameters":["id","replay_id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  cancelModelReplay: {"group":"models","name":"cancelReplay","method":"post","path":"/api/v1/models/{id}/replays/{replay_id}/cancel","pathParameters":["id","replay_id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[202],"paginated":false,"authenticated":true},
  listDecisionInstances: {"group":"models","name":"listDecisionInstances","method":"get","path":"/api/v1/decision-instances","pathParameters":[],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":true,"authenticated":true},
  getDecisionInstance: {"group":"models","name":"getDecisionInstance","method":"get","path":"/api/v1/decision-instances/{id}","pathParameters":["id"],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  getModelRuleHits: {"group":"models","name":"getRuleHits","method":"get","path":"/api/v1/models/{id}/versions/{version}/rule-hits","pathParameters":["id","version"],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  placeModelLegalHold: {"group":"models","name":"placeLegalHold","method":"put","path":"/api/v1/models/{id}/legal-hold","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  liftModelLegalHold: {"group":"models","name":"liftLegalHold","method":"delete","path":"/api/v1/models/{id}/legal-hold","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  analyseModelVersion: {"group":"models","name":"analyseVersion","method":"get","path":"/api/v1/models/{id}/versions/{version}/analysis","pathParameters":["id","version"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  generateModelTestCases: {"group":"models","name":"generateTestCases","method":"post","path":"/api/v1/models/{id}/versions/{version}/test-cases/generate","pathParameters":["id","version"],"input":"body","inputRequired":false,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200,201],"paginated":false,"authenticated":true},
  getModelSettings: {"group":"models","name":"getSettings","method":"get","path":"/api/v1/model-settings","pathParameters":[],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  updateModelSettings: {"group":"models","name":"updateSettings","method":"patch","path":"/api/v1/model-settings","pathParameters":[],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  promoteModelVersion: {"group":"models","name":"promoteVersion","method":"post","path":"/api/v1/models/{id}/versions/{version}/promote","pathParameters":["id","version"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[201],"paginated":false,"authenticated":true},
  listModelDeployments: {"group":"models","name":"listDeployments","method":"get","path":"/api/v1/models/{id}/deployments","pathParameters":["id"],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":true,"authenticated":true},
  getModelDeployment: {"group":"models","name":"getDeployment","method":"get","path":"/api/v1/models/{id}/deployments/{deployment_id}","pathParameters":["id","deployment_id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  cancelModelDeployment: {"group":"models","name":"cancelDeployment","method":"post","path":"/api/v1/models/{id}/deployments/{deployment_id}/cancel","pathParameters":["id","deployment_id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  listEnvironmentDeployments: {"group":"environments","name":"listDeployments","method":"get","path":"/api/v1/environments/{id}/deployments","pathParameters":["id"],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":true,"authenticated":true},
  listEnvironments: {"group":"environments","name":"list","method":"get","path":"/api/v1/environments","pathParameters":[],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  createEnvironment: {"group":"environments","name":"create","method":"post","path":"/api/v1/environments","pathParameters":[],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[201],"paginated":false,"authenticated":true},
  getEnvironment: {"group":"environments","name":"get","method":"get","path":"/api/v1/environments/{id}","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  updateEnvironment: {"group":"environments","name":"update","method":"patch","path":"/api/v1/environments/{id}","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  archiveEnvironment: {"group":"environments","name":"archive","method":"post","path":"/api/v1/environments/{id}/archive","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  listScenarios: {"group":"scenarios","name":"list","method":"get","path":"/api/v1/scenarios","pathParameters":[],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":true,"authenticated":true},
  createScenario: {"group":"scenarios","name":"create","method":"post","path":"/api/v1/scenarios","pathParameters":[],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[201,202],"paginated":false,"authenticated":true},
  compareScenarios: {"group":"scenarios","name":"compare","method":"post","path":"/api/v1/scenarios/compare","pathParameters":[],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  createScenarioBatch: {"group":"scenarios","name":"createBatch","method":"post","path":"/api/v1/scenarios/batch","pathParameters":[],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[202],"paginated":false,"authenticated":true},
  getScenarioBatch: {"group":"scenarios","name":"getBatch","method":"get","path":"/api/v1/scenarios/batches/{id}","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  cancelScenarioBatch: {"group":"scenarios","name":"cancelBatch","method":"post","path":"/api/v1/scenarios/batches/{id}/cancel","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[202],"paginated":false,"authenticated":true},
  getScenario: {"group":"scenarios","name":"get","method":"get","path":"/api/v1/scenarios/{id}","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  updateScenario: {"group":"scenarios","name":"update","method":"patch","path":"/api/v1/scenarios/{id}","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200,202],"paginated":false,"authenticated":true},
  deleteScenario: {"group":"scenarios","name":"delete","method":"delete","path":"/api/v1/scenarios/{id}","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"none","successStatuses":[204],"paginated":false,"authenticated":true},
  listScenarioRuns: {"group":"scenarios","name":"listRuns","method":"get","path":"/api/v1/scenarios/{id}/runs","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  listDecisions: {"group":"decisions","name":"list","method":"get","path":"/api/v1/decisions","pathParameters":[],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":true,"authenticated":true},
  createDecision: {"group":"decisions","name":"create","method":"post","path":"/api/v1/decisions","pathParameters":[],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[201],"paginated":false,"authenticated":true},
  getDecision: {"group":"decisions","name":"get","method":"get","path":"/api/v1/decisions/{id}","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  updateDecision: {"group":"decisions","name":"update","method":"patch","path":"/api/v1/decisions/{id}","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  deleteDecision: {"group":"decisions","name":"delete","method":"delete","path":"/api/v1/decisions/{id}","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"none","successStatuses":[204],"paginated":false,"authenticated":true},
  listDecisionEvidence: {"group":"decisions","name":"listEvidence","method":"get","path":"/api/v1/decisions/{id}/evidence","pathParameters":["id"],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":true,"authenticated":true},
  attachDecisionEvidence: {"group":"decisions","name":"attachEvidence","method":"post","path":"/api/v1/decisions/{id}/evidence","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[201],"paginated":false,"authenticated":true},
  detachDecisionEvidence: {"group":"decisions","name":"detachEvidence","method":"post","path":"/api/v1/decisions/{id}/evidence/{evidence_id}/detach","pathParameters":["id","evidence_id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  getDecisionHistory: {"group":"decisions","name":"getHistory","method":"get","path":"/api/v1/decisions/{id}/history","pathParameters":["id"],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":true,"authenticated":true},
  compareDecisionOptions: {"group":"decisions","name":"compareOptions","method":"get","path":"/api/v1/decisions/{id}/compare","pathParameters":["id"],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  submitDecision: {"group":"decisions","name":"submit","method":"post","path":"/api/v1/decisions/{id}/submit","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  approveDecision: {"group":"decisions","name":"approve","method":"post","path":"/api/v1/decisions/{id}/approve","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200,202],"paginated":false,"authenticated":true},
  rejectDecision: {"group":"decisions","name":"reject","method":"post","path":"/api/v1/decisions/{id}/reject","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200,202],"paginated":false,"authenticated":true},
  requestDecisionChanges: {"group":"decisions","name":"requestChanges","method":"post","path":"/api/v1/decisions/{id}/request-changes","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200,202],"paginated":false,"authenticated":true},
  resubmitDecision: {"group":"decisions","name":"resubmit","method":"post","path":"/api/v1/decisions/{id}/resubmit","pathParameters":["id"],"input":"body","inputRequired":false,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200,202],"paginated":false,"authenticated":true},
  commentOnDecision: {"group":"decisions","name":"commentOn","method":"post","path":"/api/v1/decisions/{id}/comment","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200,202],"paginated":false,"authenticated":true},
  withdrawDecision: {"group":"decisions","name":"withdraw","method":"post","path":"/api/v1/decisions/{id}/withdraw","pathParameters":["id"],"input":"body","inputRequired":false,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200,202],"paginated":false,"authenticated":true},
  reassignDecisionStep: {"group":"decisions","name":"reassignStep","method":"post","path":"/api/v1/decisions/{id}/reassign","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200,202],"paginated":false,"authenticated":true},
  implementDecision: {"group":"decisions","name":"implement","method":"post","path":"/api/v1/decisions/{id}/implement","pathParameters":["id"],"input":"body","inputRequired":false,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200,202],"paginated":false,"authenticated":true},
  closeDecision: {"group":"decisions","name":"close","method":"post","path":"/api/v1/decisions/{id}/close","pathParameters":["id"],"input":"body","inputRequired":false,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200,202],"paginated":false,"authenticated":true},
  listApprovalInbox: {"group":"decisions","name":"listApprovalInbox","method":"get","path":"/api/v1/approvals","pathParameters":[],"input":"query","inputRequired":true,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  listDecisionOutcomes: {"group":"decisions","name":"listOutcomes","method":"get","path":"/api/v1/decisions/{id}/outcomes","pathParameters":["id"],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":true,"authenticated":true},
  recordDecisionOutcome: {"group":"decisions","name":"recordOutcome","method":"post","path":"/api/v1/decisions/{id}/outcomes","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[201],"paginated":false,"authenticated":true},
  listDecisionOutcomeKpis: {"group":"decisions","name":"listOutcomeKpis","method":"get","path":"/api/v1/decisions/{id}/outcome-kpis","pathParameters":["id"],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":true,"authenticated":true},
  linkDecisionOutcomeKpi: {"group":"decisions","name":"linkOutcomeKpi","method":"post","path":"/api/v1/decisions/{id}/outcome-kpis","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[201],"paginated":false,"authenticated":true},
  getDecisionOutcomeKpi: {"group":"decisions","name":"getOutcomeKpi","method":"get","path":"/api/v1/decisions/{id}/outcome-kpis/{link_id}","pathParameters":["id","link_id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  unlinkDecisionOutcomeKpi: {"group":"decisions","name":"unlinkOutcomeKpi","method":"delete","path":"/api/v1/decisions/{id}/outcome-kpis/{link_id}","pathParameters":["id","link_id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"none","successStatuses":[204],"paginated":false,"authenticated":true},
  getDecisionOutcomeSummary: {"group":"decisions","name":"getOutcomeSummary","method":"get","path":"/api/v1/decisions/{id}/outcomes/summary","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  listApprovalPolicies: {"group":"approvalPolicies","name":"list","method":"get","path":"/api/v1/approval-policies","pathParameters":[],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":true,"authenticated":true},
  createApprovalPolicy: {"group":"approvalPolicies","name":"create","method":"post","path":"/api/v1/approval-policies","pathParameters":[],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[201],"paginated":false,"authenticated":true},
  getApprovalPolicy: {"group":"approvalPolicies","name":"get","method":"get","path":"/api/v1/approval-policies/{id}","pathParameters":["id"],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  listApprovalPolicyVersions: {"group":"approvalPolicies","name":"listVersions","method":"get","path":"/api/v1/approval-policies/{id}/versions","pathParameters":["id"],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":true,"authenticated":true},
  createApprovalPolicyVersion: {"group":"approvalPolicies","name":"createVersion","method":"post","path":"/api/v1/approval-policies/{id}/versions","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[201],"paginated":false,"authenticated":true},
  archiveApprovalPolicy: {"group":"approvalPolicies","name":"archive","method":"post","path":"/api/v1/approval-policies/{id}/archive","pathParameters":["id"],"input":"body","inputRequired":false,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  listKpis: {"group":"kpis","name":"list","method":"get","path":"/api/v1/kpis","pathParameters":[],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":true,"authenticated":true},
  createKpi: {"group":"kpis","name":"create","method":"post","path":"/api/v1/kpis","pathParameters":[],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[201],"paginated":false,"authenticated":true},
  getKpi: {"group":"kpis","name":"get","method":"get","path":"/api/v1/kpis/{id}","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  updateKpi: {"group":"kpis","name":"update","method":"patch","path":"/api/v1/kpis/{id}","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  deleteKpi: {"group":"kpis","name":"delete","method":"delete","path":"/api/v1/kpis/{id}","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"none","successStatuses":[204],"paginated":false,"authenticated":true},
  putKpiSource: {"group":"kpis","name":"putSource","method":"put","path":"/api/v1/kpis/{id}/source","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  deleteKpiSource: {"group":"kpis","name":"deleteSource","method":"delete","path":"/api/v1/kpis/{id}/source","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  getKpiPointHistory: {"group":"kpis","name":"getPointHistory","method":"get","path":"/api/v1/kpis/{id}/points","pathParameters":["id"],"input":"query","inputRequired":true,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  recordKpiPoints: {"group":"kpis","name":"recordPoints","method":"post","path":"/api/v1/kpis/{id}/points","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[201],"paginated":false,"authenticated":true},
  getKpiValues: {"group":"kpis","name":"getValues","method":"get","path":"/api/v1/kpis/{id}/values","pathParameters":["id"],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":true,"authenticated":true},
  getKpiStatus: {"group":"kpis","name":"getStatus","method":"get","path":"/api/v1/kpis/{id}/status","pathParameters":["id"],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  listKpiAlertRules: {"group":"kpiAlerts","name":"listRules","method":"get","path":"/api/v1/kpis/{id}/alert-rules","pathParameters":["id"],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":true,"authenticated":true},
  createKpiAlertRule: {"group":"kpiAlerts","name":"createRule","method":"post","path":"/api/v1/kpis/{id}/alert-rules","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[201],"paginated":false,"authenticated":true},
  getKpiAlertRule: {"group":"kpiAlerts","name":"getRule","method":"get","path":"/api/v1/kpis/{id}/alert-rules/{rule_id}","pathParameters":["id","rule_id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  updateKpiAlertRule: {"group":"kpiAlerts","name":"updateRule","method":"patch","path":"/api/v1/kpis/{id}/alert-rules/{rule_id}","pathParameters":["id","rule_id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  deleteKpiAlertRule: {"group":"kpiAlerts","name":"deleteRule","method":"delete","path":"/api/v1/kpis/{id}/alert-rules/{rule_id}","pathParameters":["id","rule_id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"none","successStatuses":[204],"paginated":false,"authenticated":true},
  listKpiAlerts: {"group":"kpiAlerts","name":"list","method":"get","path":"/api/v1/kpis/{id}/alerts","pathParameters":["id"],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":true,"authenticated":true},
  listAlerts: {"group":"kpiAlerts","name":"listAlerts","method":"get","path":"/api/v1/alerts","pathParameters":[],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":true,"authenticated":true},
  getAlert: {"group":"kpiAlerts","name":"getAlert","method":"get","path":"/api/v1/alerts/{id}","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  acknowledgeAlert: {"group":"kpiAlerts","name":"acknowledgeAlert","method":"post","path":"/api/v1/alerts/{id}/acknowledge","pathParameters":["id"],"input":"body","inputRequired":false,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  silenceAlert: {"group":"kpiAlerts","name":"silenceAlert","method":"post","path":"/api/v1/alerts/{id}/silence","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  resolveAlert: {"group":"kpiAlerts","name":"resolveAlert","method":"post","path":"/api/v1/alerts/{id}/resolve","pathParameters":["id"],"input":"body","inputRequired":false,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  listConnectorTypes: {"group":"integrations","name":"listConnectorTypes","method":"get","path":"/api/v1/integrations/connector-types","pathParameters":[],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  listIntegrations: {"group":"integrations","name":"list","method":"get","path":"/api/v1/integrations","pathParameters":[],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":true,"authenticated":true},
  createIntegration: {"group":"integrations","name":"create","method":"post","path":"/api/v1/integrations","pathParameters":[],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[201],"paginated":false,"authenticated":true},
  getIntegration: {"group":"integrations","name":"get","method":"get","path":"/api/v1/integrations/{id}","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  updateIntegration: {"group":"integrations","name":"update","method":"patch","path":"/api/v1/integrations/{id}","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  deleteIntegration: {"group":"integrations","name":"delete","method":"delete","path":"/api/v1/integrations/{id}","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"none","successStatuses":[204],"paginated":false,"authenticated":true},
  getIntegrationSchedule: {"group":"integrations","name":"getSchedule","method":"get","path":"/api/v1/integrations/{id}/schedule","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  checkIntegration: {"group":"integrations","name":"check","method":"post","path":"/api/v1/integrations/{id}/check","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  getIntegrationFieldMapping: {"group":"integrations","name":"getFieldMapping","method":"get","path":"/api/v1/integrations/{id}/field-mappings","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  putIntegrationFieldMapping: {"group":"integrations","name":"putFieldMapping","method":"put","path":"/api/v1/integrations/{id}/field-mappings","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  validateIntegrationFieldMapping: {"group":"integrations","name":"validateFieldMapping","method":"post","path":"/api/v1/integrations/{id}/field-mappings/validate","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  discoverIntegration: {"group":"integrations","name":"discover","method":"post","path":"/api/v1/integrations/{id}/discover","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  listIntegrationSyncs: {"group":"integrations","name":"listSyncs","method":"get","path":"/api/v1/integrations/{id}/syncs","pathParameters":["id"],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":true,"authenticated":true},
  createIntegrationSync: {"group":"integrations","name":"createSync","method":"post","path":"/api/v1/integrations/{id}/syncs","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200,202],"paginated":false,"authenticated":true},
  getIntegrationSync: {"group":"integrations","name":"getSync","method":"get","path":"/api/v1/integrations/{id}/syncs/{sync_id}","pathParameters":["id","sync_id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  cancelIntegrationSync: {"group":"integrations","name":"cancelSync","method":"post","path":"/api/v1/integrations/{id}/syncs/{sync_id}/cancel","pathParameters":["id","sync_id"],"input":"body","inputRequired":false,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  listIntegrationSyncRejections: {"group":"integrations","name":"listSyncRejections","method":"get","path":"/api/v1/integrations/{id}/syncs/{sync_id}/rejections","pathParameters":["id","sync_id"],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":true,"authenticated":true},
  listDatasets: {"group":"datasets","name":"list","method":"get","path":"/api/v1/datasets","pathParameters":[],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  createDataset: {"group":"datasets","name":"create","method":"post","path":"/api/v1/datasets","pathParameters":[],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[201],"paginated":false,"authenticated":true},
  listDatasetRecords: {"group":"datasets","name":"listRecords","method":"get","path":"/api/v1/datasets/{name}/records","pathParameters":["name"],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":true,"authenticated":true},
  listIntegrationUploads: {"group":"integrations","name":"listUploads","method":"get","path":"/api/v1/integrations/{id}/uploads","pathParameters":["id"],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":true,"authenticated":true},
  createIntegrationUpload: {"group":"integrations","name":"createUpload","method":"post","path":"/api/v1/integrations/{id}/uploads","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":true,"bodyMediaType":"text/csv","response":"json","successStatuses":[201],"paginated":false,"authenticated":true},
  getIntegrationUpload: {"group":"integrations","name":"getUpload","method":"get","path":"/api/v1/integrations/{id}/uploads/{upload_id}","pathParameters":["id","upload_id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  aggregateDataset: {"group":"datasets","name":"aggregate","method":"post","path":"/api/v1/datasets/{name}/aggregate","pathParameters":["name"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  getDataset: {"group":"datasets","name":"get","method":"get","path":"/api/v1/datasets/{name}","pathParameters":["name"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  updateDataset: {"group":"datasets","name":"update","method":"patch","path":"/api/v1/datasets/{name}","pathParameters":["name"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  deleteDataset: {"group":"datasets","name":"delete","method":"delete","path":"/api/v1/datasets/{name}","pathParameters":["name"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"none","successStatuses":[204],"paginated":false,"authenticated":true},
  listWebhookEventTypes: {"group":"webhooks","name":"listEventTypes","method":"get","path":"/api/v1/webhooks/event-types","pathParameters":[],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  listWebhooks: {"group":"webhooks","name":"list","method":"get","path":"/api/v1/webhooks","pathParameters":[],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":true,"authenticated":true},
  createWebhook: {"group":"webhooks","name":"create","method":"post","path":"/api/v1/webhooks","pathParameters":[],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[201],"paginated":false,"authenticated":true},
  getWebhook: {"group":"webhooks","name":"get","method":"get","path":"/api/v1/webhooks/{id}","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  updateWebhook: {"group":"webhooks","name":"update","method":"patch","path":"/api/v1/webhooks/{id}","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  deleteWebhook: {"group":"webhooks","name":"delete","method":"delete","path":"/api/v1/webhooks/{id}","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"none","successStatuses":[204],"paginated":false,"authenticated":true},
  rotateWebhookSecret: {"group":"webhooks","name":"rotateSecret","method":"post","path":"/api/v1/webhooks/{id}/rotate-secret","pathParameters":["id"],"input":"body","inputRequired":false,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  sendWebhookTest: {"group":"webhooks","name":"sendTest","method":"post","path":"/api/v1/webhooks/{id}/test","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[202],"paginated":false,"authenticated":true},
  listWebhookDeliveries: {"group":"webhooks","name":"listDeliveries","method":"get","path":"/api/v1/webhooks/{id}/deliveries","pathParameters":["id"],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":true,"authenticated":true},
  redeliverWebhookDelivery: {"group":"webhooks","name":"redeliverDelivery","method":"post","path":"/api/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver","pathParameters":["id","delivery_id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[202],"paginated":false,"authenticated":true},
  listEvents: {"group":"events","name":"list","method":"get","path":"/api/v1/events","pathParameters":[],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":true,"authenticated":true},
  streamEvents: {"group":"events","name":"stream","method":"get","path":"/api/v1/events/stream","pathParameters":[],"input":"query","inputRequired":false,"optionsQuery":false,"response":"stream","successStatuses":[200],"paginated":false,"authenticated":true},
  getEvent: {"group":"events","name":"get","method":"get","path":"/api/v1/events/{id}","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  getNotificationPreferences: {"group":"notifications","name":"getPreferences","method":"get","path":"/api/v1/me/notification-preferences","pathParameters":[],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  updateNotificationPreferences: {"group":"notifications","name":"updatePreferences","method":"patch","path":"/api/v1/me/notification-preferences","pathParameters":[],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  listMyNotifications: {"group":"notifications","name":"listMy","method":"get","path":"/api/v1/me/notifications","pathParameters":[],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":true,"authenticated":true},
  listNotifications: {"group":"notifications","name":"list","method":"get","path":"/api/v1/notifications","pathParameters":[],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":true,"authenticated":true},
  getNotification: {"group":"notifications","name":"get","method":"get","path":"/api/v1/notifications/{id}","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  getNotificationSettings: {"group":"notifications","name":"getSettings","method":"get","path":"/api/v1/notification-settings","pathParameters":[],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  updateNotificationSettings: {"group":"notifications","name":"updateSettings","method":"put","path":"/api/v1/notification-settings","pathParameters":[],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  listChatDestinations: {"group":"notifications","name":"listChatDestinations","method":"get","path":"/api/v1/chat-destinations","pathParameters":[],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  createChatDestination: {"group":"notifications","name":"createChatDestination","method":"post","path":"/api/v1/chat-destinations","pathParameters":[],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[201],"paginated":false,"authenticated":true},
  getChatDestination: {"group":"notifications","name":"getChatDestination","method":"get","path":"/api/v1/chat-destinations/{id}","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  updateChatDestination: {"group":"notifications","name":"updateChatDestination","method":"patch","path":"/api/v1/chat-destinations/{id}","pathParameters":["id"],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  deleteChatDestination: {"group":"notifications","name":"deleteChatDestination","method":"delete","path":"/api/v1/chat-destinations/{id}","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"none","successStatuses":[204],"paginated":false,"authenticated":true},
  listKpiWatchers: {"group":"notifications","name":"listKpiWatchers","method":"get","path":"/api/v1/kpis/{id}/watchers","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  watchKpi: {"group":"notifications","name":"watchKpi","method":"post","path":"/api/v1/kpis/{id}/watch","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  unwatchKpi: {"group":"notifications","name":"unwatchKpi","method":"post","path":"/api/v1/kpis/{id}/unwatch","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  listFailures: {"group":"failures","name":"list","method":"get","path":"/api/v1/failures","pathParameters":[],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":true,"authenticated":true},
  retryFailures: {"group":"failures","name":"retry","method":"post","path":"/api/v1/failures/retry","pathParameters":[],"input":"body","inputRequired":true,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[200,202],"paginated":false,"authenticated":true},
  listFailureRetries: {"group":"failures","name":"listRetries","method":"get","path":"/api/v1/failures/retries","pathParameters":[],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":true,"authenticated":true},
  getFailureRetry: {"group":"failures","name":"getRetry","method":"get","path":"/api/v1/failures/retries/{id}","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  cancelFailureRetry: {"group":"failures","name":"cancelRetry","method":"post","path":"/api/v1/failures/retries/{id}/cancel","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[202],"paginated":false,"authenticated":true},
  listAuditRecords: {"group":"auditLog","name":"listAuditRecords","method":"get","path":"/api/v1/audit-log","pathParameters":[],"input":"query","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":true,"authenticated":true},
  verifyAuditLog: {"group":"auditLog","name":"verify","method":"get","path":"/api/v1/audit-log/verify","pathParameters":[],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  getAuditRecord: {"group":"auditLog","name":"getAuditRecord","method":"get","path":"/api/v1/audit-log/{id}","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  createAuditExport: {"group":"auditExports","name":"create","method":"post","path":"/api/v1/audit-exports","pathParameters":[],"input":"body","inputRequired":false,"optionsQuery":false,"bodyMediaType":"application/json","response":"json","successStatuses":[202],"paginated":false,"authenticated":true},
  getAuditExport: {"group":"auditExports","name":"get","method":"get","path":"/api/v1/audit-exports/{id}","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":true},
  downloadAuditExport: {"group":"auditExports","name":"download","method":"get","path":"/api/v1/audit-exports/{id}/download","pathParameters":["id"],"input":"query","inputRequired":false,"optionsQuery":false,"response":"text","successStatuses":[200],"paginated":false,"authenticated":true},
  getAuditExportDigest: {"group":"auditExports","name":"getDigest","method":"get","path":"/api/v1/audit-exports/{id}/digest","pathParameters":["id"],"input":"none","inputRequired":false,"optionsQuery":false,"response":"text","successStatuses":[200],"paginated":false,"authenticated":true},
  getAuditExportJwks: {"group":"auditExports","name":"getJwks","method":"get","path":"/.well-known/audit-jwks.json","pathParameters":[],"input":"none","inputRequired":false,"optionsQuery":false,"response":"json","successStatuses":[200],"paginated":false,"authenticated":false},
} as const satisfies Record<string, OperationSpec>;

export type OperationId = keyof typeof OPERATIONS;

export interface OperationSpec {
  group: string;
  name: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  pathParameters: readonly string[];
  input: 'body' | 'query' | 'none';
  inputRequired: boolean;
  optionsQuery: boolean;
  bodyMediaType?: string;
  response: 'json' | 'text' | 'none' | 'stream';
  successStatuses: readonly number[];
  paginated: boolean;
  authenticated: boolean;
}

/** The event types a webhook subscription can receive (the document's `webhooks`). */
export const WEBHOOK_EVENT_TYPES = [
  "api_key.expiring",
  "batch.completed",
  "decision.approved",
  "decision.changes_requested",
  "decision.closed",
  "decision.commented",
  "decision.created",
  "decision.expired",
  "decision.implemented",
  "decision.outcome.due",
  "decision.outcome.recorded",
  "decision.outcome_kpi.linked",
  "decision.outcome_kpi.unlinked",
  "decision.rejected",
  "decision.resubmitted",
  "decision.step.approved",
  "decision.step.escalated",
  "decision.step.reassigned",
  "decision.step.reminder",
  "decision.submitted",
  "decision.withdrawn",
  "integration.sync.completed",
  "integration.sync.failed",
  "integration.sync.started",
  "kpi.alert.resolved",
  "kpi.alert.triggered",
  "kpi.value.recorded",
  "model.deployment.activated",
  "model.deployment.cancelled",
  "model.deployment.ended",
  "model.deployment.scheduled",
  "model.deprecated",
  "model.version.approved",
  "model.version.created",
  "model.version.published",
  "model.version.rejected",
  "model.version.retired",
  "model.version.submitted",
  "scenario.completed",
  "scenario.deleted",
  "scenario.failed",
  "usage.quota.exceeded",
  "usage.quota.warning",
  "webhook.disabled",
  "webhook.test"
] as const;

/** The operation groups, by property name on the client. */
export const GROUPS = ["system","account","apiKeys","users","oauthClients","models","environments","scenarios","decisions","approvalPolicies","kpis","kpiAlerts","integrations","datasets","webhooks","events","notifications","failures","auditLog","auditExports"] as const;

/** The system operations. */
export class SystemOperations {
  constructor(protected readonly transport: Transport) {}

  /**
   * Liveness
   *
   * `GET /health` (`getHealth`)
   */
  getHealth(options?: RequestOptions): Promise<Result<"getHealth">> {
    return this.transport.call("getHealth", [], undefined, options);
  }

  /**
   * Readiness
   *
   * `GET /ready` (`getReadiness`)
   */
  getReadiness(options?: RequestOptions): Promise<Result<"getReadiness">> {
    return this.transport.call("getReadiness", [], undefined, options);
  }

  /**
   * This OpenAPI document
   *
   * `GET /api/v1/openapi.json` (`getOpenApiDocument`)
   */
  getOpenApiDocument(options?: RequestOptions): Promise<Result<"getOpenApiDocument">> {
    return this.transport.call("getOpenApiDocument", [], undefined, options);
  }
}

/** The account operations. */
export class AccountOperations {
  constructor(protected readonly transport: Transport) {}

  /**
   * Volume quotas and their use
   *
   * `GET /api/v1/usage` (`getUsage`)
   */
  getUsage(options?: RequestOptions): Promise<Result<"getUsage">> {
    return this.transport.call("getUsage", [], undefined, options);
  }

  /**
   * Who am I
   *
   * `GET /api/v1/me` (`getCurrentPrincipal`)
   */
  getCurrentPrincipal(options?: RequestOptions): Promise<Result<"getCurrentPrincipal">> {
    return this.transport.call("getCurrentPrincipal", [], undefined, options);
  }
}

/** The apiKeys operations. */
export class ApiKeysOperations {
  constructor(protected readonly transport: Transport) {}

  /**
   * List API keys
   *
   * `GET /api/v1/api-keys` (`listApiKeys`). Await it for one page, or iterate it (`for await`) for every item of every page.
   */
  list(query?: Query<"listApiKeys">, options?: RequestOptions): PagePromise<Result<"listApiKeys">, Item<"listApiKeys">> {
    return this.transport.page("listApiKeys", [], query, options);
  }

  /**
   * Create an API key
   *
   * `POST /api/v1/api-keys` (`createApiKey`)
   */
  create(body: Body<"createApiKey">, options?: RequestOptions): Promise<Result<"createApiKey">> {
    return this.transport.call("createApiKey", [], body, options);
  }

  /**
   * Get an API key
   *
   * `GET /api/v1/api-keys/{id}` (`getApiKey`)
   */
  get(id: string, options?: RequestOptions): Promise<Result<"getApiKey">> {
    return this.transport.call("getApiKey", [id], undefined, options);
  }

  /**
   * Revoke an API key
   *
   * `POST /api/v1/api-keys/{id}/revoke` (`revokeApiKey`)
   */
  revoke(id: string, options?: RequestOptions): Promise<Result<"revokeApiKey">> {
    return this.transport.call("revokeApiKey", [id], undefined, options);
  }

  /**
   * Rotate an API key's secret
   *
   * `POST /api/v1/api-keys/{id}/rotate` (`rotateApiKey`)
   */
  rotate(id: string, body?: Body<"rotateApiKey">, options?: RequestOptions): Promise<Result<"rotateApiKey">> {
    return this.transport.call("rotateApiKey", [id], body, options);
  }
}

/** The users operations. */
export class UsersOperations {
  constructor(protected readonly transport: Transport) {}

  /**
   * List the tenant's people
   *
   * `GET /api/v1/users` (`listMembers`). Await it for one page, or iterate it (`for await`) for every item of every page.
   */
  listMembers(query?: Query<"listMembers">, options?: RequestOptions): PagePromise<Result<"listMembers">, Item<"listMembers">> {
    return this.transport.page("listMembers", [], query, options);
  }

  /**
   * Add a person to the tenant with a role
   *
   * `POST /api/v1/users` (`addMember`)
   */
  addMember(body: Body<"addMember">, options?: RequestOptions): Promise<Result<"addMember">> {
    return this.transport.call("addMember", [], body, options);
  }

  /**
   * Send a member a new invitation
   *
   * `POST /api/v1/users/{id}/invitation` (`resendInvitation`)
   */
  resendInvitation(id: string, options?: RequestOptions): Promise<Result<"resendInvitation">> {
    return this.transport.call("resendInvitation", [id], undefined, options);
  }

  /**
   * Revoke a member's invitation
   *
   * `POST /api/v1/users/{id}/invitation/revoke` (`revokeInvitation`)
   */
  revokeInvitation(id: string, options?: RequestOptions): Promise<Result<"revokeInvitation">> {
    return this.transport.call("revokeInvitation", [id], undefined, options);
  }

  /**
   * Get a member
   *
   * `GET /api/v1/users/{id}` (`getMember`)
   */
  getMember(id: string, options?: RequestOptions): Promise<Result<"getMember">> {
    return this.transport.call("getMember", [id], undefined, options);
  }

  /**
   * Change a member's role
   *
   * `PATCH /api/v1/users/{id}` (`changeMemberRole`)
   */
  changeMemberRole(id: string, body: Body<"changeMemberRole">, options?: RequestOptions): Promise<Result<"changeMemberRole">> {
    return this.transport.call("changeMemberRole", [id], body, options);
  }

  /**
   * Remove a person from the tenant
   *
   * `DELETE /api/v1/users/{id}` (`removeMember`)
   */
  removeMember(id: string, options?: RequestOptions): Promise<Result<"removeMember">> {
    return this.transport.call("removeMember", [id], undefined, options);
  }

  /**
   * Get your delegation
   *
   * `GET /api/v1/me/delegation` (`getMyDelegation`)
   */
  getMyDelegation(options?: RequestOptions): Promise<Result<"getMyDelegation">> {
    return this.transport.call("getMyDelegation", [], undefined, options);
  }

  /**
   * Set your delegation
   *
   * `PUT /api/v1/me/delegation` (`setMyDelegation`)
   */
  setMyDelegation(body: Body<"setMyDelegation">, options?: RequestOptions): Promise<Result<"setMyDelegation">> {
    return this.transport.call("setMyDelegation", [], body, options);
  }

  /**
   * Clear your delegation
   *
   * `DELETE /api/v1/me/delegation` (`clearMyDelegation`)
   */
  clearMyDelegation(options?: RequestOptions): Promise<Result<"clearMyDelegation">> {
    return this.transport.call("clearMyDelegation", [], undefined, options);
  }

  /**
   * Get a member's delegation
   *
   * `GET /api/v1/users/{id}/delegation` (`getMemberDelegation`)
   */
  getMemberDelegation(id: string, options?: RequestOptions): Promise<Result<"getMemberDelegation">> {
    return this.transport.call("getMemberDelegation", [id], undefined, options);
  }

  /**
   * Set a member's delegation
   *
   * `PUT /api/v1/users/{id}/delegation` (`setMemberDelegation`)
   */
  setMemberDelegation(id: string, body: Body<"setMemberDelegation">, options?: RequestOptions): Promise<Result<"setMemberDelegation">> {
    return this.transport.call("setMemberDelegation", [id], body, options);
  }

  /**
   * Clear a member's delegation
   *
   * `DELETE /api/v1/users/{id}/delegation` (`clearMemberDelegation`)
   */
  clearMemberDelegation(id: string, options?: RequestOptions): Promise<Result<"clearMemberDelegation">> {
    return this.transport.call("clearMemberDelegation", [id], undefined, options);
  }
}

/** The oauthClients operations. */
export class OauthClientsOperations {
  constructor(protected readonly transport: Transport) {}

  /**
   * List OAuth clients
   *
   * `GET /api/v1/oauth-clients` (`listOAuthClients`). Await it for one page, or iterate it (`for await`) for every item of every page.
   */
  list(query?: Query<"listOAuthClients">, options?: RequestOptions): PagePromise<Result<"listOAuthClients">, Item<"listOAuthClients">> {
    return this.transport.page("listOAuthClients", [], query, options);
  }

  /**
   * Register an OAuth client
   *
   * `POST /api/v1/oauth-clients` (`createOAuthClient`)
   */
  create(body: Body<"createOAuthClient">, options?: RequestOptions): Promise<Result<"createOAuthClient">> {
    return this.transport.call("createOAuthClient", [], body, options);
  }

  /**
   * Get an OAuth client
   *
   * `GET /api/v1/oauth-clients/{id}` (`getOAuthClient`)
   */
  get(id: string, options?: RequestOptions): Promise<Result<"getOAuthClient">> {
    return this.transport.call("getOAuthClient", [id], undefined, options);
  }

  /**
   * Revoke an OAuth client
   *
   * `POST /api/v1/oauth-clients/{id}/revoke` (`revokeOAuthClient`)
   */
  revoke(id: string, options?: RequestOptions): Promise<Result<"revokeOAuthClient">> {
    return this.transport.call("revokeOAuthClient", [id], undefined, options);
  }
}

/** The models operations. */
export class ModelsOperations {
  constructor(protected readonly transport: Transport) {}

  /**
   * List models
   *
   * `GET /api/v1/models` (`listModels`). Await it for one page, or iterate it (`for await`) for every item of every page.
   */
  list(query?: Query<"listModels">, options?: RequestOptions): PagePromise<Result<"listModels">, Item<"listModels">> {
    return this.transport.page("listModels", [], query, options);
  }

  /**
   * Create a tenant model
   *
   * `POST /api/v1/models` (`createModel`)
   */
  create(body: Body<"createModel">, options?: RequestOptions): Promise<Result<"createModel">> {
    return this.transport.call("createModel", [], body, options);
  }

  /**
   * Get a model with its input and output schemas
   *
   * `GET /api/v1/models/{id}` (`getModel`)
   */
  get(id: string, options?: RequestOptions): Promise<Result<"getModel">> {
    return this.transport.call("getModel", [id], undefined, options);
  }

  /**
   * Change a tenant model's name, description, coverage threshold or verification policy
   *
   * `PATCH /api/v1/models/{id}` (`updateModel`)
   */
  update(id: string, body: Body<"updateModel">, options?: RequestOptions): Promise<Result<"updateModel">> {
    return this.transport.call("updateModel", [id], body, options);
  }

  /**
   * List a model's versions
   *
   * `GET /api/v1/models/{id}/versions` (`listModelVersions`)
   */
  listVersions(id: string, options?: RequestOptions): Promise<Result<"listModelVersions">> {
    return this.transport.call("listModelVersions", [id], undefined, options);
  }

  /**
   * Upload a new version of a tenant model (a draft)
   *
   * `POST /api/v1/models/{id}/versions` (`createModelVersion`)
   */
  createVersion(id: string, body: Body<"createModelVersion">, options?: RequestOptions): Promise<Result<"createModelVersion">> {
    return this.transport.call("createModelVersion", [id], body, options);
  }

  /**
   * What a version changes against another
   *
   * `GET /api/v1/models/{id}/versions/{version}/diff` (`diffModelVersions`)
   */
  diffVersions(id: string, version: string, query?: Query<"diffModelVersions">, options?: RequestOptions): Promise<Result<"diffModelVersions">> {
    return this.transport.call("diffModelVersions", [id, version], query, options);
  }

  /**
   * Deprecate a tenant model
   *
   * `POST /api/v1/models/{id}/deprecate` (`deprecateModel`)
   */
  deprecate(id: string, options?: RequestOptions): Promise<Result<"deprecateModel">> {
    return this.transport.call("deprecateModel", [id], undefined, options);
  }

  /**
   * Evaluate a model
   *
   * `POST /api/v1/models/{id}/evaluate` (`evaluateModel`)
   */
  evaluate(id: string, body: Body<"evaluateModel">, options?: RequestOptions): Promise<Result<"evaluateModel">> {
    return this.transport.call("evaluateModel", [id], body, options);
  }

  /**
   * List a tenant model's test cases
   *
   * `GET /api/v1/models/{id}/test-cases` (`listModelTestCases`). Await it for one page, or iterate it (`for await`) for every item of every page.
   */
  listTestCases(id: string, query?: Query<"listModelTestCases">, options?: RequestOptions): PagePromise<Result<"listModelTestCases">, Item<"listModelTestCases">> {
    return this.transport.page("listModelTestCases", [id], query, options);
  }

  /**
   * Add a test case to a tenant model's suite
   *
   * `POST /api/v1/models/{id}/test-cases` (`createModelTestCase`)
   */
  createTestCase(id: string, body: Body<"createModelTestCase">, options?: RequestOptions): Promise<Result<"createModelTestCase">> {
    return this.transport.call("createModelTestCase", [id], body, options);
  }

  /**
   * Add many test cases at once (JSON or CSV)
   *
   * `POST /api/v1/models/{id}/test-cases/import` (`importModelTestCases`)
   */
  importTestCases(id: string, body: Body<"importModelTestCases">, options?: RequestOptions): Promise<Result<"importModelTestCases">> {
    return this.transport.call("importModelTestCases", [id], body, options);
  }

  /**
   * Get a test case
   *
   * `GET /api/v1/models/{id}/test-cases/{case_id}` (`getModelTestCase`)
   */
  getTestCase(id: string, caseId: string, options?: RequestOptions): Promise<Result<"getModelTestCase">> {
    return this.transport.call("getModelTestCase", [id, caseId], undefined, options);
  }

  /**
   * Change a test case
   *
   * `PATCH /api/v1/models/{id}/test-cases/{case_id}` (`updateModelTestCase`)
   */
  updateTestCase(id: string, caseId: string, body: Body<"updateModelTestCase">, options?: RequestOptions): Promise<Result<"updateModelTestCase">> {
    return this.transport.call("updateModelTestCase", [id, caseId], body, options);
  }

  /**
   * Remove a test case
   *
   * `DELETE /api/v1/models/{id}/test-cases/{case_id}` (`deleteModelTestCase`)
   */
  deleteTestCase(id: string, caseId: string, options?: RequestOptions): Promise<Result<"deleteModelTestCase">> {
    return this.transport.call("deleteModelTestCase", [id, caseId], undefined, options);
  }

  /**
   * List the suite's runs
   *
   * `GET /api/v1/models/{id}/test-runs` (`listModelTestRuns`). Await it for one page, or iterate it (`for await`) for every item of every page.
   */
  listTestRuns(id: string, query?: Query<"listModelTestRuns">, options?: RequestOptions): PagePromise<Result<"listModelTestRuns">, Item<"listModelTestRuns">> {
    return this.transport.page("listModelTestRuns", [id], query, options);
  }

  /**
   * Run the suite against a version
   *
   * `POST /api/v1/models/{id}/test-runs` (`runModelTests`)
   */
  runTests(id: string, body?: Body<"runModelTests">, options?: RequestOptions): Promise<Result<"runModelTests">> {
    return this.transport.call("runModelTests", [id], body, options);
  }

  /**
   * Get a run's report
   *
   * `GET /api/v1/models/{id}/test-runs/{run_id}` (`getModelTestRun`)
   */
  getTestRun(id: string, runId: string, options?: RequestOptions): Promise<Result<"getModelTestRun">> {
    return this.transport.call("getModelTestRun", [id, runId], undefined, options);
  }

  /**
   * Validate inputs without running the model
   *
   * `POST /api/v1/models/{id}/validate` (`validateModelInputs`)
   */
  validateInputs(id: string, body: Body<"validateModelInputs">, options?: RequestOptions): Promise<Result<"validateModelInputs">> {
    return this.transport.call("validateModelInputs", [id], body, options);
  }

  /**
   * Get one version with its graph, review and latest test report
   *
   * `GET /api/v1/models/{id}/versions/{version}` (`getModelVersion`)
   */
  getVersion(id: string, version: string, options?: RequestOptions): Promise<Result<"getModelVersion">> {
    return this.transport.call("getModelVersion", [id, version], undefined, options);
  }

  /**
   * Replace a draft's content
   *
   * `PUT /api/v1/models/{id}/versions/{version}` (`replaceModelVersion`)
   */
  replaceVersion(id: string, version: string, body: Body<"replaceModelVersion">, options?: RequestOptions): Promise<Result<"replaceModelVersion">> {
    return this.transport.call("replaceModelVersion", [id, version], body, options);
  }

  /**
   * Submit a draft for review
   *
   * `POST /api/v1/models/{id}/versions/{version}/submit` (`submitModelVersion`)
   */
  submitVersion(id: string, version: string, body?: Body<"submitModelVersion">, options?: RequestOptions): Promise<Result<"submitModelVersion">> {
    return this.transport.call("submitModelVersion", [id, version], body, options);
  }

  /**
   * Roll back: publish an earlier version again
   *
   * `POST /api/v1/models/{id}/versions/{version}/publish` (`publishModelVersion`)
   */
  publishVersion(id: string, version: string, body: Body<"publishModelVersion">, options?: RequestOptions): Promise<Result<"publishModelVersion">> {
    return this.transport.call("publishModelVersion", [id, version], body, options);
  }

  /**
   * Every time a version went live
   *
   * `GET /api/v1/models/{id}/releases` (`listModelReleases`)
   */
  listReleases(id: string, options?: RequestOptions): Promise<Result<"listModelReleases">> {
    return this.transport.call("listModelReleases", [id], undefined, options);
  }

  /**
   * Run an unsaved working copy of a model, side by side with a stored version
   *
   * `POST /api/v1/models/{id}/simulate` (`simulateModel`)
   */
  simulate(id: string, body: Body<"simulateModel">, options?: RequestOptions): Promise<Result<"simulateModel">> {
    return this.transport.call("simulateModel", [id], body, options);
  }

  /**
   * Run the model's suite on an unsaved working copy
   *
   * `POST /api/v1/models/{id}/simulate/tests` (`simulateModelTests`)
   */
  simulateTests(id: string, body: Body<"simulateModelTests">, options?: RequestOptions): Promise<Result<"simulateModelTests">> {
    return this.transport.call("simulateModelTests", [id], body, options);
  }

  /**
   * List a tenant model's replays
   *
   * `GET /api/v1/models/{id}/replays` (`listModelReplays`). Await it for one page, or iterate it (`for await`) for every item of every page.
   */
  listReplays(id: string, query?: Query<"listModelReplays">, options?: RequestOptions): PagePromise<Result<"listModelReplays">, Item<"listModelReplays">> {
    return this.transport.page("listModelReplays", [id], query, options);
  }

  /**
   * Replay the live runs against a version (impact)
   *
   * `POST /api/v1/models/{id}/replays` (`createModelReplay`)
   */
  createReplay(id: string, body: Body<"createModelReplay">, options?: RequestOptions): Promise<Result<"createModelReplay">> {
    return this.transport.call("createModelReplay", [id], body, options);
  }

  /**
   * Get a replay: progress while it runs, the report once done
   *
   * `GET /api/v1/models/{id}/replays/{replay_id}` (`getModelReplay`)
   */
  getReplay(id: string, replayId: string, options?: RequestOptions): Promise<Result<"getModelReplay">> {
    return this.transport.call("getModelReplay", [id, replayId], undefined, options);
  }

  /**
   * Cancel a replay
   *
   * `POST /api/v1/models/{id}/replays/{replay_id}/cancel` (`cancelModelReplay`)
   */
  cancelReplay(id: string, replayId: string, options?: RequestOptions): Promise<Result<"cancelModelReplay">> {
    return this.transport.call("cancelModelReplay", [id, replayId], undefined, options);
  }

  /**
   * Search decision instances
   *
   * `GET /api/v1/decision-instances` (`listDecisionInstances`). Await it for one page, or iterate it (`for await`) for every item of every page.
   */
  listDecisionInstances(query?: Query<"listDecisionInstances">, options?: RequestOptions): PagePromise<Result<"listDecisionInstances">, Item<"listDecisionInstances">> {
    return this.transport.page("listDecisionInstances", [], query, options);
  }

  /**
   * Get a decision instance
   *
   * `GET /api/v1/decision-instances/{id}` (`getDecisionInstance`)
   */
  getDecisionInstance(id: string, query?: Query<"getDecisionInstance">, options?: RequestOptions): Promise<Result<"getDecisionInstance">> {
    return this.transport.call("getDecisionInstance", [id], query, options);
  }

  /**
   * A version's rule hits in production
   *
   * `GET /api/v1/models/{id}/versions/{version}/rule-hits` (`getModelRuleHits`)
   */
  getRuleHits(id: string, version: string, query?: Query<"getModelRuleHits">, options?: RequestOptions): Promise<Result<"getModelRuleHits">> {
    return this.transport.call("getModelRuleHits", [id, version], query, options);
  }

  /**
   * Place a legal hold on a model's decision instances
   *
   * `PUT /api/v1/models/{id}/legal-hold` (`placeModelLegalHold`)
   */
  placeLegalHold(id: string, body: Body<"placeModelLegalHold">, options?: RequestOptions): Promise<Result<"placeModelLegalHold">> {
    return this.transport.call("placeModelLegalHold", [id], body, options);
  }

  /**
   * Lift a model's legal hold
   *
   * `DELETE /api/v1/models/{id}/legal-hold` (`liftModelLegalHold`)
   */
  liftLegalHold(id: string, options?: RequestOptions): Promise<Result<"liftModelLegalHold">> {
    return this.transport.call("liftModelLegalHold", [id], undefined, options);
  }

  /**
   * Verify a version's decision tables
   *
   * `GET /api/v1/models/{id}/versions/{version}/analysis` (`analyseModelVersion`)
   */
  analyseVersion(id: string, version: string, options?: RequestOptions): Promise<Result<"analyseModelVersion">> {
    return this.transport.call("analyseModelVersion", [id, version], undefined, options);
  }

  /**
   * Propose test cases from a version's decision tables
   *
   * `POST /api/v1/models/{id}/versions/{version}/test-cases/generate` (`generateModelTestCases`)
   */
  generateTestCases(id: string, version: string, body?: Body<"generateModelTestCases">, options?: RequestOptions): Promise<Result<"generateModelTestCases">> {
    return this.transport.call("generateModelTestCases", [id, version], body, options);
  }

  /**
   * The tenant's defaults for its models
   *
   * `GET /api/v1/model-settings` (`getModelSettings`)
   */
  getSettings(options?: RequestOptions): Promise<Result<"getModelSettings">> {
    return this.transport.call("getModelSettings", [], undefined, options);
  }

  /**
   * Change the tenant's default verification policy
   *
   * `PATCH /api/v1/model-settings` (`updateModelSettings`)
   */
  updateSettings(body: Body<"updateModelSettings">, options?: RequestOptions): Promise<Result<"updateModelSettings">> {
    return this.transport.call("updateModelSettings", [], body, options);
  }

  /**
   * Promote a version into an environment
   *
   * `POST /api/v1/models/{id}/versions/{version}/promote` (`promoteModelVersion`)
   */
  promoteVersion(id: string, version: string, body: Body<"promoteModelVersion">, options?: RequestOptions): Promise<Result<"promoteModelVersion">> {
    return this.transport.call("promoteModelVersion", [id, version], body, options);
  }

  /**
   * A model's deployments (release history per environment), or the one in effect at an instant
   *
   * `GET /api/v1/models/{id}/deployments` (`listModelDeployments`). Await it for one page, or iterate it (`for await`) for every item of every page.
   */
  listDeployments(id: string, query?: Query<"listModelDeployments">, options?: RequestOptions): PagePromise<Result<"listModelDeployments">, Item<"listModelDeployments">> {
    return this.transport.page("listModelDeployments", [id], query, options);
  }

  /**
   * Get a deployment
   *
   * `GET /api/v1/models/{id}/deployments/{deployment_id}` (`getModelDeployment`)
   */
  getDeployment(id: string, deploymentId: string, options?: RequestOptions): Promise<Result<"getModelDeployment">> {
    return this.transport.call("getModelDeployment", [id, deploymentId], undefined, options);
  }

  /**
   * Cancel a scheduled deployment
   *
   * `POST /api/v1/models/{id}/deployments/{deployment_id}/cancel` (`cancelModelDeployment`)
   */
  cancelDeployment(id: string, deploymentId: string, options?: RequestOptions): Promise<Result<"cancelModelDeployment">> {
    return this.transport.call("cancelModelDeployment", [id, deploymentId], undefined, options);
  }
}

/** The environments operations. */
export class EnvironmentsOperations {
  constructor(protected readonly transport: Transport) {}

  /**
   * What an environment serves and will serve
   *
   * `GET /api/v1/environments/{id}/deployments` (`listEnvironmentDeployments`). Await it for one page, or iterate it (`for await`) for every item of every page.
   */
  listDeployments(id: string, query?: Query<"listEnvironmentDeployments">, options?: RequestOptions): PagePromise<Result<"listEnvironmentDeployments">, Item<"listEnvironmentDeployments">> {
    return this.transport.page("listEnvironmentDeployments", [id], query, options);
  }

  /**
   * List environments
   *
   * `GET /api/v1/environments` (`listEnvironments`)
   */
  list(query?: Query<"listEnvironments">, options?: RequestOptions): Promise<Result<"listEnvironments">> {
    return this.transport.call("listEnvironments", [], query, options);
  }

  /**
   * Create an environment
   *
   * `POST /api/v1/environments` (`createEnvironment`)
   */
  create(body: Body<"createEnvironment">, options?: RequestOptions): Promise<Result<"createEnvironment">> {
    return this.transport.call("createEnvironment", [], body, options);
  }

  /**
   * Get an environment
   *
   * `GET /api/v1/environments/{id}` (`getEnvironment`)
   */
  get(id: string, options?: RequestOptions): Promise<Result<"getEnvironment">> {
    return this.transport.call("getEnvironment", [id], undefined, options);
  }

  /**
   * Change an environment
   *
   * `PATCH /api/v1/environments/{id}` (`updateEnvironment`)
   */
  update(id: string, body: Body<"updateEnvironment">, options?: RequestOptions): Promise<Result<"updateEnvironment">> {
    return this.transport.call("updateEnvironment", [id], body, options);
  }

  /**
   * Archive an environment
   *
   * `POST /api/v1/environments/{id}/archive` (`archiveEnvironment`)
   */
  archive(id: string, options?: RequestOptions): Promise<Result<"archiveEnvironment">> {
    return this.transport.call("archiveEnvironment", [id], undefined, options);
  }
}

/** The scenarios operations. */
export class ScenariosOperations {
  constructor(protected readonly transport: Transport) {}

  /**
   * List scenarios
   *
   * `GET /api/v1/scenarios` (`listScenarios`). Await it for one page, or iterate it (`for await`) for every item of every page.
   */
  list(query?: Query<"listScenarios">, options?: RequestOptions): PagePromise<Result<"listScenarios">, Item<"listScenarios">> {
    return this.transport.page("listScenarios", [], query, options);
  }

  /**
   * Create and run a scenario
   *
   * `POST /api/v1/scenarios` (`createScenario`)
   */
  create(body: Body<"createScenario">, options?: RequestOptions): Promise<Result<"createScenario">> {
    return this.transport.call("createScenario", [], body, options);
  }

  /**
   * Compare 2–20 completed scenarios
   *
   * `POST /api/v1/scenarios/compare` (`compareScenarios`)
   */
  compare(body: Body<"compareScenarios">, options?: RequestOptions): Promise<Result<"compareScenarios">> {
    return this.transport.call("compareScenarios", [], body, options);
  }

  /**
   * Run up to 10,000 scenarios in one request
   *
   * `POST /api/v1/scenarios/batch` (`createScenarioBatch`)
   */
  createBatch(body: Body<"createScenarioBatch">, options?: RequestOptions): Promise<Result<"createScenarioBatch">> {
    return this.transport.call("createScenarioBatch", [], body, options);
  }

  /**
   * Get a batch: status, progress and scenario ids
   *
   * `GET /api/v1/scenarios/batches/{id}` (`getScenarioBatch`)
   */
  getBatch(id: string, options?: RequestOptions): Promise<Result<"getScenarioBatch">> {
    return this.transport.call("getScenarioBatch", [id], undefined, options);
  }

  /**
   * Cancel a running batch
   *
   * `POST /api/v1/scenarios/batches/{id}/cancel` (`cancelScenarioBatch`)
   */
  cancelBatch(id: string, options?: RequestOptions): Promise<Result<"cancelScenarioBatch">> {
    return this.transport.call("cancelScenarioBatch", [id], undefined, options);
  }

  /**
   * Get a scenario (poll this for long runs)
   *
   * `GET /api/v1/scenarios/{id}` (`getScenario`)
   */
  get(id: string, options?: RequestOptions): Promise<Result<"getScenario">> {
    return this.transport.call("getScenario", [id], undefined, options);
  }

  /**
   * Update a scenario (a change of inputs re-runs it)
   *
   * `PATCH /api/v1/scenarios/{id}` (`updateScenario`)
   */
  update(id: string, body: Body<"updateScenario">, options?: RequestOptions): Promise<Result<"updateScenario">> {
    return this.transport.call("updateScenario", [id], body, options);
  }

  /**
   * Delete a scenario
   *
   * `DELETE /api/v1/scenarios/{id}` (`deleteScenario`)
   */
  delete(id: string, options?: RequestOptions): Promise<Result<"deleteScenario">> {
    return this.transport.call("deleteScenario", [id], undefined, options);
  }

  /**
   * A scenario's runs: the current one first, then its history
   *
   * `GET /api/v1/scenarios/{id}/runs` (`listScenarioRuns`)
   */
  listRuns(id: string, options?: RequestOptions): Promise<Result<"listScenarioRuns">> {
    return this.transport.call("listScenarioRuns", [id], undefined, options);
  }
}

/** The decisions operations. */
export class DecisionsOperations {
  constructor(protected readonly transport: Transport) {}

  /**
   * List decisions
   *
   * `GET /api/v1/decisions` (`listDecisions`). Await it for one page, or iterate it (`for await`) for every item of every page.
   */
  list(query?: Query<"listDecisions">, options?: RequestOptions): PagePromise<Result<"listDecisions">, Item<"listDecisions">> {
    return this.transport.page("listDecisions", [], query, options);
  }

  /**
   * Log a decision (as a draft)
   *
   * `POST /api/v1/decisions` (`createDecision`)
   */
  create(body: Body<"createDecision">, options?: RequestOptions): Promise<Result<"createDecision">> {
    return this.transport.call("createDecision", [], body, options);
  }

  /**
   * Get a decision
   *
   * `GET /api/v1/decisions/{id}` (`getDecision`)
   */
  get(id: string, options?: RequestOptions): Promise<Result<"getDecision">> {
    return this.transport.call("getDecision", [id], undefined, options);
  }

  /**
   * Edit a draft decision, or one whose changes were requested
   *
   * `PATCH /api/v1/decisions/{id}` (`updateDecision`)
   */
  update(id: string, body: Body<"updateDecision">, options?: RequestOptions): Promise<Result<"updateDecision">> {
    return this.transport.call("updateDecision", [id], body, options);
  }

  /**
   * Delete a draft decision
   *
   * `DELETE /api/v1/decisions/{id}` (`deleteDecision`)
   */
  delete(id: string, options?: RequestOptions): Promise<Result<"deleteDecision">> {
    return this.transport.call("deleteDecision", [id], undefined, options);
  }

  /**
   * List a decision's evidence, detached items included
   *
   * `GET /api/v1/decisions/{id}/evidence` (`listDecisionEvidence`). Await it for one page, or iterate it (`for await`) for every item of every page.
   */
  listEvidence(id: string, query?: Query<"listDecisionEvidence">, options?: RequestOptions): PagePromise<Result<"listDecisionEvidence">, Item<"listDecisionEvidence">> {
    return this.transport.page("listDecisionEvidence", [id], query, options);
  }

  /**
   * Attach one evidence item to a draft decision (or one whose changes were requested)
   *
   * `POST /api/v1/decisions/{id}/evidence` (`attachDecisionEvidence`)
   */
  attachEvidence(id: string, body: Body<"attachDecisionEvidence">, options?: RequestOptions): Promise<Result<"attachDecisionEvidence">> {
    return this.transport.call("attachDecisionEvidence", [id], body, options);
  }

  /**
   * Detach an evidence item
   *
   * `POST /api/v1/decisions/{id}/evidence/{evidence_id}/detach` (`detachDecisionEvidence`)
   */
  detachEvidence(id: string, evidenceId: string, options?: RequestOptions): Promise<Result<"detachDecisionEvidence">> {
    return this.transport.call("detachDecisionEvidence", [id, evidenceId], undefined, options);
  }

  /**
   * A decision's history
   *
   * `GET /api/v1/decisions/{id}/history` (`getDecisionHistory`). Await it for one page, or iterate it (`for await`) for every item of every page.
   */
  getHistory(id: string, query?: Query<"getDecisionHistory">, options?: RequestOptions): PagePromise<Result<"getDecisionHistory">, Item<"getDecisionHistory">> {
    return this.transport.page("getDecisionHistory", [id], query, options);
  }

  /**
   * Compare the options' frozen scenario runs
   *
   * `GET /api/v1/decisions/{id}/compare` (`compareDecisionOptions`)
   */
  compareOptions(id: string, query?: Query<"compareDecisionOptions">, options?: RequestOptions): Promise<Result<"compareDecisionOptions">> {
    return this.transport.call("compareDecisionOptions", [id], query, options);
  }

  /**
   * Submit a decision for approval
   *
   * `POST /api/v1/decisions/{id}/submit` (`submitDecision`)
   */
  submit(id: string, body: Body<"submitDecision">, options?: RequestOptions): Promise<Result<"submitDecision">> {
    return this.transport.call("submitDecision", [id], body, options);
  }

  /**
   * Approve the current step
   *
   * `POST /api/v1/decisions/{id}/approve` (`approveDecision`)
   */
  approve(id: string, body: Body<"approveDecision">, options?: RequestOptions): Promise<Result<"approveDecision">> {
    return this.transport.call("approveDecision", [id], body, options);
  }

  /**
   * Reject the decision
   *
   * `POST /api/v1/decisions/{id}/reject` (`rejectDecision`)
   */
  reject(id: string, body: Body<"rejectDecision">, options?: RequestOptions): Promise<Result<"rejectDecision">> {
    return this.transport.call("rejectDecision", [id], body, options);
  }

  /**
   * Ask for changes
   *
   * `POST /api/v1/decisions/{id}/request-changes` (`requestDecisionChanges`)
   */
  requestChanges(id: string, body: Body<"requestDecisionChanges">, options?: RequestOptions): Promise<Result<"requestDecisionChanges">> {
    return this.transport.call("requestDecisionChanges", [id], body, options);
  }

  /**
   * Resubmit after requested changes
   *
   * `POST /api/v1/decisions/{id}/resubmit` (`resubmitDecision`)
   */
  resubmit(id: string, body?: Body<"resubmitDecision">, options?: RequestOptions): Promise<Result<"resubmitDecision">> {
    return this.transport.call("resubmitDecision", [id], body, options);
  }

  /**
   * Comment on a decision
   *
   * `POST /api/v1/decisions/{id}/comment` (`commentOnDecision`)
   */
  commentOn(id: string, body: Body<"commentOnDecision">, options?: RequestOptions): Promise<Result<"commentOnDecision">> {
    return this.transport.call("commentOnDecision", [id], body, options);
  }

  /**
   * Withdraw a decision from review
   *
   * `POST /api/v1/decisions/{id}/withdraw` (`withdrawDecision`)
   */
  withdraw(id: string, body?: Body<"withdrawDecision">, options?: RequestOptions): Promise<Result<"withdrawDecision">> {
    return this.transport.call("withdrawDecision", [id], body, options);
  }

  /**
   * Reassign a step's approvers (admins)
   *
   * `POST /api/v1/decisions/{id}/reassign` (`reassignDecisionStep`)
   */
  reassignStep(id: string, body: Body<"reassignDecisionStep">, options?: RequestOptions): Promise<Result<"reassignDecisionStep">> {
    return this.transport.call("reassignDecisionStep", [id], body, options);
  }

  /**
   * Mark an approved decision implemented
   *
   * `POST /api/v1/decisions/{id}/implement` (`implementDecision`)
   */
  implement(id: string, body?: Body<"implementDecision">, options?: RequestOptions): Promise<Result<"implementDecision">> {
    return this.transport.call("implementDecision", [id], body, options);
  }

  /**
   * Close an implemented decision
   *
   * `POST /api/v1/decisions/{id}/close` (`closeDecision`)
   */
  close(id: string, body?: Body<"closeDecision">, options?: RequestOptions): Promise<Result<"closeDecision">> {
    return this.transport.call("closeDecision", [id], body, options);
  }

  /**
   * The caller's approval inbox
   *
   * `GET /api/v1/approvals` (`listApprovalInbox`)
   */
  listApprovalInbox(query: Query<"listApprovalInbox">, options?: RequestOptions): Promise<Result<"listApprovalInbox">> {
    return this.transport.call("listApprovalInbox", [], query, options);
  }

  /**
   * List a decision's outcomes
   *
   * `GET /api/v1/decisions/{id}/outcomes` (`listDecisionOutcomes`). Await it for one page, or iterate it (`for await`) for every item of every page.
   */
  listOutcomes(id: string, query?: Query<"listDecisionOutcomes">, options?: RequestOptions): PagePromise<Result<"listDecisionOutcomes">, Item<"listDecisionOutcomes">> {
    return this.transport.page("listDecisionOutcomes", [id], query, options);
  }

  /**
   * Record an outcome of an approved decision
   *
   * `POST /api/v1/decisions/{id}/outcomes` (`recordDecisionOutcome`)
   */
  recordOutcome(id: string, body: Body<"recordDecisionOutcome">, options?: RequestOptions): Promise<Result<"recordDecisionOutcome">> {
    return this.transport.call("recordDecisionOutcome", [id], body, options);
  }

  /**
   * List a decision's KPI-fed outcome metrics
   *
   * `GET /api/v1/decisions/{id}/outcome-kpis` (`listDecisionOutcomeKpis`). Await it for one page, or iterate it (`for await`) for every item of every page.
   */
  listOutcomeKpis(id: string, query?: Query<"listDecisionOutcomeKpis">, options?: RequestOptions): PagePromise<Result<"listDecisionOutcomeKpis">, Item<"listDecisionOutcomeKpis">> {
    return this.transport.page("listDecisionOutcomeKpis", [id], query, options);
  }

  /**
   * Feed an outcome metric from a KPI
   *
   * `POST /api/v1/decisions/{id}/outcome-kpis` (`linkDecisionOutcomeKpi`)
   */
  linkOutcomeKpi(id: string, body: Body<"linkDecisionOutcomeKpi">, options?: RequestOptions): Promise<Result<"linkDecisionOutcomeKpi">> {
    return this.transport.call("linkDecisionOutcomeKpi", [id], body, options);
  }

  /**
   * Read a KPI-fed outcome metric's link
   *
   * `GET /api/v1/decisions/{id}/outcome-kpis/{link_id}` (`getDecisionOutcomeKpi`)
   */
  getOutcomeKpi(id: string, linkId: string, options?: RequestOptions): Promise<Result<"getDecisionOutcomeKpi">> {
    return this.transport.call("getDecisionOutcomeKpi", [id, linkId], undefined, options);
  }

  /**
   * Stop feeding an outcome metric from its KPI
   *
   * `DELETE /api/v1/decisions/{id}/outcome-kpis/{link_id}` (`unlinkDecisionOutcomeKpi`)
   */
  unlinkOutcomeKpi(id: string, linkId: string, options?: RequestOptions): Promise<Result<"unlinkDecisionOutcomeKpi">> {
    return this.transport.call("unlinkDecisionOutcomeKpi", [id, linkId], undefined, options);
  }

  /**
   * Expected against actual, per metric, over time
   *
   * `GET /api/v1/decisions/{id}/outcomes/summary` (`getDecisionOutcomeSummary`)
   */
  getOutcomeSummary(id: string, options?: RequestOptions): Promise<Result<"getDecisionOutcomeSummary">> {
    return this.transport.call("getDecisionOutcomeSummary", [id], undefined, options);
  }
}

/** The approvalPolicies operations. */
export class ApprovalPoliciesOperations {
  constructor(protected readonly transport: Transport) {}

  /**
   * List approval policies
   *
   * `GET /api/v1/approval-policies` (`listApprovalPolicies`). Await it for one page, or iterate it (`for await`) for every item of every page.
   */
  list(query?: Query<"listApprovalPolicies">, options?: RequestOptions): PagePromise<Result<"listApprovalPolicies">, Item<"listApprovalPolicies">> {
    return this.transport.page("listApprovalPolicies", [], query, options);
  }

  /**
   * Create an approval policy (version 1)
   *
   * `POST /api/v1/approval-policies` (`createApprovalPolicy`)
   */
  create(body: Body<"createApprovalPolicy">, options?: RequestOptions): Promise<Result<"createApprovalPolicy">> {
    return this.transport.call("createApprovalPolicy", [], body, options);
  }

  /**
   * Get an approval policy
   *
   * `GET /api/v1/approval-policies/{id}` (`getApprovalPolicy`)
   */
  get(id: string, query?: Query<"getApprovalPolicy">, options?: RequestOptions): Promise<Result<"getApprovalPolicy">> {
    return this.transport.call("getApprovalPolicy", [id], query, options);
  }

  /**
   * List an approval policy's versions
   *
   * `GET /api/v1/approval-policies/{id}/versions` (`listApprovalPolicyVersions`). Await it for one page, or iterate it (`for await`) for every item of every page.
   */
  listVersions(id: string, query?: Query<"listApprovalPolicyVersions">, options?: RequestOptions): PagePromise<Result<"listApprovalPolicyVersions">, Item<"listApprovalPolicyVersions">> {
    return this.transport.page("listApprovalPolicyVersions", [id], query, options);
  }

  /**
   * Create a new version of an approval policy
   *
   * `POST /api/v1/approval-policies/{id}/versions` (`createApprovalPolicyVersion`)
   */
  createVersion(id: string, body: Body<"createApprovalPolicyVersion">, options?: RequestOptions): Promise<Result<"createApprovalPolicyVersion">> {
    return this.transport.call("createApprovalPolicyVersion", [id], body, options);
  }

  /**
   * Archive an approval policy
   *
   * `POST /api/v1/approval-policies/{id}/archive` (`archiveApprovalPolicy`)
   */
  archive(id: string, body?: Body<"archiveApprovalPolicy">, options?: RequestOptions): Promise<Result<"archiveApprovalPolicy">> {
    return this.transport.call("archiveApprovalPolicy", [id], body, options);
  }
}

/** The kpis operations. */
export class KpisOperations {
  constructor(protected readonly transport: Transport) {}

  /**
   * List KPIs
   *
   * `GET /api/v1/kpis` (`listKpis`). Await it for one page, or iterate it (`for await`) for every item of every page.
   */
  list(query?: Query<"listKpis">, options?: RequestOptions): PagePromise<Result<"listKpis">, Item<"listKpis">> {
    return this.transport.page("listKpis", [], query, options);
  }

  /**
   * Create a KPI
   *
   * `POST /api/v1/kpis` (`createKpi`)
   */
  create(body: Body<"createKpi">, options?: RequestOptions): Promise<Result<"createKpi">> {
    return this.transport.call("createKpi", [], body, options);
  }

  /**
   * Get a KPI
   *
   * `GET /api/v1/kpis/{id}` (`getKpi`)
   */
  get(id: string, options?: RequestOptions): Promise<Result<"getKpi">> {
    return this.transport.call("getKpi", [id], undefined, options);
  }

  /**
   * Update a KPI
   *
   * `PATCH /api/v1/kpis/{id}` (`updateKpi`)
   */
  update(id: string, body: Body<"updateKpi">, options?: RequestOptions): Promise<Result<"updateKpi">> {
    return this.transport.call("updateKpi", [id], body, options);
  }

  /**
   * Delete a KPI
   *
   * `DELETE /api/v1/kpis/{id}` (`deleteKpi`)
   */
  delete(id: string, options?: RequestOptions): Promise<Result<"deleteKpi">> {
    return this.transport.call("deleteKpi", [id], undefined, options);
  }

  /**
   * Link a model output (or set the source)
   *
   * `PUT /api/v1/kpis/{id}/source` (`putKpiSource`)
   */
  putSource(id: string, body: Body<"putKpiSource">, options?: RequestOptions): Promise<Result<"putKpiSource">> {
    return this.transport.call("putKpiSource", [id], body, options);
  }

  /**
   * Unlink the source
   *
   * `DELETE /api/v1/kpis/{id}/source` (`deleteKpiSource`)
   */
  deleteSource(id: string, options?: RequestOptions): Promise<Result<"deleteKpiSource">> {
    return this.transport.call("deleteKpiSource", [id], undefined, options);
  }

  /**
   * A point and the values it replaced
   *
   * `GET /api/v1/kpis/{id}/points` (`getKpiPointHistory`)
   */
  getPointHistory(id: string, query: Query<"getKpiPointHistory">, options?: RequestOptions): Promise<Result<"getKpiPointHistory">> {
    return this.transport.call("getKpiPointHistory", [id], query, options);
  }

  /**
   * Record one point or a bulk of points
   *
   * `POST /api/v1/kpis/{id}/points` (`recordKpiPoints`)
   */
  recordPoints(id: string, body: Body<"recordKpiPoints">, options?: RequestOptions): Promise<Result<"recordKpiPoints">> {
    return this.transport.call("recordKpiPoints", [id], body, options);
  }

  /**
   * Values over time: raw points or per-period aggregates
   *
   * `GET /api/v1/kpis/{id}/values` (`getKpiValues`). Await it for one page, or iterate it (`for await`) for every item of every page.
   */
  getValues(id: string, query?: Query<"getKpiValues">, options?: RequestOptions): PagePromise<Result<"getKpiValues">, Item<"getKpiValues">> {
    return this.transport.page("getKpiValues", [id], query, options);
  }

  /**
   * Current value, status against target and trend
   *
   * `GET /api/v1/kpis/{id}/status` (`getKpiStatus`)
   */
  getStatus(id: string, query?: Query<"getKpiStatus">, options?: RequestOptions): Promise<Result<"getKpiStatus">> {
    return this.transport.call("getKpiStatus", [id], query, options);
  }
}

/** The kpiAlerts operations. */
export class KpiAlertsOperations {
  constructor(protected readonly transport: Transport) {}

  /**
   * List a KPI's alert rules
   *
   * `GET /api/v1/kpis/{id}/alert-rules` (`listKpiAlertRules`). Await it for one page, or iterate it (`for await`) for every item of every page.
   */
  listRules(id: string, query?: Query<"listKpiAlertRules">, options?: RequestOptions): PagePromise<Result<"listKpiAlertRules">, Item<"listKpiAlertRules">> {
    return this.transport.page("listKpiAlertRules", [id], query, options);
  }

  /**
   * Create an alert rule
   *
   * `POST /api/v1/kpis/{id}/alert-rules` (`createKpiAlertRule`)
   */
  createRule(id: string, body: Body<"createKpiAlertRule">, options?: RequestOptions): Promise<Result<"createKpiAlertRule">> {
    return this.transport.call("createKpiAlertRule", [id], body, options);
  }

  /**
   * Get an alert rule
   *
   * `GET /api/v1/kpis/{id}/alert-rules/{rule_id}` (`getKpiAlertRule`)
   */
  getRule(id: string, ruleId: string, options?: RequestOptions): Promise<Result<"getKpiAlertRule">> {
    return this.transport.call("getKpiAlertRule", [id, ruleId], undefined, options);
  }

  /**
   * Update an alert rule
   *
   * `PATCH /api/v1/kpis/{id}/alert-rules/{rule_id}` (`updateKpiAlertRule`)
   */
  updateRule(id: string, ruleId: string, body: Body<"updateKpiAlertRule">, options?: RequestOptions): Promise<Result<"updateKpiAlertRule">> {
    return this.transport.call("updateKpiAlertRule", [id, ruleId], body, options);
  }

  /**
   * Delete an alert rule
   *
   * `DELETE /api/v1/kpis/{id}/alert-rules/{rule_id}` (`deleteKpiAlertRule`)
   */
  deleteRule(id: string, ruleId: string, options?: RequestOptions): Promise<Result<"deleteKpiAlertRule">> {
    return this.transport.call("deleteKpiAlertRule", [id, ruleId], undefined, options);
  }

  /**
   * List a KPI's alerts
   *
   * `GET /api/v1/kpis/{id}/alerts` (`listKpiAlerts`). Await it for one page, or iterate it (`for await`) for every item of every page.
   */
  list(id: string, query?: Query<"listKpiAlerts">, options?: RequestOptions): PagePromise<Result<"listKpiAlerts">, Item<"listKpiAlerts">> {
    return this.transport.page("listKpiAlerts", [id], query, options);
  }

  /**
   * List alerts of every KPI
   *
   * `GET /api/v1/alerts` (`listAlerts`). Await it for one page, or iterate it (`for await`) for every item of every page.
   */
  listAlerts(query?: Query<"listAlerts">, options?: RequestOptions): PagePromise<Result<"listAlerts">, Item<"listAlerts">> {
    return this.transport.page("listAlerts", [], query, options);
  }

  /**
   * Get an alert with its explanation and transitions
   *
   * `GET /api/v1/alerts/{id}` (`getAlert`)
   */
  getAlert(id: string, options?: RequestOptions): Promise<Result<"getAlert">> {
    return this.transport.call("getAlert", [id], undefined, options);
  }

  /**
   * Acknowledge an alert
   *
   * `POST /api/v1/alerts/{id}/acknowledge` (`acknowledgeAlert`)
   */
  acknowledgeAlert(id: string, body?: Body<"acknowledgeAlert">, options?: RequestOptions): Promise<Result<"acknowledgeAlert">> {
    return this.transport.call("acknowledgeAlert", [id], body, options);
  }

  /**
   * Silence an alert
   *
   * `POST /api/v1/alerts/{id}/silence` (`silenceAlert`)
   */
  silenceAlert(id: string, body: Body<"silenceAlert">, options?: RequestOptions): Promise<Result<"silenceAlert">> {
    return this.transport.call("silenceAlert", [id], body, options);
  }

  /**
   * Resolve an alert by hand
   *
   * `POST /api/v1/alerts/{id}/resolve` (`resolveAlert`)
   */
  resolveAlert(id: string, body?: Body<"resolveAlert">, options?: RequestOptions): Promise<Result<"resolveAlert">> {
    return this.transport.call("resolveAlert", [id], body, options);
  }
}

/** The integrations operations. */
export class IntegrationsOperations {
  constructor(protected readonly transport: Transport) {}

  /**
   * List connector types with their specs
   *
   * `GET /api/v1/integrations/connector-types` (`listConnectorTypes`)
   */
  listConnectorTypes(options?: RequestOptions): Promise<Result<"listConnectorTypes">> {
    return this.transport.call("listConnectorTypes", [], undefined, options);
  }

  /**
   * List integrations
   *
   * `GET /api/v1/integrations` (`listIntegrations`). Await it for one page, or iterate it (`for await`) for every item of every page.
   */
  list(query?: Query<"listIntegrations">, options?: RequestOptions): PagePromise<Result<"listIntegrations">, Item<"listIntegrations">> {
    return this.transport.page("listIntegrations", [], query, options);
  }

  /**
   * Create an integration
   *
   * `POST /api/v1/integrations` (`createIntegration`)
   */
  create(body: Body<"createIntegration">, options?: RequestOptions): Promise<Result<"createIntegration">> {
    return this.transport.call("createIntegration", [], body, options);
  }

  /**
   * Get an integration
   *
   * `GET /api/v1/integrations/{id}` (`getIntegration`)
   */
  get(id: string, options?: RequestOptions): Promise<Result<"getIntegration">> {
    return this.transport.call("getIntegration", [id], undefined, options);
  }

  /**
   * Update an integration
   *
   * `PATCH /api/v1/integrations/{id}` (`updateIntegration`)
   */
  update(id: string, body: Body<"updateIntegration">, options?: RequestOptions): Promise<Result<"updateIntegration">> {
    return this.transport.call("updateIntegration", [id], body, options);
  }

  /**
   * Delete an integration
   *
   * `DELETE /api/v1/integrations/{id}` (`deleteIntegration`)
   */
  delete(id: string, options?: RequestOptions): Promise<Result<"deleteIntegration">> {
    return this.transport.call("deleteIntegration", [id], undefined, options);
  }

  /**
   * Get the integration's schedule as Temporal runs it
   *
   * `GET /api/v1/integrations/{id}/schedule` (`getIntegrationSchedule`)
   */
  getSchedule(id: string, options?: RequestOptions): Promise<Result<"getIntegrationSchedule">> {
    return this.transport.call("getIntegrationSchedule", [id], undefined, options);
  }

  /**
   * Test the connection
   *
   * `POST /api/v1/integrations/{id}/check` (`checkIntegration`)
   */
  check(id: string, options?: RequestOptions): Promise<Result<"checkIntegration">> {
    return this.transport.call("checkIntegration", [id], undefined, options);
  }

  /**
   * Get the current field mapping
   *
   * `GET /api/v1/integrations/{id}/field-mappings` (`getIntegrationFieldMapping`)
   */
  getFieldMapping(id: string, options?: RequestOptions): Promise<Result<"getIntegrationFieldMapping">> {
    return this.transport.call("getIntegrationFieldMapping", [id], undefined, options);
  }

  /**
   * Save the field mapping as its next version
   *
   * `PUT /api/v1/integrations/{id}/field-mappings` (`putIntegrationFieldMapping`)
   */
  putFieldMapping(id: string, body: Body<"putIntegrationFieldMapping">, options?: RequestOptions): Promise<Result<"putIntegrationFieldMapping">> {
    return this.transport.call("putIntegrationFieldMapping", [id], body, options);
  }

  /**
   * Preview a field mapping
   *
   * `POST /api/v1/integrations/{id}/field-mappings/validate` (`validateIntegrationFieldMapping`)
   */
  validateFieldMapping(id: string, body: Body<"validateIntegrationFieldMapping">, options?: RequestOptions): Promise<Result<"validateIntegrationFieldMapping">> {
    return this.transport.call("validateIntegrationFieldMapping", [id], body, options);
  }

  /**
   * Discover streams and fields
   *
   * `POST /api/v1/integrations/{id}/discover` (`discoverIntegration`)
   */
  discover(id: string, options?: RequestOptions): Promise<Result<"discoverIntegration">> {
    return this.transport.call("discoverIntegration", [id], undefined, options);
  }

  /**
   * List an integration's syncs
   *
   * `GET /api/v1/integrations/{id}/syncs` (`listIntegrationSyncs`). Await it for one page, or iterate it (`for await`) for every item of every page.
   */
  listSyncs(id: string, query?: Query<"listIntegrationSyncs">, options?: RequestOptions): PagePromise<Result<"listIntegrationSyncs">, Item<"listIntegrationSyncs">> {
    return this.transport.page("listIntegrationSyncs", [id], query, options);
  }

  /**
   * Start a sync
   *
   * `POST /api/v1/integrations/{id}/syncs` (`createIntegrationSync`)
   */
  createSync(id: string, body: Body<"createIntegrationSync">, options?: RequestOptions): Promise<Result<"createIntegrationSync">> {
    return this.transport.call("createIntegrationSync", [id], body, options);
  }

  /**
   * Get a sync
   *
   * `GET /api/v1/integrations/{id}/syncs/{sync_id}` (`getIntegrationSync`)
   */
  getSync(id: string, syncId: string, options?: RequestOptions): Promise<Result<"getIntegrationSync">> {
    return this.transport.call("getIntegrationSync", [id, syncId], undefined, options);
  }

  /**
   * Cancel a queued or running sync
   *
   * `POST /api/v1/integrations/{id}/syncs/{sync_id}/cancel` (`cancelIntegrationSync`)
   */
  cancelSync(id: string, syncId: string, body?: Body<"cancelIntegrationSync">, options?: RequestOptions): Promise<Result<"cancelIntegrationSync">> {
    return this.transport.call("cancelIntegrationSync", [id, syncId], body, options);
  }

  /**
   * List the records a sync rejected
   *
   * `GET /api/v1/integrations/{id}/syncs/{sync_id}/rejections` (`listIntegrationSyncRejections`). Await it for one page, or iterate it (`for await`) for every item of every page.
   */
  listSyncRejections(id: string, syncId: string, query?: Query<"listIntegrationSyncRejections">, options?: RequestOptions): PagePromise<Result<"listIntegrationSyncRejections">, Item<"listIntegrationSyncRejections">> {
    return this.transport.page("listIntegrationSyncRejections", [id, syncId], query, options);
  }

  /**
   * List an integration's uploads
   *
   * `GET /api/v1/integrations/{id}/uploads` (`listIntegrationUploads`). Await it for one page, or iterate it (`for await`) for every item of every page.
   */
  listUploads(id: string, query?: Query<"listIntegrationUploads">, options?: RequestOptions): PagePromise<Result<"listIntegrationUploads">, Item<"listIntegrationUploads">> {
    return this.transport.page("listIntegrationUploads", [id], query, options);
  }

  /**
   * Upload a CSV file
   *
   * `POST /api/v1/integrations/{id}/uploads` (`createIntegrationUpload`)
   */
  createUpload(id: string, body: Body<"createIntegrationUpload">, options?: RequestOptions & { query?: Query<"createIntegrationUpload"> }): Promise<Result<"createIntegrationUpload">> {
    return this.transport.call("createIntegrationUpload", [id], body, options);
  }

  /**
   * Get an upload
   *
   * `GET /api/v1/integrations/{id}/uploads/{upload_id}` (`getIntegrationUpload`)
   */
  getUpload(id: string, uploadId: string, options?: RequestOptions): Promise<Result<"getIntegrationUpload">> {
    return this.transport.call("getIntegrationUpload", [id, uploadId], undefined, options);
  }
}

/** The datasets operations. */
export class DatasetsOperations {
  constructor(protected readonly transport: Transport) {}

  /**
   * List datasets
   *
   * `GET /api/v1/datasets` (`listDatasets`)
   */
  list(options?: RequestOptions): Promise<Result<"listDatasets">> {
    return this.transport.call("listDatasets", [], undefined, options);
  }

  /**
   * Define a dataset
   *
   * `POST /api/v1/datasets` (`createDataset`)
   */
  create(body: Body<"createDataset">, options?: RequestOptions): Promise<Result<"createDataset">> {
    return this.transport.call("createDataset", [], body, options);
  }

  /**
   * List a dataset's records
   *
   * `GET /api/v1/datasets/{name}/records` (`listDatasetRecords`). Await it for one page, or iterate it (`for await`) for every item of every page.
   */
  listRecords(name: string, query?: Query<"listDatasetRecords">, options?: RequestOptions): PagePromise<Result<"listDatasetRecords">, Item<"listDatasetRecords">> {
    return this.transport.page("listDatasetRecords", [name], query, options);
  }

  /**
   * Aggregate a dataset
   *
   * `POST /api/v1/datasets/{name}/aggregate` (`aggregateDataset`)
   */
  aggregate(name: string, body: Body<"aggregateDataset">, options?: RequestOptions): Promise<Result<"aggregateDataset">> {
    return this.transport.call("aggregateDataset", [name], body, options);
  }

  /**
   * Get a dataset's definition
   *
   * `GET /api/v1/datasets/{name}` (`getDataset`)
   */
  get(name: string, options?: RequestOptions): Promise<Result<"getDataset">> {
    return this.transport.call("getDataset", [name], undefined, options);
  }

  /**
   * Change a dataset's definition
   *
   * `PATCH /api/v1/datasets/{name}` (`updateDataset`)
   */
  update(name: string, body: Body<"updateDataset">, options?: RequestOptions): Promise<Result<"updateDataset">> {
    return this.transport.call("updateDataset", [name], body, options);
  }

  /**
   * Delete a dataset
   *
   * `DELETE /api/v1/datasets/{name}` (`deleteDataset`)
   */
  delete(name: string, options?: RequestOptions): Promise<Result<"deleteDataset">> {
    return this.transport.call("deleteDataset", [name], undefined, options);
  }
}

/** The webhooks operations. */
export class WebhooksOperations {
  constructor(protected readonly transport: Transport) {}

  /**
   * List the event catalogue
   *
   * `GET /api/v1/webhooks/event-types` (`listWebhookEventTypes`)
   */
  listEventTypes(options?: RequestOptions): Promise<Result<"listWebhookEventTypes">> {
    return this.transport.call("listWebhookEventTypes", [], undefined, options);
  }

  /**
   * List webhook subscriptions
   *
   * `GET /api/v1/webhooks` (`listWebhooks`). Await it for one page, or iterate it (`for await`) for every item of every page.
   */
  list(query?: Query<"listWebhooks">, options?: RequestOptions): PagePromise<Result<"listWebhooks">, Item<"listWebhooks">> {
    return this.transport.page("listWebhooks", [], query, options);
  }

  /**
   * Create a webhook subscription
   *
   * `POST /api/v1/webhooks` (`createWebhook`)
   */
  create(body: Body<"createWebhook">, options?: RequestOptions): Promise<Result<"createWebhook">> {
    return this.transport.call("createWebhook", [], body, options);
  }

  /**
   * Get a webhook subscription
   *
   * `GET /api/v1/webhooks/{id}` (`getWebhook`)
   */
  get(id: string, options?: RequestOptions): Promise<Result<"getWebhook">> {
    return this.transport.call("getWebhook", [id], undefined, options);
  }

  /**
   * Update a webhook subscription
   *
   * `PATCH /api/v1/webhooks/{id}` (`updateWebhook`)
   */
  update(id: string, body: Body<"updateWebhook">, options?: RequestOptions): Promise<Result<"updateWebhook">> {
    return this.transport.call("updateWebhook", [id], body, options);
  }

  /**
   * Delete a webhook subscription
   *
   * `DELETE /api/v1/webhooks/{id}` (`deleteWebhook`)
   */
  delete(id: string, options?: RequestOptions): Promise<Result<"deleteWebhook">> {
    return this.transport.call("deleteWebhook", [id], undefined, options);
  }

  /**
   * Rotate the signing secret
   *
   * `POST /api/v1/webhooks/{id}/rotate-secret` (`rotateWebhookSecret`)
   */
  rotateSecret(id: string, body?: Body<"rotateWebhookSecret">, options?: RequestOptions): Promise<Result<"rotateWebhookSecret">> {
    return this.transport.call("rotateWebhookSecret", [id], body, options);
  }

  /**
   * Send a test event
   *
   * `POST /api/v1/webhooks/{id}/test` (`sendWebhookTest`)
   */
  sendTest(id: string, options?: RequestOptions): Promise<Result<"sendWebhookTest">> {
    return this.transport.call("sendWebhookTest", [id], undefined, options);
  }

  /**
   * List deliveries with their attempts
   *
   * `GET /api/v1/webhooks/{id}/deliveries` (`listWebhookDeliveries`). Await it for one page, or iterate it (`for await`) for every item of every page.
   */
  listDeliveries(id: string, query?: Query<"listWebhookDeliveries">, options?: RequestOptions): PagePromise<Result<"listWebhookDeliveries">, Item<"listWebhookDeliveries">> {
    return this.transport.page("listWebhookDeliveries", [id], query, options);
  }

  /**
   * Redeliver an event
   *
   * `POST /api/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver` (`redeliverWebhookDelivery`)
   */
  redeliverDelivery(id: string, deliveryId: string, options?: RequestOptions): Promise<Result<"redeliverWebhookDelivery">> {
    return this.transport.call("redeliverWebhookDelivery", [id, deliveryId], undefined, options);
  }
}

/** The events operations. */
export class EventsOperations {
  constructor(protected readonly transport: Transport) {}

  /**
   * List recent events
   *
   * `GET /api/v1/events` (`listEvents`). Await it for one page, or iterate it (`for await`) for every item of every page.
   */
  list(query?: Query<"listEvents">, options?: RequestOptions): PagePromise<Result<"listEvents">, Item<"listEvents">> {
    return this.transport.page("listEvents", [], query, options);
  }

  /**
   * Follow events as they commit (Server-Sent Events)
   *
   * `GET /api/v1/events/stream` (`streamEvents`). Iterate it (`for await`) for every event as it comes; it reconnects after a drop without missing one.
   */
  stream(query?: Query<"streamEvents">, options?: StreamOptions): EventStream {
    return this.transport.stream("streamEvents", [], query, options);
  }

  /**
   * Get an event
   *
   * `GET /api/v1/events/{id}` (`getEvent`)
   */
  get(id: string, options?: RequestOptions): Promise<Result<"getEvent">> {
    return this.transport.call("getEvent", [id], undefined, options);
  }
}

/** The notifications operations. */
export class NotificationsOperations {
  constructor(protected readonly transport: Transport) {}

  /**
   * Your notification preferences
   *
   * `GET /api/v1/me/notification-preferences` (`getNotificationPreferences`)
   */
  getPreferences(options?: RequestOptions): Promise<Result<"getNotificationPreferences">> {
    return this.transport.call("getNotificationPreferences", [], undefined, options);
  }

  /**
   * Change your notification preferences
   *
   * `PATCH /api/v1/me/notification-preferences` (`updateNotificationPreferences`)
   */
  updatePreferences(body: Body<"updateNotificationPreferences">, options?: RequestOptions): Promise<Result<"updateNotificationPreferences">> {
    return this.transport.call("updateNotificationPreferences", [], body, options);
  }

  /**
   * Your notifications
   *
   * `GET /api/v1/me/notifications` (`listMyNotifications`). Await it for one page, or iterate it (`for await`) for every item of every page.
   */
  listMy(query?: Query<"listMyNotifications">, options?: RequestOptions): PagePromise<Result<"listMyNotifications">, Item<"listMyNotifications">> {
    return this.transport.page("listMyNotifications", [], query, options);
  }

  /**
   * The tenant's notification log
   *
   * `GET /api/v1/notifications` (`listNotifications`). Await it for one page, or iterate it (`for await`) for every item of every page.
   */
  list(query?: Query<"listNotifications">, options?: RequestOptions): PagePromise<Result<"listNotifications">, Item<"listNotifications">> {
    return this.transport.page("listNotifications", [], query, options);
  }

  /**
   * A notification
   *
   * `GET /api/v1/notifications/{id}` (`getNotification`)
   */
  get(id: string, options?: RequestOptions): Promise<Result<"getNotification">> {
    return this.transport.call("getNotification", [id], undefined, options);
  }

  /**
   * The tenant's notification settings
   *
   * `GET /api/v1/notification-settings` (`getNotificationSettings`)
   */
  getSettings(options?: RequestOptions): Promise<Result<"getNotificationSettings">> {
    return this.transport.call("getNotificationSettings", [], undefined, options);
  }

  /**
   * Make kinds mandatory
   *
   * `PUT /api/v1/notification-settings` (`updateNotificationSettings`)
   */
  updateSettings(body: Body<"updateNotificationSettings">, options?: RequestOptions): Promise<Result<"updateNotificationSettings">> {
    return this.transport.call("updateNotificationSettings", [], body, options);
  }

  /**
   * List chat destinations
   *
   * `GET /api/v1/chat-destinations` (`listChatDestinations`)
   */
  listChatDestinations(options?: RequestOptions): Promise<Result<"listChatDestinations">> {
    return this.transport.call("listChatDestinations", [], undefined, options);
  }

  /**
   * Post notifications to a chat channel
   *
   * `POST /api/v1/chat-destinations` (`createChatDestination`)
   */
  createChatDestination(body: Body<"createChatDestination">, options?: RequestOptions): Promise<Result<"createChatDestination">> {
    return this.transport.call("createChatDestination", [], body, options);
  }

  /**
   * A chat destination
   *
   * `GET /api/v1/chat-destinations/{id}` (`getChatDestination`)
   */
  getChatDestination(id: string, options?: RequestOptions): Promise<Result<"getChatDestination">> {
    return this.transport.call("getChatDestination", [id], undefined, options);
  }

  /**
   * Change a chat destination
   *
   * `PATCH /api/v1/chat-destinations/{id}` (`updateChatDestination`)
   */
  updateChatDestination(id: string, body: Body<"updateChatDestination">, options?: RequestOptions): Promise<Result<"updateChatDestination">> {
    return this.transport.call("updateChatDestination", [id], body, options);
  }

  /**
   * Remove a chat destination
   *
   * `DELETE /api/v1/chat-destinations/{id}` (`deleteChatDestination`)
   */
  deleteChatDestination(id: string, options?: RequestOptions): Promise<Result<"deleteChatDestination">> {
    return this.transport.call("deleteChatDestination", [id], undefined, options);
  }

  /**
   * Who watches a KPI
   *
   * `GET /api/v1/kpis/{id}/watchers` (`listKpiWatchers`)
   */
  listKpiWatchers(id: string, options?: RequestOptions): Promise<Result<"listKpiWatchers">> {
    return this.transport.call("listKpiWatchers", [id], undefined, options);
  }

  /**
   * Watch a KPI
   *
   * `POST /api/v1/kpis/{id}/watch` (`watchKpi`)
   */
  watchKpi(id: string, options?: RequestOptions): Promise<Result<"watchKpi">> {
    return this.transport.call("watchKpi", [id], undefined, options);
  }

  /**
   * Stop watching a KPI
   *
   * `POST /api/v1/kpis/{id}/unwatch` (`unwatchKpi`)
   */
  unwatchKpi(id: string, options?: RequestOptions): Promise<Result<"unwatchKpi">> {
    return this.transport.call("unwatchKpi", [id], undefined, options);
  }
}

/** The failures operations. */
export class FailuresOperations {
  constructor(protected readonly transport: Transport) {}

  /**
   * List failures of every kind, with their causes
   *
   * `GET /api/v1/failures` (`listFailures`). Await it for one page, or iterate it (`for await`) for every item of every page.
   */
  list(query?: Query<"listFailures">, options?: RequestOptions): PagePromise<Result<"listFailures">, Item<"listFailures">> {
    return this.transport.page("listFailures", [], query, options);
  }

  /**
   * Retry failures in bulk
   *
   * `POST /api/v1/failures/retry` (`retryFailures`)
   */
  retry(body: Body<"retryFailures">, options?: RequestOptions): Promise<Result<"retryFailures">> {
    return this.transport.call("retryFailures", [], body, options);
  }

  /**
   * List bulk retries
   *
   * `GET /api/v1/failures/retries` (`listFailureRetries`). Await it for one page, or iterate it (`for await`) for every item of every page.
   */
  listRetries(query?: Query<"listFailureRetries">, options?: RequestOptions): PagePromise<Result<"listFailureRetries">, Item<"listFailureRetries">> {
    return this.transport.page("listFailureRetries", [], query, options);
  }

  /**
   * Get a bulk retry: its progress and its items' outcomes
   *
   * `GET /api/v1/failures/retries/{id}` (`getFailureRetry`)
   */
  getRetry(id: string, options?: RequestOptions): Promise<Result<"getFailureRetry">> {
    return this.transport.call("getFailureRetry", [id], undefined, options);
  }

  /**
   * Cancel a bulk retry
   *
   * `POST /api/v1/failures/retries/{id}/cancel` (`cancelFailureRetry`)
   */
  cancelRetry(id: string, options?: RequestOptions): Promise<Result<"cancelFailureRetry">> {
    return this.transport.call("cancelFailureRetry", [id], undefined, options);
  }
}

/** The auditLog operations. */
export class AuditLogOperations {
  constructor(protected readonly transport: Transport) {}

  /**
   * List audit records
   *
   * `GET /api/v1/audit-log` (`listAuditRecords`). Await it for one page, or iterate it (`for await`) for every item of every page.
   */
  listAuditRecords(query?: Query<"listAuditRecords">, options?: RequestOptions): PagePromise<Result<"listAuditRecords">, Item<"listAuditRecords">> {
    return this.transport.page("listAuditRecords", [], query, options);
  }

  /**
   * Verify the audit log's hash chain
   *
   * `GET /api/v1/audit-log/verify` (`verifyAuditLog`)
   */
  verify(options?: RequestOptions): Promise<Result<"verifyAuditLog">> {
    return this.transport.call("verifyAuditLog", [], undefined, options);
  }

  /**
   * Get an audit record
   *
   * `GET /api/v1/audit-log/{id}` (`getAuditRecord`)
   */
  getAuditRecord(id: string, options?: RequestOptions): Promise<Result<"getAuditRecord">> {
    return this.transport.call("getAuditRecord", [id], undefined, options);
  }
}

/** The auditExports operations. */
export class AuditExportsOperations {
  constructor(protected readonly transport: Transport) {}

  /**
   * Export the audit log (signed JSON Lines and CSV)
   *
   * `POST /api/v1/audit-exports` (`createAuditExport`)
   */
  create(body?: Body<"createAuditExport">, options?: RequestOptions): Promise<Result<"createAuditExport">> {
    return this.transport.call("createAuditExport", [], body, options);
  }

  /**
   * Get an export: status, progress and, once completed, its digest
   *
   * `GET /api/v1/audit-exports/{id}` (`getAuditExport`)
   */
  get(id: string, options?: RequestOptions): Promise<Result<"getAuditExport">> {
    return this.transport.call("getAuditExport", [id], undefined, options);
  }

  /**
   * Download a completed export (streamed)
   *
   * `GET /api/v1/audit-exports/{id}/download` (`downloadAuditExport`)
   */
  download(id: string, query?: Query<"downloadAuditExport">, options?: RequestOptions): Promise<Result<"downloadAuditExport">> {
    return this.transport.call("downloadAuditExport", [id], query, options);
  }

  /**
   * The export's signed digest (compact JWS)
   *
   * `GET /api/v1/audit-exports/{id}/digest` (`getAuditExportDigest`)
   */
  getDigest(id: string, options?: RequestOptions): Promise<Result<"getAuditExportDigest">> {
    return this.transport.call("getAuditExportDigest", [id], undefined, options);
  }

  /**
   * Public keys verifying audit export digests (JWKS)
   *
   * `GET /.well-known/audit-jwks.json` (`getAuditExportJwks`)
   */
  getJwks(options?: RequestOptions): Promise<Result<"getAuditExportJwks">> {
    return this.transport.call("getAuditExportJwks", [], undefined, options);
  }
}

/** One property per group; the client extends it with its helpers. */
export class GeneratedOperations {
  readonly system: SystemOperations;
  readonly account: AccountOperations;
  readonly apiKeys: ApiKeysOperations;
  readonly users: UsersOperations;
  readonly oauthClients: OauthClientsOperations;
  readonly models: ModelsOperations;
  readonly environments: EnvironmentsOperations;
  readonly scenarios: ScenariosOperations;
  readonly decisions: DecisionsOperations;
  readonly approvalPolicies: ApprovalPoliciesOperations;
  readonly kpis: KpisOperations;
  readonly kpiAlerts: KpiAlertsOperations;
  readonly integrations: IntegrationsOperations;
  readonly datasets: DatasetsOperations;
  readonly webhooks: WebhooksOperations;
  readonly events: EventsOperations;
  readonly notifications: NotificationsOperations;
  readonly failures: FailuresOperations;
  readonly auditLog: AuditLogOperations;
  readonly auditExports: AuditExportsOperations;

  constructor(transport: Transport) {
    this.system = new SystemOperations(transport);
    this.account = new AccountOperations(transport);
    this.apiKeys = new ApiKeysOperations(transport);
    this.users = new UsersOperations(transport);
    this.oauthClients = new OauthClientsOperations(transport);
    this.models = new ModelsOperations(transport);
    this.environments = new EnvironmentsOperations(transport);
    this.scenarios = new ScenariosOperations(transport);
    this.decisions = new DecisionsOperations(transport);
    this.approvalPolicies = new ApprovalPoliciesOperations(transport);
    this.kpis = new KpisOperations(transport);
    this.kpiAlerts = new KpiAlertsOperations(transport);
    this.integrations = new IntegrationsOperations(transport);
    this.datasets = new DatasetsOperations(transport);
    this.webhooks = new WebhooksOperations(transport);
    this.events = new EventsOperations(transport);
    this.notifications = new NotificationsOperations(transport);
    this.failures = new FailuresOperations(transport);
    this.auditLog = new AuditLogOperations(transport);
    this.auditExports = new AuditExportsOperations(transport);
  }
}
