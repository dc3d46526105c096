import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

export interface AdminResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the admin CLI (`npm run admin -- …`) as an operator would, with this environment; never throws on exit codes. */
export async function adminWithEnv(env: NodeJS.ProcessEnv, ...args: string[]): Promise<AdminResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
      cwd: ROOT,
      env,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as AdminResult;
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The admin CLI with the test run's environment (its DATABASE_URL). */
export function admin(...args: string[]): Promise<AdminResult> {
  return adminWithEnv(process.env, ...args);
}
