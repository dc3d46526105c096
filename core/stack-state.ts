import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config';

/**
 * What the one-command start wrote about the local stack it runs (embedded Postgres URL, dev-server address), so
 * `npm run api`, `npm run worker` and the admin CLI find it through DATA_DIR alone.
 */
export type StackProcessName = 'api' | 'worker' | 'postgres' | 'temporal' | 'mailpit';

export interface StackState {
  databaseUrl?: string;
  temporalAddress?: string;
  temporalUiUrl?: string;
  /** The local Mailpit `npm start` runs: where email goes, and its web UI. */
  smtpUrl?: string;
  mailpitUrl?: string;
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
      `DATABASE_URL is not set and no embedded Postgres was found under DATA_DIR (${config.dataDir}); run "npm start" or set DATABASE_URL`,
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
