import fs from 'node:fs';
import path from 'node:path';
import { bundleWorkflowCode, DefaultLogger, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { WORKFLOW_TRACING_INTERCEPTORS } from './tracing';

/** The workflows' entry point, bundled for the Temporal sandbox. */
export const WORKFLOWS_ENTRY = path.resolve(__dirname, '../workflows/index.ts');

/** The file `npm run build` writes the bundle to, at the top of its output directory (dist/workflow-bundle.js). */
export const PREBUILT_WORKFLOW_BUNDLE_NAME = 'workflow-bundle.js';

/** Bundling takes seconds; the test launcher does it once and every test worker loads the result. */
export async function buildWorkflowBundle(): Promise<WorkflowBundleWithSourceMap> {
  // Webpack's module listing is noise on every start; only its warnings and errors are worth showing.
  return bundleWorkflowCode({
    workflowsPath: WORKFLOWS_ENTRY,
    // Tracing's workflow side: it traces only workflows started with a trace context (orchestration/tracing.ts).
    workflowInterceptorModules: [WORKFLOW_TRACING_INTERCEPTORS],
    logger: new DefaultLogger('WARN'),
  });
}

export async function writeWorkflowBundle(outFile: string): Promise<void> {
  const bundle = await buildWorkflowBundle();
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(outFile, bundle.code);
}

/**
 * The prebuilt bundle to load: WORKFLOW_BUNDLE_PATH when set, else the one `npm run build` put next to the compiled
 * code (running from dist/), else none (running from source: the workflows are bundled at start).
 */
export function resolveWorkflowBundlePath(explicitPath: string | undefined): string | undefined {
  if (explicitPath) return explicitPath;
  const prebuilt = path.resolve(__dirname, '..', PREBUILT_WORKFLOW_BUNDLE_NAME);
  return fs.existsSync(prebuilt) ? prebuilt : undefined;
}
