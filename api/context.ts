import type { Knex } from 'knex';
import type { Client } from '@temporalio/client';
import type { DefaultState } from 'koa';
import type { Router, RouterContext } from '@koa/router';
import type { Config } from '../core/config';
import type { Logger } from '../core/logger';
import type { Principal } from '../core/principal';
import type { ModelCatalogue } from '../decision/catalogue';
import type { ScenarioRunner } from '../worker/scenario-runner';

/** Everything the API needs, passed in: production wiring and tests build it the same way. */
export interface AppDeps {
  config: Config;
  db: Knex;
  temporal: Client;
  logger: Logger;
  /** The model catalogue (shared with the scenario runner when there is one); a new one otherwise. */
  catalogue?: ModelCatalogue;
  /** This process's scenario runner (eager starts of quick runs); without it every run goes through a task queue. */
  scenarioRunner?: ScenarioRunner;
}

export interface AppState extends DefaultState {
  requestId: string;
  /** RFC 3339 time the request arrived (audit trails start here). */
  receivedAt: string;
  log: Logger;
  principal?: Principal;
  /** The parsed JSON body, set by the parse-json-body middleware. */
  body?: unknown;
  /** The validated, type-coerced query, set by the validate middleware. */
  query?: Record<string, unknown>;
}

export type AppContext = RouterContext<AppState>;
export type AppRouter = Router<AppState>;
