import fs from 'node:fs';
import path from 'node:path';
import { bundleWorkflowCode, DefaultLogger, type WorkflowBundleWithSourceMap } from '@temporalio/worker';

/** The workflows' entry point, bundled for the Temporal sandbox. */
export const WORKFLOWS_ENTRY = path.resolve(__dirname, '../workflows/index.ts');

/** Bundling takes seconds; the test launcher does it once and every test worker loads the result. */
export async function buildWorkflowBundle(): Promise<WorkflowBundleWithSourceMap> {
  // Webpack's module listing is noise on every start; only its warnings and errors are worth showing.
  return bundleWorkflowCode({ workflowsPath: WORKFLOWS_ENTRY, logger: new DefaultLogger('WARN') });
}

export async function writeWorkflowBundle(outFile: string): Promise<void> {
  const bundle = await buildWorkflowBundle();
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(outFile, bundle.code);
}
