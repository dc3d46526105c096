import fs from 'node:fs';
import path from 'node:path';
import { bundleWorkflowCode, type WorkflowBundleWithSourceMap } from '@temporalio/worker';

export const WORKFLOWS_ENTRY = path.resolve(__dirname, '../workflows/index.ts');

/** Bundling takes seconds; the test launcher does it once and every test worker loads the result. */
export async function buildWorkflowBundle(): Promise<WorkflowBundleWithSourceMap> {
  return bundleWorkflowCode({ workflowsPath: WORKFLOWS_ENTRY });
}

export async function writeWorkflowBundle(outFile: string): Promise<void> {
  const bundle = await buildWorkflowBundle();
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(outFile, bundle.code);
}
