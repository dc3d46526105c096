// @ts-check
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];

/** The browser code (the console's editor): bundled for the browser, never imported by the server's folders. */
const BROWSER_CODE = 'console-app';
const BROWSER_FENCE =
  'console-app/ is browser code, bundled by scripts/build-console-app.ts: the server reaches it through the built assets, never by import.';
/** Every top-level folder of the server side (and its tooling): what the browser code may not import. */
const SERVER_FOLDERS = [
  'api',
  'activities',
  'clients',
  'core',
  'db',
  'decision',
  'integrations',
  'notifications',
  'orchestration',
  'rules',
  'worker',
  'workflows',
  'scripts',
  'test',
];

/** Modules that start a process's long-running parts; only the entry points (and scripts, tests) may use them. */
const PROCESS_COMPOSERS = ['orchestration/workers', 'orchestration/scenario-runner'];

/**
 * A `no-restricted-imports` rule for one layer: `files` may not import (not even types) from the top-level folders
 * in `forbidden` (an entry may carry a lookahead, e.g. `api(?!…)`, to let one role's files through). With
 * `composeOnly`, they may use the process composers only for their types; `extra` adds patterns of its own.
 */
function layer(files, message, forbidden, options = {}) {
  const patterns = [
    { regex: `^(\\.\\./)+(${forbidden.join('|')})(/|$)`, message },
    { regex: `^(\\.\\./)+${BROWSER_CODE}(/|$)`, message: BROWSER_FENCE },
    ...(options.extra ?? []),
  ];
  if (options.composeOnly) {
    patterns.push({
      regex: `^(\\.\\./)+(${PROCESS_COMPOSERS.join('|')})$`,
      message: `Starting workers or the scenario runner is composing the process: ${options.composeOnly}.`,
      allowTypeImports: true,
    });
  }
  return {
    files: Array.isArray(files) ? files : [files],
    ...(options.ignores ? { ignores: options.ignores } : {}),
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  };
}

/** A family's routes (`api/<family>/routes.ts`, `routes-<part>.ts`): the files the route role rules apply to. */
const ROUTES = ['api/*/routes.ts', 'api/*/routes-*.ts'];
/**
 * A family's orchestration (`api/<family>/start-<what>.ts`): starting and messaging its workflows. It sits beside the
 * use cases that call it, and it is the one part of `api/` the worker may import (the outbox relay, the schedule
 * reconciler and run recovery start workflows too).
 */
const STARTS = ['api/*/start-*.ts'];
/** An import of a family's orchestration file, from anywhere. */
const START_IMPORT = '(^|/)start-[\\w-]+$';
/** The API folder, except a family's orchestration files (for the worker). */
const API_EXCEPT_STARTS = 'api(?!/[\\w-]+/start-[\\w-]+$)';

/** Workflow sandbox rules: no Node built-ins, and values only from modules whose path `allowedRegex` lets through. */
function sandboxed(files, allowedRegex, message, ignores = []) {
  return {
    files,
    ignores,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltins.map((name) => ({ name, message: 'Node built-ins are not allowed in workflow code.' })),
          patterns: [{ regex: allowedRegex, message, allowTypeImports: true }],
        },
      ],
    },
  };
}

/** The SQL clients: only db/ may use them as values (a type-only `import type { Knex }` to pass a transaction is fine). */
const SQL_CLIENT = /^(knex|objection|pg)(\/|$)/;
/** The names a query builder goes by (`knex`, `db`, `trx`, `scope.trx`, `deps.db`): called with a table, it is SQL. */
const QUERY_HANDLES = new Set(['knex', 'db', 'trx']);
/** An Objection record class (db/records/*, each named `…Record`): its `query()` is SQL. */
const RECORD_CLASS = /Record$/;
/** Text that starts a SQL statement. */
const SQL_STATEMENT =
  /^\s*(select|insert|update|delete|with|listen|unlisten|notify|create|alter|drop|truncate|lock|set|begin|commit|rollback)\b/i;
/** The last name of a callee or member object: `db`, `scope.trx` → `trx`, `this.db` → `db`. */
const lastName = (node) =>
  node.type === 'Identifier'
    ? node.name
    : node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier'
      ? node.property.name
      : undefined;

/**
 * Every query lives in db/: outside it, no value import of the SQL clients, of the record classes or of the scoped
 * query builders (`scoped`, `insertScoped` from db/tenant-scope), and no query
 * written in place (`.raw(…)`, `.whereRaw(…)` and the other `…Raw` builders, `knex('table')` / `trx('table')` /
 * `db('table')`, `SomeRecord.query(…)`, `.$query()`, `db.fn` / `db.schema` / `db.client` (the driver underneath), a statement passed as
 * text to a `query(…)`). Syntactic, so it knows names, not types:
 * it goes by the names the code base gives its handles (`knex`, `db`, `trx`) and record classes (`…Record`).
 */
const noSqlOutsideDb = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      client:
        "SQL lives in db/: no value import of '{{source}}' here (a type-only `import type` is fine); call a repository.",
      record:
        'SQL lives in db/: no value import of the record class {{name}} here (its query() is SQL); call a repository.',
      builder: 'SQL lives in db/: {{name}}() hands out a query builder; call a repository instead.',
      raw: 'SQL lives in db/: `.{{name}}(…)` writes SQL here; move the query into a db/repositories function.',
      table: "SQL lives in db/: `{{name}}('…')` queries a table here; move the query into a db/repositories function.",
      query: 'SQL lives in db/: `{{name}}` builds a query here; move it into a db/repositories function.',
    },
  },
  create(context) {
    const checkSource = (node, source, specifiers, typeOnly) => {
      if (typeof source !== 'string' || typeOnly) return;
      const values = specifiers.filter((s) => !(s.type === 'ImportSpecifier' && s.importKind === 'type'));
      if (SQL_CLIENT.test(source) && (specifiers.length === 0 || values.length > 0)) {
        context.report({ node, messageId: 'client', data: { source } });
      }
      // `scoped(scope, SomeRecord)` and `insertScoped(…)` hand out a query builder.
      if (/(^|\/)db\/tenant-scope$/.test(source)) {
        for (const s of values) {
          const name = s.type === 'ImportSpecifier' ? (s.imported.name ?? s.imported.value) : s.local.name;
          if (name === 'scoped' || name === 'insertScoped')
            context.report({ node: s, messageId: 'builder', data: { name } });
        }
      }
      if (/(^|\/)db\/records\//.test(source)) {
        for (const s of values) {
          const name = s.type === 'ImportSpecifier' ? (s.imported.name ?? s.imported.value) : s.local.name;
          if (s.type !== 'ImportSpecifier' || RECORD_CLASS.test(name))
            context.report({ node: s, messageId: 'record', data: { name } });
        }
      }
    };
    return {
      ImportDeclaration(node) {
        checkSource(node, node.source.value, node.specifiers, node.importKind === 'type');
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal') checkSource(node, node.source.value, [], false);
      },
      CallExpression(node) {
        const { callee } = node;
        if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier') {
          const name = callee.property.name;
          if (name === 'raw' || /^[a-z]+Raw$/.test(name))
            return context.report({ node, messageId: 'raw', data: { name } });
          if (name === '$query' || name === '$relatedQuery')
            return context.report({ node, messageId: 'query', data: { name: `.${name}()` } });
          if (name === 'query' && RECORD_CLASS.test(lastName(callee.object) ?? '')) {
            return context.report({ node, messageId: 'query', data: { name: `${lastName(callee.object)}.query()` } });
          }
          // A driver connection's `query('LISTEN …')`, `query(`select …`)`: a statement written as text.
          const text = node.arguments[0];
          const written =
            text?.type === 'Literal'
              ? text.value
              : text?.type === 'TemplateLiteral'
                ? text.quasis[0]?.value.cooked
                : undefined;
          if (name === 'query' && typeof written === 'string' && SQL_STATEMENT.test(written)) {
            return context.report({ node, messageId: 'raw', data: { name } });
          }
        }
        const handle = lastName(callee);
        const first = node.arguments[0];
        if (
          handle &&
          QUERY_HANDLES.has(handle) &&
          first &&
          ((first.type === 'Literal' && typeof first.value === 'string') || first.type === 'TemplateLiteral')
        ) {
          context.report({ node, messageId: 'table', data: { name: handle } });
        }
      },
      MemberExpression(node) {
        if (
          node.computed ||
          node.property.type !== 'Identifier' ||
          !['fn', 'schema', 'client'].includes(node.property.name)
        )
          return;
        const handle = lastName(node.object);
        if (handle && QUERY_HANDLES.has(handle))
          context.report({ node, messageId: 'query', data: { name: `${handle}.${node.property.name}` } });
      },
    };
  },
};

export default tseslint.config(
  {
    ignores: ['node_modules/**', '.data/**', 'dist/**', 'clients/*/dist/**', 'test-output/**', 'console-app/build/**'],
  },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // Tests read loosely-typed JSON responses.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // No SQL outside db/: every product folder, including any new one. scripts/ and test/ are exempt (fixtures,
  // benchmarks and the stack seed and inspect data directly); the typed client has no database.
  {
    files: ['**/*.ts'],
    ignores: [
      'db/**',
      'scripts/**',
      'test/**',
      'clients/**',
      // The postgres connector reads a tenant's own database (a source system), never ours.
      'integrations/connectors/postgres.ts',
    ],
    plugins: { rooms: { rules: { 'no-sql-outside-db': noSqlOutsideDb } } },
    rules: { 'rooms/no-sql-outside-db': 'error' },
  },
  // The browser code: its own runtime (DOM, React), fenced from every server folder and from Node's modules; the
  // server's folders are fenced from it in layer() (every layering rule refuses console-app/).
  {
    files: ['console-app/**/*.ts', 'console-app/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltins.map((name) => ({ name, message: 'console-app/ runs in the browser: no Node modules.' })),
          patterns: [
            {
              regex: `^(\\.\\./)+(${SERVER_FOLDERS.join('|')})(/|$)`,
              message:
                "console-app/ runs in the browser: it imports no server code (it talks to the service over HTTP, with the page's bootstrap data).",
            },
          ],
        },
      ],
    },
  },
  // The layering: each folder imports only the folders below it. Paths are matched as written (relative), so
  // `(\.\./)+name/` means "the top-level folder `name`" from any depth.
  layer('core/**/*.ts', 'core/ imports nothing of ours but core/.', [
    'api',
    'activities',
    'db',
    'decision',
    'integrations',
    'notifications',
    'orchestration',
    'rules',
    'worker',
    'workflows',
    'scripts',
    'test',
  ]),
  layer('decision/**/*.ts', 'decision/ imports only decision/ and core/.', [
    'api',
    'activities',
    'db',
    'integrations',
    'orchestration',
    'rules',
    'worker',
    'workflows',
    'scripts',
    'test',
  ]),
  // A family's pure rules (KPI status and alerts, approval policies, outcome variance): fenced like the engines, and
  // free to use them (a policy's conditions are engine expressions).
  layer('rules/**/*.ts', 'rules/ imports only rules/, decision/ and core/.', [
    'api',
    'activities',
    'db',
    'integrations',
    'notifications',
    'orchestration',
    'worker',
    'workflows',
    'scripts',
    'test',
  ]),
  // Connectors and field mappings talk to source systems only: no database of ours, no workflows, no API
  // (field-mapping expressions are zen-engine, through decision/).
  // (The expression sandbox also checks approval policies' conditions, through rules/.)
  layer('integrations/**/*.ts', 'integrations/ imports only integrations/, decision/, rules/ and core/.', [
    'api',
    'activities',
    'db',
    'orchestration',
    'worker',
    'workflows',
    'scripts',
    'test',
  ]),
  // Rendering and signing of notifications: pure, no database, no workflows, no API.
  layer('notifications/**/*.ts', 'notifications/ imports only notifications/ and core/.', [
    'api',
    'activities',
    'db',
    'decision',
    'integrations',
    'orchestration',
    'rules',
    'worker',
    'workflows',
    'scripts',
    'test',
  ]),
  layer(
    'clients/typescript/src/**/*.ts',
    'The typed client is a package of its own: it imports nothing of the service (the OpenAPI document is its contract).',
    [
      'api',
      'activities',
      'core',
      'db',
      'decision',
      'integrations',
      'notifications',
      'orchestration',
      'rules',
      'worker',
      'workflows',
      'scripts',
      'test',
    ],
    {
      extra: [
        {
          regex: '^node:',
          message: 'The client runs in browsers too: web APIs only (fetch, URL, crypto.randomUUID), no Node modules.',
        },
      ],
    },
  ),
  layer(
    'clients/typescript/examples/**/*.ts',
    'The examples use the client as its readers do: through clients/typescript/src only.',
    [
      'api',
      'activities',
      'core',
      'db',
      'decision',
      'integrations',
      'notifications',
      'orchestration',
      'rules',
      'worker',
      'workflows',
      'scripts',
      'test',
    ],
  ),
  layer('db/**/*.ts', 'db/ never imports api/, activities/, worker/ or orchestration/.', [
    'api',
    'activities',
    'orchestration',
    'worker',
    'scripts',
    'test',
  ]),
  layer('activities/**/*.ts', 'activities/ never imports api/, worker/ or orchestration/.', [
    'api',
    'orchestration',
    'worker',
    'scripts',
    'test',
  ]),
  // orchestration/ is the shared Temporal kernel (workflow-engine, workflow-bundle, workers, scenario-runner).
  layer('orchestration/**/*.ts', 'orchestration/ never imports api/ or worker/.', ['api', 'worker', 'scripts', 'test']),
  layer(
    'worker/**/*.ts',
    "worker/ never imports api/ (but a family's start-*.ts, its orchestration).",
    [API_EXCEPT_STARTS, 'scripts', 'test'],
    {
      ignores: ['worker/main.ts'],
      composeOnly: 'only worker/main.ts composes the worker process',
    },
  ),
  layer('worker/main.ts', "worker/ never imports api/ (but a family's start-*.ts, its orchestration).", [
    API_EXCEPT_STARTS,
    'scripts',
    'test',
  ]),
  // A family's start-*.ts is orchestration living beside its use cases: contracts, db/, core/ and orchestration/'s
  // kernel only, never the rest of api/ (the worker imports it, and must not drag the API in with it).
  layer(
    STARTS,
    "A family's start-*.ts (its orchestration) imports contracts, db/, core/ and orchestration/ only: no other api/ module, no worker/.",
    ['activities', 'api', 'worker', 'scripts', 'test'],
    {
      extra: [
        {
          regex: '^\\./(?!start-)|^\\.\\./(?!\\.\\./)',
          message: "A family's start-*.ts (its orchestration) imports no other api/ module.",
        },
      ],
      composeOnly: 'only api/server.ts and worker/main.ts compose a process',
    },
  ),
  layer(
    ROUTES,
    "A family's routes (api/<family>/routes*.ts) parse, call a use case and respond: no database, no workflows.",
    ['activities', 'db', 'orchestration', 'worker', 'workflows', 'scripts', 'test'],
    {
      extra: [
        {
          regex: START_IMPORT,
          message: "A family's routes call a use case, which starts its workflows: no workflows (start-*.ts).",
        },
      ],
    },
  ),
  // The console's pages are routes for people: they call the same use cases as the API, never repositories or workflows.
  layer(
    'api/console/**/*.ts',
    'api/console/ uses the use cases (api/<family>/), as the routes do: no repositories, no workflows.',
    ['activities', 'db', 'orchestration', 'worker', 'workflows', 'scripts', 'test'],
    {
      extra: [
        {
          regex: START_IMPORT,
          message: 'api/console/ uses the use cases (api/<family>/), as the routes do: no workflows (start-*.ts).',
        },
      ],
    },
  ),
  layer('api/**/*.ts', 'api/ never imports worker/ or activities/.', ['activities', 'worker', 'scripts', 'test'], {
    ignores: ['api/server.ts', ...ROUTES, ...STARTS, 'api/console/**/*.ts'],
    composeOnly: 'only api/server.ts composes the API process',
  }),
  layer('api/server.ts', 'api/ never imports worker/ or activities/.', ['activities', 'worker', 'scripts', 'test']),
  // Workflow code runs in Temporal's deterministic sandbox: no Node built-ins, no I/O libraries, nothing from the
  // API, activities, database or worker. Contracts (a family's `workflows/<family>/contracts*.ts`, the shared
  // `workflows/contracts/`, and the registry, index.ts, which re-exports the workflows): the workflow SDK, ./ modules,
  // the shared contracts and types.
  sandboxed(
    ['workflows/contracts/**/*.ts', 'workflows/*/contracts.ts', 'workflows/*/contracts-*.ts', 'workflows/index.ts'],
    '^(?!@temporalio/(workflow|common)$|\\./|\\.\\./contracts/)',
    'Workflow contracts (and the registry) may import only @temporalio/workflow, @temporalio/common, ./ modules, the shared ../contracts/ and types.',
  ),
  // A workflow: only its family's contract (and the shared ones), not another workflow's code (a child workflow is
  // started by its contract's type name); the lanes share one loop (workflows/lanes/lane.ts).
  sandboxed(
    ['workflows/**/*.ts'],
    '^(?!@temporalio/workflow$|\\./contracts(-[\\w-]+)?$|\\.\\./contracts/|\\.\\./lanes/lane$)',
    "A workflow may import only its contract (./contracts, ./contracts-…, the shared ../contracts/…), the lanes' shared loop (../lanes/lane), @temporalio/workflow and types.",
    [
      'workflows/contracts/**/*.ts',
      'workflows/*/contracts.ts',
      'workflows/*/contracts-*.ts',
      'workflows/index.ts',
      'workflows/tracing-interceptors.ts',
    ],
  ),
  // Tracing's workflow side (bundled as an interceptor module): the workflow SDK and its OpenTelemetry interceptors.
  sandboxed(
    ['workflows/tracing-interceptors.ts'],
    '^(?!@temporalio/(workflow|interceptors-opentelemetry/lib/workflow)$)',
    'The workflow tracing interceptors may import only @temporalio/workflow and the workflow side of @temporalio/interceptors-opentelemetry.',
  ),
);
