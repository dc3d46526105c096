import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config';

/** The processes `npm start` runs and supervises. */
export type StackProcessName = 'api' | 'worker' | 'postgres' | 'temporal' | 'mailpit' | 'jaeger';

/**
 * What the one-command start wrote about the local stack it runs (embedded Postgres URL, dev-server address), so
 * `npm run api`, `npm run worker` and the admin CLI find it through DATA_DIR alone.
 */
export interface StackState {
  databaseUrl?: string;
  temporalAddress?: string;
  temporalUiUrl?: string;
  /** The local Mailpit `npm start` runs: where email goes, and its web UI. */
  smtpUrl?: string;
  mailpitUrl?: string;
  /** The API's public address (PUBLIC_BASE_URL, else http://localhost:$PORT): the issuer and audience of its tokens. */
  publicBaseUrl?: string;
  /** The current pid of each process `npm start` runs, rewritten whenever one is restarted. */
  pids?: Partial<Record<StackProcessName, number>>;
}

export function stackStatePath(dataDir: string): string {
  return path.join(dataDir, 'stack.json');
}

export function readStackState(dataDir: string): StackState {
  try {
    return JSON.parse(fs.readFileSync(stackStatePath(dataDir), 'utf8')) as StackState;
  } catch {
    return {};
  }
}

export function writeStackState(dataDir: string, state: StackState): void {
  fs.mkdirSync(dataDir, { recursive: true });
  const merged = { ...readStackState(dataDir), ...state };
  fs.writeFileSync(stackStatePath(dataDir), `${JSON.stringify(merged, null, 2)}\n`, { mode: 0o600 });
}

export function resolveDatabaseUrl(config: Pick<Config, 'dataDir' | 'databaseUrl'>): string {
  const url = config.databaseUrl ?? readStackState(config.dataDir).databaseUrl;
  if (!url) {
    throw new Error(
      `DATABASE_URL is not set and no embedded Postgres was found under DATA_DIR (${config.dataDir}): start it with "npm start", ` +
        'or in this shell export DATA_DIR=<the DATA_DIR your npm start runs on> (or DATABASE_URL=postgres://… for a database of your own)',
    );
  }
  return url;
}

export function resolveTemporalAddress(config: Config): string {
  return config.temporalAddress ?? readStackState(config.dataDir).temporalAddress ?? `127.0.0.1:${config.temporalPort}`;
}

/** The SMTP server notifications are sent through: SMTP_URL, else the Mailpit that `npm start` runs for this DATA_DIR. */
export function resolveSmtpUrl(config: Pick<Config, 'dataDir' | 'notifications'>): string | undefined {
  return config.notifications.smtpUrl ?? readStackState(config.dataDir).smtpUrl;
}

/** The pid of the `npm start` holding DATA_DIR (its lock file), while it runs. */
export function runningSupervisorPid(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number.parseInt(fs.readFileSync(path.join(dataDir, 'supervisor.pid'), 'utf8'), 10);
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

/** A command-line tool asked for the stack's address while the shell says something else, or nothing is running. */
export class StackAddressError extends Error {}

const sameAddress = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/**
 * The public base URL of the API a command-line tool (admin CLI, webhook receiver) talks to from a second terminal:
 * the one the running `npm start` on DATA_DIR recorded in stack.json. PUBLIC_BASE_URL or PORT in the shell that
 * differ from it are refused, as a token minted for another address is refused by the API ("not meant for this
 * API"). Without a running stack: PUBLIC_BASE_URL, else http://localhost:$PORT, else (with `required`) an error
 * saying what to export; otherwise undefined.
 */
export function resolveStackBaseUrl(env: NodeJS.ProcessEnv, options: { required: boolean }): string | undefined {
  const dataDir = path.resolve(env.DATA_DIR?.trim() || '.data');
  const explicitBase = env.PUBLIC_BASE_URL?.trim() || undefined;
  const explicitPort = env.PORT?.trim() || undefined;
  const explicit = explicitBase ?? (explicitPort ? `http://localhost:${explicitPort}` : undefined);
  const explicitName = explicitBase ? `PUBLIC_BASE_URL (${explicitBase})` : `PORT (${explicitPort ?? ''})`;
  const recorded = runningSupervisorPid(dataDir) !== undefined ? readStackState(dataDir).publicBaseUrl : undefined;
  if (recorded && explicit && !sameAddress(recorded, explicit)) {
    throw new StackAddressError(
      `${explicitName} in this shell does not match the API of the "npm start" running on DATA_DIR ${dataDir}, which is ${recorded}. ` +
        `Unset it (unset ${explicitBase ? 'PUBLIC_BASE_URL' : 'PORT'}) to use that stack, or export DATA_DIR=<the data directory of the stack at ${explicit}>.`,
    );
  }
  const found = recorded ?? explicit;
  if (found || !options.required) return found?.replace(/\/+$/, '');
  throw new StackAddressError(
    `No running "npm start" found on DATA_DIR ${dataDir} (no live supervisor.pid and stack.json there). ` +
      'Start it with "npm start", or in this shell export DATA_DIR=<the DATA_DIR your npm start runs on> ' +
      "(or PUBLIC_BASE_URL=<the API's public address, e.g. http://localhost:3000> for a stack started otherwise).",
  );
}
