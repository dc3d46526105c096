/**
 * The API's paths, operations, components and webhooks as TypeScript types (openapi-typescript).
 * Generated from the OpenAPI document by scripts/generate-client.ts; do not edit. `npm run generate:client` rewrites it;
 * `npm test` fails while it differs from what the document gives.
 */
export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness
         * @description Answers 200 while the process serves HTTP. Does not touch dependencies.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness
         * @description Answers 200 when Postgres and Temporal are reachable, 503 otherwise. `checks.scenario_runner` does not affect the status.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This OpenAPI document */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Volume quotas and their use
         * @description The tenant's volume quotas (Enterprise: per calendar month, UTC, and optionally per UTC day, by kind of work) and what the current period has used of each, read from counters kept in the transaction of the work they count (exact across API and worker processes, and across restarts). `policy` says what happens beyond a quota: `refuse` answers 429 `usage_quota_exceeded` naming it (a running sync and webhook deliveries are never cut off: a sync is refused at its start instead), `allow_overage` does the work and counts it as `overage`. `usage.quota.warning` is sent at 80 % of a quota and `usage.quota.exceeded` when it is reached, once per period. Quotas are set by platform operators (`npm run admin -- tenant quotas`); a tenant without any has an empty `quotas` list. `consumption` shows, for an enterprise tenant, every kind's count in the current month and day, with or without a quota. Kinds: `api_requests` (Authenticated requests to /api/v1 that the rate limits let through (a request refused by this quota is not counted).); `scenario_runs` (Scenario runs: a created scenario, a re-run with new inputs, and each valid item of a batch.); `evaluations` (Model evaluations: each item of POST /models/{id}/evaluate.); `records_synced` (Records an integration sync inserted or updated in a dataset (counted as each page commits).); `webhook_deliveries` (Webhook delivery attempts sent to an endpoint (each retry counts).).
         */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who am I
         * @description The tenant, actor and scopes of the presented credentials, the tenant's rate limits, and its dedicated endpoint if it has one. Needs no particular scope.
         */
        get: operations["getCurrentPrincipal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List API keys */
        get: operations["listApiKeys"];
        put?: never;
        /** Create an API key */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an API key */
        get: operations["getApiKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an API key
         * @description Takes effect immediately, for the current and any previous secret. Revoking twice is harmless.
         */
        post: operations["revokeApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate an API key's secret
         * @description Issues a new secret for the same key id and scopes. The old secret keeps working for the grace period, so deployments can switch over without downtime. A revoked key cannot be rotated (409 `api_key_not_rotatable`).
         */
        post: operations["rotateApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the tenant's people */
        get: operations["listMembers"];
        put?: never;
        /**
         * Add a person to the tenant with a role
         * @description Adds the person with this email to the tenant, creating them when the email is new. The answer is the same whether or not the person already belongs to other tenants: the member carries the `display_name` given here (each tenant names its members itself), and nothing about the person's other memberships or sign-in credentials is shown. For the same reason a tenant cannot set a person's password (a `password` field is refused with 422): a tenant that could would learn, by signing in, whether the email already had an account, and could take over an existing person's account. Instead the person gets an **invitation** by email: a single-use link, valid for INVITATION_TTL_SECONDS (7 days), to set their first password — or, when they already have one (from another tenant), to join with it; with an external identity provider, to sign in there. The answer shows the invitation (`pending`) alike for a new and a known email. The member's `id` is this tenant's own, minted now for a new and a known email alike (its time is the membership's `created_at`, and another tenant knows the same person by another id). 409 `already_member` when the person is already a member of this tenant.
         */
        post: operations["addMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/invitation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a member a new invitation
         * @description A new link by email; the previous link stops working. 409 `invitation_accepted` once the member accepted one. At most 3 per member per hour: beyond that 429 `invitation_resend_limited` with `Retry-After`, and nothing is sent.
         */
        post: operations["resendInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/invitation/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a member's invitation
         * @description The open link stops working (doing it twice is doing it once). 409 `invitation_accepted` once the member accepted it.
         */
        post: operations["revokeInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a member */
        get: operations["getMember"];
        put?: never;
        post?: never;
        /** Remove a person from the tenant */
        delete: operations["removeMember"];
        options?: never;
        head?: never;
        /**
         * Change a member's role
         * @description Takes effect on the member's next request, including with tokens already issued.
         */
        patch: operations["changeMemberRole"];
        trace?: never;
    };
    "/api/v1/oauth-clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List OAuth clients */
        get: operations["listOAuthClients"];
        put?: never;
        /** Register an OAuth client */
        post: operations["createOAuthClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/oauth-clients/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an OAuth client */
        get: operations["getOAuthClient"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/oauth-clients/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an OAuth client
         * @description Takes effect immediately: no new tokens, its live access and refresh tokens are refused. Revoking twice is harmless.
         */
        post: operations["revokeOAuthClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List models
         * @description Built-in and tenant models, by id descending. Schemas are left out; get a model for them.
         */
        get: operations["listModels"];
        put?: never;
        /**
         * Create a tenant model
         * @description Uploads a JDM decision graph with its input and output schemas, or a DMN model (`dmn`, its schemas derived when not given), as version 1, a draft (it runs only where named until it is published through a review). A graph that does not load or evaluate, or a DMN model that does not compile, is refused with 422 naming each problem.
         */
        post: operations["createModel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/models/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a model with its input and output schemas */
        get: operations["getModel"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change a tenant model's name, description, coverage threshold or verification policy */
        patch: operations["updateModel"];
        trace?: never;
    };
    "/api/v1/models/{id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a model's versions */
        get: operations["listModelVersions"];
        put?: never;
        /**
         * Upload a new version of a tenant model (a draft)
         * @description A JDM graph or a DMN model, checked as `POST /models` checks it; a version may change the format of the one before.
         */
        post: operations["createModelVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/models/{id}/versions/{version}/diff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What a version changes against another
         * @description Node by node and rule by rule, as a code review reads it: nodes added and removed; per decision table the rules added, removed and changed cell by cell (rules matched by `_id`, else by position) and a changed hit policy; expressions and switch conditions changed; edges added and removed. Input and output schema changes are classified: breaking when a request valid before may now be refused (an input removed, a type changed, a bound narrowed, an input newly required without a default) or an output a reader relied on is gone or retyped. Built-in models have one version (409).
         */
        get: operations["diffModelVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/models/{id}/deprecate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deprecate a tenant model
         * @description Reads and existing scenarios keep working; new runs are refused. Built-in models cannot be deprecated (409).
         */
        post: operations["deprecateModel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/models/{id}/evaluate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Evaluate a model
         * @description Runs the model's published version (or the one `version` names, a draft too) on `inputs`, or on each of up to 1,000 `items`, and answers the outputs, with a trace per evaluated node when `trace` is true. Evaluations are recorded as decision instances as the model's recording policy says (`record_evaluations` on `PATCH /models/{id}`, default off; see `GET /decision-instances`): each answer then names its `instance_id`. Inputs are checked as a scenario create checks them: a single evaluation with invalid inputs is a 422 naming each field; in a batch each item carries its own error. Evaluation runs in the expression sandbox, never on the API's event loop, within one budget for the whole request (EXPRESSION_BUDGET_MS): past it, 422.
         */
        post: operations["evaluateModel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/models/{id}/test-cases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a tenant model's test cases */
        get: operations["listModelTestCases"];
        put?: never;
        /**
         * Add a test case to a tenant model's suite
         * @description Inputs, the outputs expected (numbers within an optional tolerance) and optionally the rules expected to match. A suite holds at most 1,000 cases. Built-in models have no suite (409).
         */
        post: operations["createModelTestCase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/models/{id}/test-cases/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add many test cases at once (JSON or CSV)
         * @description All or none, at most 1,000 cases. The body may be up to 15,001,024 bytes (413 beyond): what the largest `csv` (5,000,000 characters) can need as JSON, at most 3 bytes of UTF-8 per character (any character of the Basic Multilingual Plane; the escapes of `"`, `\`, tab, CR and LF take 2) plus 1 KiB for the object around it; `cases` get the same, about 15 kB per case. A CSV is read a slice at a time and the read stops at the 1,001st case (a 422 naming its row). Problems in a CSV are 422 entries whose `path` names the cell: `/csv/<row>/<column>`, the row counted as a spreadsheet shows it (the header is row 1), the column by its header; `/csv/<row>` for a whole row, `/csv` for the whole text.
         */
        post: operations["importModelTestCases"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/models/{id}/test-cases/{case_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a test case */
        get: operations["getModelTestCase"];
        put?: never;
        post?: never;
        /** Remove a test case */
        delete: operations["deleteModelTestCase"];
        options?: never;
        head?: never;
        /** Change a test case */
        patch: operations["updateModelTestCase"];
        trace?: never;
    };
    "/api/v1/models/{id}/test-runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the suite's runs */
        get: operations["listModelTestRuns"];
        put?: never;
        /**
         * Run the suite against a version
         * @description Evaluates every case against the version (default: the newest one, usually the draft being written) in the expression sandbox, judges it, and stores and answers the report: pass or fail per case with the differences, and the rule and branch coverage. 422 when the model has no cases.
         */
        post: operations["runModelTests"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/models/{id}/test-runs/{run_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a run's report */
        get: operations["getModelTestRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/models/{id}/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Validate inputs without running the model */
        post: operations["validateModelInputs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/models/{id}/versions/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one version with its graph, review and latest test report
         * @description A tenant model version is `draft` → `in_review` → `published` → `retired` (or `rejected`, or back to `draft` when a reviewer requests changes, the review is withdrawn or a step deadline expires). Uploads create drafts; exactly one version is published at a time, and scenarios, batches, KPIs and decision options run it. A draft runs only where a caller names it: evaluate, test runs, replays, and a scenario create by its author (marked `draft_run`, never linkable to a decision option).
         */
        get: operations["getModelVersion"];
        /**
         * Replace a draft's content
         * @description Checked like any upload. Only a draft can be replaced (409 `model_version_state` otherwise: published versions are immutable). With `content_revision` (the revision the edit started from), a save over a newer save is refused: 409 `content_revision_conflict`, nothing changed; the check and the write hold the version row locked, so of two saves from the same revision exactly one wins. After a reviewer requested changes, new content dismisses the approvals given when the version is submitted again. The caller is recorded as the writer of the new revision (`content_writers`): separation of duties keeps every writer of any revision from approving the version's release.
         */
        put: operations["replaceModelVersion"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/models/{id}/versions/{version}/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit a draft for review
         * @description Runs the model's test suite against the draft (the report is stored) and refuses (422) unless every case passes and the suite hits at least the model's `coverage_threshold` of decision-table rules: the problem's `errors` name each failing case (`/test_cases/{case_id}`) and each rule never hit (`/coverage/{node_id}/rules/{rule_id}`), and `test_run_id` the report. The same gate analyses the draft's decision tables (`GET …/analysis`) and refuses under the verification policy (the model's `verification`, else the tenant's `GET /model-settings`): each blocked finding is an entry at `/verification/tables/{n}/{kind}/{m}` naming the table and the finding (by default overlaps under Unique and domain violations block). Otherwise the answer's `verification` (and the release decision's `model_release.verification`, shown to the reviewer) carries the summary and the warnings. Then the review starts: a release decision (tagged `model_release`, options "Publish version N" / "Keep version M") runs the decision approval workflow under the policy named — N-of-role steps, SLA and escalation — and its approvers act on it with `POST /decisions/{decision_id}/approve`, `/reject` and `/request-changes`. Separation of duties: the draft's author owns the decision, the submitter wrote it, and anyone who wrote a content revision of the version (`content_writers`: its uploader and every `PUT` of its content) is kept from approving, rejecting or requesting changes (403 `not_an_eligible_approver`), whatever their role, admins included. Approval publishes the version in the same transaction (the previous one is retired, a release record is written); rejection makes it `rejected`; requested changes make it a draft again, and submitting it again resumes the same review (new content dismisses the approvals given). A version already in review answers as it stands.
         */
        post: operations["submitModelVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/models/{id}/versions/{version}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Roll back: publish an earlier version again
         * @description Only a version that was published before (now `retired`) can be published again this way, with a `reason`; it becomes the published version and the one it replaces is retired. The release record keeps who, when, why and what it replaced. A version never approved goes live only through its review (409 `model_version_state`).
         */
        post: operations["publishModelVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/models/{id}/releases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every time a version went live
         * @description Reviews and rollbacks, newest first: which version, which it replaced, who, when and why.
         */
        get: operations["listModelReleases"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/models/{id}/simulate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run an unsaved working copy of a model, side by side with a stored version
         * @description For an editor: the working copy (`content` with its schemas) is checked exactly as an upload is, the inputs against its input schema, then evaluated with matched rules per decision table (and the trace); with `compare_with`, a stored version runs on the same inputs and the differences of the outputs are answered. An engine failure on the inputs is answered in `working.error` (or `compared.error`), not as an error status. Each evaluation (the working copy, and the compared version) counts against the tenant's evaluations quota as one evaluation of `POST /models/{id}/evaluate` does. Nothing is stored (no version, no test run). The working copy runs in the expression sandbox, never on the API's event loop, within the expression budget (EXPRESSION_BUDGET_MS): past it, 422 naming the expression. It needs `models:write`: it runs content nobody has saved, which only people who may write the model should be able to make the service run. Built-in models refuse it (409 `model_not_editable`); another tenant's model is a 404.
         */
        post: operations["simulateModel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/models/{id}/simulate/tests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run the model's suite on an unsaved working copy
         * @description The model's stored test cases run against the working copy (checked exactly as an upload is) and are judged as a test run judges them (verdicts, differences, matched and missing rules, rule and branch coverage with the rules never hit); the report is answered, not stored, and counts against no quota, as a stored test run does not. An empty suite is a 422. Nothing is stored (no version, no test run). The working copy runs in the expression sandbox, never on the API's event loop, within the expression budget (EXPRESSION_BUDGET_MS): past it, 422 naming the expression. It needs `models:write`: it runs content nobody has saved, which only people who may write the model should be able to make the service run. Built-in models refuse it (409 `model_not_editable`); another tenant's model is a 404.
         */
        post: operations["simulateModelTests"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/models/{id}/replays": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a tenant model's replays */
        get: operations["listModelReplays"];
        put?: never;
        /**
         * Replay the live runs against a version (impact)
         * @description Takes the last `limit` completed scenarios that ran the model's published version (draft runs left out), fixed when the replay starts, and evaluates each one's stored inputs against `version` in a Temporal workflow, batch by batch in the expression sandbox, comparing the outputs with the stored ones. Nothing is written to the scenarios. Answers 202 with the replay to poll (`Location`). A model without a published version answers 409 `no_published_version`; built-in models have one version (409). Use a tenant model of your own with a published version: `GET /api/v1/models?source=tenant` lists them.
         */
        post: operations["createModelReplay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/models/{id}/replays/{replay_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a replay: progress while it runs, the report once done */
        get: operations["getModelReplay"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/models/{id}/replays/{replay_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a replay
         * @description Stops handing out batches; those in flight finish and the report covers the batches done. A finished replay answers 409 `replay_finished`.
         */
        post: operations["cancelModelReplay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/decision-instances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search decision instances
         * @description The tenant's recorded evaluations (see the recording policy on `PATCH /models/{id}`), newest first. Filters combine (all must hold). `output[<field>]=<value>` matches an output field holding the value (as JSON — `true`, `42` — or as text); it narrows the other filters and is not indexed.
         */
        get: operations["listDecisionInstances"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/decision-instances/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a decision instance */
        get: operations["getDecisionInstance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/models/{id}/versions/{version}/rule-hits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A version's rule hits in production
         * @description Over a time range (default the last 30 days; at most 31 days by hour, 366 by day): the decision instances recorded of the version, the hits of every rule and switch branch in total and per bucket, and the rules never hit. Counted from hourly totals written with the instances: they stay after the instances expire.
         */
        get: operations["getModelRuleHits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/models/{id}/legal-hold": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Place a legal hold on a model's decision instances
         * @description While it is set, the model's decision instances are kept past their retention (they move out of the partitions retention drops). Audited. Placing it again replaces the reason.
         */
        put: operations["placeModelLegalHold"];
        post?: never;
        /**
         * Lift a model's legal hold
         * @description Its held instances return under retention (those already past it are deleted within the month). Audited. A model without a hold answers 200 unchanged.
         */
        delete: operations["liftModelLegalHold"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/models/{id}/versions/{version}/analysis": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Verify a version's decision tables
         * @description Every decision table of the version (JDM and DMN) analysed, nothing stored: gaps (input combinations no rule matches, as boxes of intervals and value sets), overlaps (rules matching together, rated by the hit policy), masked and subsumed rules, contraction candidates, conditions and outputs outside a column's domain (the input and output schemas; DMN allowed values), advice on the hit policy, and the cells the analysis could not interpret (reported, never taken as "any"). The analysis runs in the expression sandbox, off the API's event loop, within the budget for tenant content (EXPRESSION_BUDGET_MS): a version too large for it answers 422 `analysis_budget_exceeded`. Built-in models have no decision tables (409 `model_not_editable`). Submitting a draft runs the same analysis as its release gate (see `verification` on `PATCH /models/{id}`).
         */
        get: operations["analyseModelVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/models/{id}/versions/{version}/test-cases/generate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Propose test cases from a version's decision tables
         * @description For every rule a point inside it (not covered by an earlier rule under First), and both sides of every interval bound, with the outputs the version produces there filled in as the expected values (evaluated as a test run evaluates, in the expression sandbox) and the rules each matched as `expected_rules`; `coverage` is the rule coverage the cases reach. By default nothing is stored (200): review the proposals, then send `{"accept": true}` to add them to the suite (201), or edit them and send them to `POST /models/{id}/test-cases/import` as `cases`. A suite holds at most 1,000 cases.
         */
        post: operations["generateModelTestCases"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/model-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant's defaults for its models
         * @description The release gate's default verification policy; a model's own `verification` overrides it.
         */
        get: operations["getModelSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the tenant's default verification policy
         * @description The release gate: for each kind of finding of the decision-table analysis, `block` (a submission is refused with 422 naming each table and finding), `warn` (the submission goes on; the findings travel with the review as warnings) or `off`. `overlaps_unique`: rules matching the same inputs where the hit policy promises one answer (Unique; Any with different outputs) — overlaps under First, Priority, Collect and Rule order are by design and never gate; `gaps`: inputs no rule matches; `masked`: rules that never fire because earlier (or higher-priority) rules cover all of them; `subsumed`: rules covered by another with the same outputs; `domain_violations`: a condition or output outside its column's domain (schema enum and bounds, DMN allowed values); `not_analysed`: cells the analysis could not interpret, an analysis cut short at its region limit, or one that ran past its time budget. Defaults: `overlaps_unique` and `domain_violations` block, the rest warn. Audited (`model_settings.updated`).
         */
        patch: operations["updateModelSettings"];
        trace?: never;
    };
    "/api/v1/scenarios": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List scenarios */
        get: operations["listScenarios"];
        put?: never;
        /** Create and run a scenario */
        post: operations["createScenario"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/scenarios/compare": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Compare 2–20 completed scenarios
         * @description Replace the example ids with ids of your own completed scenarios (`GET /api/v1/scenarios?status=completed`).
         */
        post: operations["compareScenarios"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/scenarios/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run up to 10,000 scenarios in one request
         * @description Validates every item up front: invalid items are reported per item (`invalid_items`) and never run; the rest run in a Temporal workflow with bounded concurrency. Answers 202 with the batch to poll. Item failures do not fail the batch. The body limit of this operation is 16 MiB (BATCH_BODY_LIMIT_BYTES). If every item is invalid: 422.
         */
        post: operations["createScenarioBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/scenarios/batches/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a batch: status, progress and scenario ids */
        get: operations["getScenarioBatch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/scenarios/batches/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a running batch
         * @description Items not yet started are not run (`cancelled`); items already run keep their scenarios. 409 when the batch has finished.
         */
        post: operations["cancelScenarioBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/scenarios/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a scenario (poll this for long runs) */
        get: operations["getScenario"];
        put?: never;
        post?: never;
        /**
         * Delete a scenario
         * @description A soft delete with an audit event: the scenario is gone from every read and list.
         */
        delete: operations["deleteScenario"];
        options?: never;
        head?: never;
        /**
         * Update a scenario (a change of inputs re-runs it)
         * @description Name, description and tags change in place. A change of `inputs`, `uncertainty`, `simulation` or `model_version` is a new run (`run_number` + 1; the previous run stays in `/runs`), credited to the caller (`run_by`); 409 while the current run is still going. A draft run is never moved to the published version silently: without `model_version` it runs its draft version again, for the draft's author only (anyone else: 422 naming `/model_version`). `inputs` is a JSON Merge Patch (RFC 7396) onto the current run's inputs: `{"inputs": {"arrival_rate_per_hour": 120}}` re-runs with that one input changed and every other input kept; `null` removes an input, so its model default applies again (inputs the service filled in — defaults, central values of distributions — are filled in again for the new run, not frozen). `uncertainty` merges by input name: a distribution replaces that input's distribution whole, `null` for a name removes it, and `"uncertainty": null` removes them all; removing the last one also ends the simulation. `simulation` replaces the settings whole.
         */
        patch: operations["updateScenario"];
        trace?: never;
    };
    "/api/v1/scenarios/{id}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A scenario's runs: the current one first, then its history */
        get: operations["listScenarioRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/decisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List decisions */
        get: operations["listDecisions"];
        put?: never;
        /**
         * Log a decision (as a draft)
         * @description Creates a draft decision. Scenarios linked in options must be completed; their current run is frozen into the decision. Emits `decision.created`.
         */
        post: operations["createDecision"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/decisions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a decision */
        get: operations["getDecision"];
        put?: never;
        post?: never;
        /**
         * Delete a draft decision
         * @description Drafts only (409 `decision_not_editable` otherwise). A soft delete: gone from every read; its history stays in the audit log.
         */
        delete: operations["deleteDecision"];
        options?: never;
        head?: never;
        /**
         * Edit a draft decision, or one whose changes were requested
         * @description Drafts, and decisions in `changes_requested` (any other state answers 409 `decision_not_editable`; 409 `resubmission_in_progress` while a resubmission is being recorded). Recorded in the history with each field's old and new value. An edit during review is remembered for the resubmission: its author may no longer approve the decision, and changing `options` or `chosen_option` dismisses the approvals given so far.
         */
        patch: operations["updateDecision"];
        trace?: never;
    };
    "/api/v1/decisions/{id}/evidence": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a decision's evidence, detached items included */
        get: operations["listDecisionEvidence"];
        put?: never;
        /**
         * Attach one evidence item to a draft decision (or one whose changes were requested)
         * @description One item per request. A `scenario` item freezes the scenario's current run, as an option link does (it must be completed). During `changes_requested` it counts as a change of content (approvals are dismissed at resubmission).
         */
        post: operations["attachDecisionEvidence"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/decisions/{id}/evidence/{evidence_id}/detach": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Detach an evidence item
         * @description Drafts and decisions in `changes_requested`. The item stays listed with `detached_at` and `detached_by`; detaching it again changes and records nothing.
         */
        post: operations["detachDecisionEvidence"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/decisions/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A decision's history
         * @description Every change to the decision and its evidence, with its actor, newest first (by audit sequence number), read from the tenant's audit log.
         */
        get: operations["getDecisionHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/decisions/{id}/compare": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Compare the options' frozen scenario runs
         * @description Compares the options that link a scenario, on their frozen snapshots (not the scenarios' current runs), as POST /scenarios/compare does. Needs at least two linked options (409 `decision_not_comparable`).
         */
        get: operations["compareDecisionOptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/decisions/{id}/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit a decision for approval
         * @description A draft with a chosen option starts its approval workflow (one per decision, workflow id `decision/<id>`): the policy's current version is frozen onto it (`approval_policy_version`) and it becomes `pending_approval` at `current_step` 1. 422 `insufficient_approvers` names a step that requires more approvers than the tenant has (its owner and author do not count). Submitting again while it is pending approval returns it unchanged. API keys may submit.
         */
        post: operations["submitDecision"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/decisions/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve the current step
         * @description Records the caller's approval of the current step. When the step has the approvals it requires, the decision moves to the next step, or becomes `approved` after the last one. Concurrent approvals are applied one at a time: exactly one of them completes a step. Approvals are attributed to people: only a user's OAuth access token may do this; an API key or a service account gets 403 `user_actor_required` (they may submit and read). Refused with 403 `not_an_eligible_approver` (nothing is recorded in the workflow's history) when the caller is not an approver of the current step (by role or by name in the frozen policy version, an admin's reassignment, or the escalation target once the SLA passed), owns or wrote the decision, edited it during review, authored a linked scenario (when the policy sets `scenario_author_cannot_approve`), wrote any content revision of the model version a release decision reviews (uploaded it or replaced its content with `PUT /models/{id}/versions/{version}`: its `content_writers`, whatever their role), or already approved a step in this review round; 409 `approval_step_moved` when `expected_step` is no longer the current step; 409 `decision_not_pending` when the decision is not pending approval.
         */
        post: operations["approveDecision"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/decisions/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject the decision
         * @description An eligible approver of the current step rejects the decision: it becomes `rejected`. Approvals are attributed to people: only a user's OAuth access token may do this; an API key or a service account gets 403 `user_actor_required` (they may submit and read). Refused with 403 `not_an_eligible_approver` (nothing is recorded in the workflow's history) when the caller is not an approver of the current step (by role or by name in the frozen policy version, an admin's reassignment, or the escalation target once the SLA passed), owns or wrote the decision, edited it during review, authored a linked scenario (when the policy sets `scenario_author_cannot_approve`), wrote any content revision of the model version a release decision reviews (uploaded it or replaced its content with `PUT /models/{id}/versions/{version}`: its `content_writers`, whatever their role), or already approved a step in this review round; 409 `approval_step_moved` when `expected_step` is no longer the current step; 409 `decision_not_pending` when the decision is not pending approval.
         */
        post: operations["rejectDecision"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/decisions/{id}/request-changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask for changes
         * @description An eligible approver of the current step sends the decision back: it becomes `changes_requested` and editable (PATCH, evidence) until its owner, author or an admin resubmits it. Emits `decision.changes_requested`. Approvals are attributed to people: only a user's OAuth access token may do this; an API key or a service account gets 403 `user_actor_required` (they may submit and read). Refused with 403 `not_an_eligible_approver` (nothing is recorded in the workflow's history) when the caller is not an approver of the current step (by role or by name in the frozen policy version, an admin's reassignment, or the escalation target once the SLA passed), owns or wrote the decision, edited it during review, authored a linked scenario (when the policy sets `scenario_author_cannot_approve`), wrote any content revision of the model version a release decision reviews (uploaded it or replaced its content with `PUT /models/{id}/versions/{version}`: its `content_writers`, whatever their role), or already approved a step in this review round; 409 `approval_step_moved` when `expected_step` is no longer the current step; 409 `decision_not_pending` when the decision is not pending approval.
         */
        post: operations["requestDecisionChanges"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/decisions/{id}/resubmit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resubmit after requested changes
         * @description Resumes the review. If options, the chosen option or evidence changed since changes were requested, the approvals given so far are dismissed and the review restarts at the first step that applies (step conditions are evaluated again); otherwise it resumes at the step that asked for changes. People who edited the decision meanwhile may no longer approve it. The decision's owner or author, an admin, or an API client may resubmit (403 `not_an_eligible_approver` otherwise). 422 `insufficient_approvers` when a step the resumed review still needs could not be completed by the people left (the approvals that stand count; whoever gave one may not approve another step): an admin can then reassign that step and resubmit again. Emits `decision.resubmitted`. 409 `decision_transition_not_allowed` when the decision's status does not allow it (see `DecisionStatus`).
         */
        post: operations["resubmitDecision"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/decisions/{id}/comment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Comment on a decision
         * @description Adds a comment to the decision's history (and emits `decision.commented`) while it is under review, approved or implemented. People and API clients may comment. 409 `decision_transition_not_allowed` when the decision's status does not allow it (see `DecisionStatus`).
         */
        post: operations["commentOnDecision"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/decisions/{id}/withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Withdraw a decision from review
         * @description While `pending_approval` or `changes_requested`: the decision becomes `withdrawn` (final). Its owner or author, an admin, or an API client may withdraw it (403 `not_an_eligible_approver` otherwise). Emits `decision.withdrawn`. 409 `decision_transition_not_allowed` when the decision's status does not allow it (see `DecisionStatus`).
         */
        post: operations["withdrawDecision"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/decisions/{id}/reassign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reassign a step's approvers (admins)
         * @description Replaces the approvers of the current or a later step for this decision only (a role or named members), e.g. when an approver is away, or when a resubmission answered 422 `insufficient_approvers`. Needs the `admin` scope. Approvals already given on the step stand. 422 names a step that is complete, skipped or absent, or a user who is not a member; 422 `insufficient_approvers` (naming `/approvers/role` or `/approvers/user_ids`) when the new approvers could not complete the step, as at submission: the decision's owner and author, people who edited it during review and people who approved another step do not count. Emits `decision.step.reassigned`. 409 `decision_transition_not_allowed` when the decision's status does not allow it (see `DecisionStatus`).
         */
        post: operations["reassignDecisionStep"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/decisions/{id}/implement": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark an approved decision implemented
         * @description From `approved` to `implemented`. Emits `decision.implemented`. 409 `decision_transition_not_allowed` when the decision's status does not allow it (see `DecisionStatus`).
         */
        post: operations["implementDecision"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/decisions/{id}/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Close an implemented decision
         * @description From `implemented` to `closed` (final): the decision's workflow ends, and outcome reviews not yet due are cancelled. Emits `decision.closed`. 409 `decision_transition_not_allowed` when the decision's status does not allow it (see `DecisionStatus`).
         */
        post: operations["closeDecision"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/approvals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's approval inbox
         * @description Decisions pending approval whose current step the caller may act on now (by role, by name, by reassignment or as the escalation target of a step past its SLA) and has not acted on, oldest submission first (up to `limit`), each with its SLA and deadline. Approvals are attributed to people: only a user's OAuth access token may do this; an API key or a service account gets 403 `user_actor_required` (they may submit and read).
         */
        get: operations["listApprovalInbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/decisions/{id}/outcomes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a decision's outcomes
         * @description Every outcome recorded against the decision, superseded ones included, **oldest observation first** (`observed_at`, then id). An outcome recorded later with an `observed_at` before a cursor already handed out does not appear on the following pages: list again from the start.
         */
        get: operations["listDecisionOutcomes"];
        put?: never;
        /**
         * Record an outcome of an approved decision
         * @description Records what was observed of a metric after the decision, against what was expected of it. Only while the decision is `approved` or `implemented` (409 `decision_not_approved` otherwise, e.g. a draft or a decision pending approval). `expected_value` defaults to the metric of that name in the chosen option's frozen scenario run (`options[].scenario_snapshot.metrics`); without one, and without an `expected_value`, 422 names `/expected_value`. `observed_at` may not be more than 5 minutes ahead of the server's clock (nor before 1900). Outcomes are append-only: never edited or deleted. To correct one, record a new outcome with `supersedes` naming it (an outcome of the same decision, not already superseded: correct the latest correction); the list keeps both and marks the old one `superseded_by`, the summary counts only the correction. Appends `decision.outcome_recorded` to the audit log and emits `decision.outcome.recorded`, in the same transaction. A metric linked to a KPI (`POST …/outcome-kpis`) takes no outcomes by hand: 409 `outcome_metric_fed_by_kpi` names the KPI and the link.
         */
        post: operations["recordDecisionOutcome"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/decisions/{id}/outcome-kpis": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a decision's KPI-fed outcome metrics
         * @description The decision's links between outcome metrics and KPIs, newest first.
         */
        get: operations["listDecisionOutcomeKpis"];
        put?: never;
        /**
         * Feed an outcome metric from a KPI
         * @description The metric's actual values come from then on from the KPI's points: the summary shows one observation per KPI aggregation period from the decision's approval on, against the link's expected value. Only while the decision is `approved` or `implemented` (409 `decision_not_approved` otherwise). The KPI must be one of the tenant's (another tenant's KPI, a deleted one or a missing one: 422 at `/kpi_id`). `expected_value` defaults to the metric of that name in the chosen option's frozen scenario run; without one, and without an `expected_value`, 422 names `/expected_value`. One KPI per metric: a second link of the metric answers 409 `outcome_metric_fed_by_kpi` naming the link. Appends `decision.outcome_kpi_linked` to the audit log and emits `decision.outcome_kpi.linked`, in the same transaction.
         */
        post: operations["linkDecisionOutcomeKpi"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/decisions/{id}/outcome-kpis/{link_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a KPI-fed outcome metric's link */
        get: operations["getDecisionOutcomeKpi"];
        put?: never;
        post?: never;
        /**
         * Stop feeding an outcome metric from its KPI
         * @description The metric takes outcomes recorded by hand again (and those recorded before the link show in the summary again). Only while the decision is `approved` or `implemented` (409 `decision_not_approved`). Appends `decision.outcome_kpi_unlinked` to the audit log and emits `decision.outcome_kpi.unlinked`, in the same transaction.
         */
        delete: operations["unlinkDecisionOutcomeKpi"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/decisions/{id}/outcomes/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Expected against actual, per metric, over time
         * @description Per metric: each standing observation (superseded outcomes are left out; their corrections count) with its expected and actual value, the variance and the relative variance, oldest first, and the latest one. A metric linked to a KPI shows instead one observation per KPI aggregation period with points from the decision's approval on (`source: kpi`), computed from the KPI's points when read: late and replaced points count at once. Outcomes recorded by hand for it before it was linked stay in the list, not here.
         */
        get: operations["getDecisionOutcomeSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/approval-policies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List approval policies */
        get: operations["listApprovalPolicies"];
        put?: never;
        /**
         * Create an approval policy (version 1)
         * @description Validated at upload, every problem named by its JSON Pointer: durations, conditions (must compile in zen-engine), and named users (must be members of this tenant). Recorded in the audit log (`approval_policy.created`).
         */
        post: operations["createApprovalPolicy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/approval-policies/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an approval policy */
        get: operations["getApprovalPolicy"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/approval-policies/{id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List an approval policy's versions */
        get: operations["listApprovalPolicyVersions"];
        put?: never;
        /**
         * Create a new version of an approval policy
         * @description The new version becomes current; earlier versions stay exactly as they were. Validated as on creation. An archived policy answers 409 `approval_policy_archived`. Recorded in the audit log (`approval_policy.version_created`).
         */
        post: operations["createApprovalPolicyVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/approval-policies/{id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive an approval policy
         * @description An archived policy takes no new versions and stays readable. Archiving it again changes and records nothing. Recorded in the audit log (`approval_policy.archived`).
         */
        post: operations["archiveApprovalPolicy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/kpis": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List KPIs */
        get: operations["listKpis"];
        put?: never;
        /**
         * Create a KPI
         * @description Validates the target and thresholds against the direction, the owner, and a `model_output` source's metric against the model's output schema.
         */
        post: operations["createKpi"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/kpis/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a KPI */
        get: operations["getKpi"];
        put?: never;
        post?: never;
        /**
         * Delete a KPI
         * @description The KPI and its points disappear from every read (404 from now on) and it records nothing more. To keep it readable, archive it instead (PATCH status).
         */
        delete: operations["deleteKpi"];
        options?: never;
        head?: never;
        /**
         * Update a KPI
         * @description Archive with `{"status": "archived"}` (kept, readable, takes no points); reactivate with `active` or `paused`.
         */
        patch: operations["updateKpi"];
        trace?: never;
    };
    "/api/v1/kpis/{id}/source": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Link a model output (or set the source)
         * @description Replaces the source: link a model output (validated like on create), a dataset aggregate, or `manual`. Points already recorded stay.
         */
        put: operations["putKpiSource"];
        post?: never;
        /**
         * Unlink the source
         * @description The KPI becomes `manual`: nothing records points automatically any more; its points stay.
         */
        delete: operations["deleteKpiSource"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/kpis/{id}/points": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A point and the values it replaced
         * @description The current value at `timestamp` (null if none) and every value it replaced, newest first.
         */
        get: operations["getKpiPointHistory"];
        put?: never;
        /**
         * Record one point or a bulk of points
         * @description One point, or `{"points": [...]}` with up to 10000. **All or nothing**: any invalid point refuses the whole request (422, each problem named `/points/<index>/<field>`) and nothing is stored. Values must be finite numbers; timestamps RFC 3339 from 1970-01-01T00:00:00Z to one day after now (millisecond precision), distinct within a request. Late and out-of-order points are accepted. A point for a timestamp that already has one replaces it; the old value is kept in its history (GET /kpis/{id}/points?timestamp=). One `kpi.value.recorded` event per request. An archived KPI answers 409 `kpi_archived`. Body limit: the batch limit (16 MiB).
         */
        post: operations["recordKpiPoints"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/kpis/{id}/values": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Values over time: raw points or per-period aggregates
         * @description Points with `from` ≤ timestamp < `to` (default: all), oldest first. `bucket=raw` lists the points; `day`, `week`, `month`, `quarter` aggregate them per UTC period (`date_trunc` in UTC: weeks start on Monday, quarters on 1 Jan/Apr/Jul/Oct) with min, max, avg, last (the value of the latest point) and count; periods without points are left out. A range that starts or ends inside a period counts only the points inside the range. `limit` entries per page (1–10,000, default 1,000); `next_cursor` continues.
         */
        get: operations["getKpiValues"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/kpis/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Current value, status against target and trend */
        get: operations["getKpiStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/kpis/{id}/alert-rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a KPI's alert rules */
        get: operations["listKpiAlertRules"];
        put?: never;
        /**
         * Create an alert rule
         * @description Kinds: `threshold`, `rate_of_change`, `no_data`. A rule that contradicts the KPI's direction (a recovery line on the bad side) is a 422 naming the field.
         */
        post: operations["createKpiAlertRule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/kpis/{id}/alert-rules/{rule_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an alert rule */
        get: operations["getKpiAlertRule"];
        put?: never;
        post?: never;
        /**
         * Delete an alert rule
         * @description Its open alert is resolved (`manual`, "the rule was deleted"); its alerts stay readable.
         */
        delete: operations["deleteKpiAlertRule"];
        options?: never;
        head?: never;
        /** Update an alert rule */
        patch: operations["updateKpiAlertRule"];
        trace?: never;
    };
    "/api/v1/kpis/{id}/alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a KPI's alerts */
        get: operations["listKpiAlerts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List alerts of every KPI */
        get: operations["listAlerts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/alerts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an alert with its explanation and transitions */
        get: operations["getAlert"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/alerts/{id}/acknowledge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Acknowledge an alert
         * @description A firing alert becomes `acknowledged` (by the caller, now): no re-notifications; it still resolves on recovery. A resolved alert is a 409.
         */
        post: operations["acknowledgeAlert"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/alerts/{id}/silence": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Silence an alert
         * @description No `kpi.alert.triggered` (first or repeated) until `until`; state changes are still recorded. A resolved alert is a 409.
         */
        post: operations["silenceAlert"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/alerts/{id}/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resolve an alert by hand
         * @description The alert becomes `resolved` (`manual`); the episode it belongs to raises no new alert until its points recover. A resolved alert is a 409.
         */
        post: operations["resolveAlert"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/integrations/connector-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List connector types with their specs
         * @description Every connector type, with the JSON Schema of its configuration and credentials. One page.
         */
        get: operations["listConnectorTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/integrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List integrations */
        get: operations["listIntegrations"];
        put?: never;
        /**
         * Create an integration
         * @description Validates `config` against the connector type's spec and `credentials` against its credentials spec; does not connect (see `check`). With a `schedule`, the answer does not wait for Temporal: `schedule_status` is `pending` until the Temporal Schedule has been created (in the background, retried until it is). A cron Temporal could not run is refused here (422 naming `/schedule/cron`).
         */
        post: operations["createIntegration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/integrations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an integration */
        get: operations["getIntegration"];
        put?: never;
        post?: never;
        /**
         * Delete an integration
         * @description Its stored credentials are erased with it; its Temporal Schedule is deleted in the background (retried until it is, also while Temporal is away). A sync already running finishes.
         */
        delete: operations["deleteIntegration"];
        options?: never;
        head?: never;
        /**
         * Update an integration
         * @description Renames it, replaces its configuration (validated like on create) or replaces its credentials; sets, replaces or (with `null`) removes its schedule; pauses or resumes it (`status`), which pauses or resumes the schedule. The connector type cannot change. A change that affects the schedule is stored and answered at once with `schedule_status: pending`; the Temporal Schedule follows in the background (retried with back-off while Temporal is slow or away) and `schedule_status` becomes `synced`.
         */
        patch: operations["updateIntegration"];
        trace?: never;
    };
    "/api/v1/integrations/{id}/schedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the integration's schedule as Temporal runs it
         * @description The configured schedule with its live state from the Temporal Schedule: paused or not, the next run times, the recent runs, and `schedule_status` (`pending` while Temporal does not match the integration yet). 404 when the integration has no schedule.
         */
        get: operations["getIntegrationSchedule"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/integrations/{id}/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Test the connection
         * @description Connects to the source with the stored configuration and credentials. A source that cannot be reached is a `failed` check (200), not an error; stored credentials that the configured key cannot open (the key changed) answer 422 naming `/credentials`.
         */
        post: operations["checkIntegration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/integrations/{id}/field-mappings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the current field mapping
         * @description The latest version; 404 until one is saved.
         */
        get: operations["getIntegrationFieldMapping"];
        /**
         * Save the field mapping as its next version
         * @description Checks the mapping (stream, target fields, `employee_id` mapped, expressions parse) and saves it as the next version; earlier versions are kept.
         */
        put: operations["putIntegrationFieldMapping"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/integrations/{id}/field-mappings/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Preview a field mapping
         * @description Checks the mapping against the stream's discovered fields (422 naming `/mapping/…`), then maps the first `limit` source records and returns each with its mapped form or the reasons it would be rejected. Saves nothing. A source that cannot be read answers 422 `connector_failed`.
         */
        post: operations["validateIntegrationFieldMapping"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/integrations/{id}/discover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Discover streams and fields
         * @description Reads the source's streams and their fields with types (Postgres: the column types; REST: inferred from the first page). A source that cannot be read answers 422 `connector_failed`.
         */
        post: operations["discoverIntegration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/integrations/{id}/syncs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List an integration's syncs */
        get: operations["listIntegrationSyncs"];
        put?: never;
        /**
         * Start a sync
         * @description Starts a sync of the integration's mapped stream into its dataset, run by a Temporal workflow, with the latest field-mapping version (422 naming `/field_mapping` when none is saved). One sync at a time per integration: while one is queued or running, the request answers 200 with that one instead of starting another. A paused integration answers 409 `integration_paused`.
         */
        post: operations["createIntegrationSync"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/integrations/{id}/syncs/{sync_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a sync */
        get: operations["getIntegrationSync"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/integrations/{id}/syncs/{sync_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a queued or running sync
         * @description Marks the sync `cancelled` and cancels its Temporal workflow, whose activity learns it through its heartbeat and stops between two pages. A page being committed at that moment is rolled back whole, never half-applied; pages committed before stay in the dataset, and the counts are those of the committed pages. The read state is kept: the next incremental sync continues from the last committed page. Emits `integration.sync.failed` with `status: cancelled`. 409 `sync_finished` when the sync has already finished; 503 (nothing changed) when Temporal cannot be reached. Takes no body, or `{}`.
         */
        post: operations["cancelIntegrationSync"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/integrations/{id}/syncs/{sync_id}/rejections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the records a sync rejected */
        get: operations["listIntegrationSyncRejections"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/datasets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List datasets
         * @description Every dataset a sync can write (one page), with its record counts.
         */
        get: operations["listDatasets"];
        put?: never;
        /**
         * Define a dataset
         * @description A tenant-defined dataset that field mappings can target (`target: "<name>"`) besides `employees`. Its records are read like `employees`' (`/datasets/{name}/records`). A name the tenant already uses answers 409 `dataset_exists`.
         */
        post: operations["createDataset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/datasets/{name}/records": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a dataset's records
         * @description In primary-key order, cursor-paged. Records flagged deleted are left out unless `include_deleted=true`. `as_of` reads the dataset as it stood after a sync or at a time (from the records' history); `filter[<field>]` and `filter[<field>][<operator>]` keep the records whose fields match (every condition must hold).
         */
        get: operations["listDatasetRecords"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/integrations/{id}/uploads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List an integration's uploads */
        get: operations["listIntegrationUploads"];
        put?: never;
        /**
         * Upload a CSV file
         * @description Stores a CSV file (the request body, `Content-Type: text/csv`, UTF-8, unencoded) for an integration of connector type `csv` (409 `uploads_not_supported` for other types). The body is streamed into storage as it arrives, up to CSV_UPLOAD_MAX_BYTES (default 50 MiB; more answers 413). The header row is checked while it passes: an empty file, a column without a name or with a repeated name, a missing primary key column or bytes that are not UTF-8 answer 422 `validation_failed` (paths `/header/<column index>`), and nothing is stored. Rows are not checked here: a sync reads them, and reports each row it cannot read (wrong number of fields, broken quoting) as a rejection with its line number. The next sync reads the latest upload unless it names one (`upload_id`). Idempotency-Key does not apply (the body is not held to compare); the same file sent twice is two uploads with the same `sha256`.
         */
        post: operations["createIntegrationUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/integrations/{id}/uploads/{upload_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an upload */
        get: operations["getIntegrationUpload"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/datasets/{name}/aggregate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Aggregate a dataset
         * @description Counts, sums, averages, minimums, maximums and percentiles of a dataset's records, optionally filtered, grouped by fields and read as of a past sync or time; computed in the database. Fields and operators that the dataset does not have are refused with 422, naming them.
         */
        post: operations["aggregateDataset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/datasets/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a dataset's definition
         * @description Its fields, their types and its primary key; `employees` answers as the built-in definition.
         */
        get: operations["getDataset"];
        put?: never;
        post?: never;
        /**
         * Delete a dataset
         * @description Deletes the definition and its records. Refused (409 `dataset_in_use`, with `integration_ids`) while an integration's current field mapping writes into it; the built-in `employees` answers 409 `dataset_built_in`.
         */
        delete: operations["deleteDataset"];
        options?: never;
        head?: never;
        /**
         * Change a dataset's definition
         * @description Adds fields, changes the description, or — while the dataset holds no records — changes field types or the primary key (409 `dataset_has_records` once it does, naming each refused change). The built-in `employees` answers 409 `dataset_built_in`.
         */
        patch: operations["updateDataset"];
        trace?: never;
    };
    "/api/v1/webhooks/event-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the event catalogue
         * @description Every event type that is emitted, with the JSON Schema of its `data`. One page.
         */
        get: operations["listWebhookEventTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhook subscriptions */
        get: operations["listWebhooks"];
        put?: never;
        /** Create a webhook subscription */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a webhook subscription */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook subscription
         * @description Stops deliveries at once (attempts in flight or scheduled are abandoned).
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /**
         * Update a webhook subscription
         * @description Change the URL, event types, description, retry policy, or enable/disable it. Deliveries already started keep the policy they started with.
         */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/api/v1/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the signing secret
         * @description Issues a new secret, returned once. During the grace period every delivery carries two signatures, `v1,<new> v1,<old>`, so the receiver can switch over without rejecting anything.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @description Emits a `webhook.test` event delivered to this subscription only. Follow it in the delivery log. A disabled subscription answers 409.
         */
        post: operations["sendWebhookTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List deliveries with their attempts */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Redeliver an event
         * @description Delivers the delivery's event again (same `webhook-id`, fresh signature and timestamp), as a new delivery with its own retries.
         */
        post: operations["redeliverWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List recent events */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an event */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/notification-preferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your notification preferences
         * @description Per kind: its default, whether the tenant made it mandatory, your choice and what applies; and your time zone. A person's credentials only (422 for API keys and OAuth clients).
         */
        get: operations["getNotificationPreferences"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change your notification preferences
         * @description Turning a kind `off` also cancels notifications of that kind still waiting for your digest.
         */
        patch: operations["updateNotificationPreferences"];
        trace?: never;
    };
    "/api/v1/me/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your notifications
         * @description What was sent to you (or waits), newest first. Items that went out in a digest are listed under the digest.
         */
        get: operations["listMyNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant's notification log
         * @description Every notification of the tenant, newest first: what, to whom, when, on which channel, and what became of it (`failed` ones carry the server's answer).
         */
        get: operations["listNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/notifications/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A notification */
        get: operations["getNotification"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/notification-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's notification settings */
        get: operations["getNotificationSettings"];
        /**
         * Make kinds mandatory
         * @description People cannot turn a mandatory kind off (they may still choose immediate or digest), and its emails carry no unsubscribe link.
         */
        put: operations["updateNotificationSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/chat-destinations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List chat destinations */
        get: operations["listChatDestinations"];
        put?: never;
        /**
         * Post notifications to a chat channel
         * @description A Slack or Microsoft Teams incoming webhook that receives the tenant's notifications of the kinds chosen (one message per event).
         */
        post: operations["createChatDestination"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/chat-destinations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A chat destination */
        get: operations["getChatDestination"];
        put?: never;
        post?: never;
        /**
         * Remove a chat destination
         * @description Its messages not yet sent are cancelled.
         */
        delete: operations["deleteChatDestination"];
        options?: never;
        head?: never;
        /** Change a chat destination */
        patch: operations["updateChatDestination"];
        trace?: never;
    };
    "/api/v1/kpis/{id}/watchers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who watches a KPI
         * @description Watchers (and the KPI's owner) are told of its alerts: firing, firing again, resolved.
         */
        get: operations["listKpiWatchers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/kpis/{id}/watch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Watch a KPI
         * @description You (a person) are told of the KPI's alerts. Watching twice is watching once.
         */
        post: operations["watchKpi"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/kpis/{id}/unwatch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stop watching a KPI */
        post: operations["unwatchKpi"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List audit records
         * @description Newest first (highest sequence first). Filters combine with AND.
         */
        get: operations["listAuditRecords"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/audit-log/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Verify the audit log's hash chain
         * @description Re-walks the tenant's whole chain and reports whether it is intact and, if not, the first broken sequence. Reads every record, so it takes time in proportion to the log's length.
         */
        get: operations["verifyAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/audit-log/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an audit record */
        get: operations["getAuditRecord"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/audit-exports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export the audit log (signed JSON Lines and CSV)
         * @description Answers 202 with the export to poll (`Location`). A Temporal workflow streams the records from Postgres to the file store (DATA_DIR/exports by default), never holding the export in memory, covering the records up to the chain head as it stood when writing began. An empty body or `{}` exports everything. `decision_statuses` and `decision_tags` look at each decision as it is when the export is read, and leave out every record that is not about a decision; all filters given apply together.
         */
        post: operations["createAuditExport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/audit-exports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an export: status, progress and, once completed, its digest */
        get: operations["getAuditExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/audit-exports/{id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a completed export (streamed)
         * @description `format=jsonl`: one record per line (`application/x-ndjson`), each the JSON object the chain hashes plus `hash`. `format=csv`: RFC 4180 (CRLF line ends, a header row), columns `tenant_id`, `sequence`, `id`, `occurred_at`, `actor`, `action`, `resource_type`, `resource_id`, `payload`, `previous_hash`, `hash`; `actor` and `payload` hold JSON text. 409 `audit_export_not_ready` until the export has completed.
         */
        get: operations["downloadAuditExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/audit-exports/{id}/digest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The export's signed digest (compact JWS)
         * @description A compact JWS (ES256) over the AuditExportDigest; verify it with `/.well-known/audit-jwks.json`. 409 until completed.
         */
        get: operations["getAuditExportDigest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/audit-jwks.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Public keys verifying audit export digests (JWKS)
         * @description Every key this deployment has signed with, active first; no authentication. The OAuth JWKS drops rotated keys once their tokens have expired; this set keeps them.
         */
        get: operations["getAuditExportJwks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "scenario.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A scenario run completed
         * @description A scenario run (POST /scenarios, or PATCH with new inputs) completed. Emitted in the transaction that stores the result. Batch items do not emit this event: a batch emits one `batch.completed` with its counts (list its scenarios with `?batch_id=`).
         */
        post: operations["event_scenario_completed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "scenario.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A scenario run failed
         * @description A scenario run failed: the model could not run on the inputs, or the run could not be executed after its retries.
         */
        post: operations["event_scenario_failed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "scenario.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A scenario was deleted
         * @description A scenario was deleted (DELETE /scenarios/{id}).
         */
        post: operations["event_scenario_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "batch.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A scenario batch finished
         * @description A scenario batch finished: every item ran (`status: completed`) or the batch was cancelled (`status: cancelled`).
         */
        post: operations["event_batch_completed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "model.version.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A model version was created
         * @description A tenant model was created (version 1) or a new version was uploaded.
         */
        post: operations["event_model_version_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "model.version.submitted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A model version was submitted for review
         * @description Its suite passed and its rule coverage met the threshold; its release decision (`decision_id`) now runs the approval policy.
         */
        post: operations["event_model_version_submitted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "model.version.approved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A model version was approved
         * @description Every step of its release decision approved it; it is published in the same transaction (`model.version.published` follows).
         */
        post: operations["event_model_version_approved"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "model.version.rejected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A model version was rejected
         * @description A reviewer rejected its release decision (`comment` says why); it can no longer be submitted.
         */
        post: operations["event_model_version_rejected"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "model.version.published": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A model version was published
         * @description It is now the version scenarios, batches, KPIs and decision options run: through a review (`release.kind: review`) or again, as a rollback (`release.kind: rollback`, with `release.reason`).
         */
        post: operations["event_model_version_published"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "model.version.retired": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A model version was retired
         * @description Another version of the model was published in its place; its history and its runs stay readable.
         */
        post: operations["event_model_version_retired"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "model.deprecated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A model was deprecated
         * @description A tenant model was deprecated: it serves reads and existing scenarios, but no new runs.
         */
        post: operations["event_model_deprecated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "api_key.expiring": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An API key expires soon
         * @description An API key expires within `API_KEY_EXPIRING_DAYS` (default 7) days. Emitted once per key.
         */
        post: operations["event_api_key_expiring"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "usage.quota.warning": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A volume quota is 80 % used
         * @description A volume quota of the tenant (GET /api/v1/usage) reached 80 % of its limit in the current period. Emitted once per quota and period.
         */
        post: operations["event_usage_quota_warning"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "usage.quota.exceeded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A volume quota is used up
         * @description A volume quota reached its limit in the current period: under the `refuse` policy further work of the kind is refused (429 `usage_quota_exceeded`), under `allow_overage` it goes on and counts as overage. Emitted once per quota and period.
         */
        post: operations["event_usage_quota_exceeded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.disabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A webhook subscription was disabled
         * @description A subscription was disabled automatically: its endpoint answered 410 Gone (`endpoint_gone`), or its deliveries failed continuously for `WEBHOOK_DISABLE_AFTER_SECONDS` (`failing_continuously`). Not sent to the disabled subscription itself.
         */
        post: operations["event_webhook_disabled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A test event
         * @description Sent by POST /webhooks/{id}/test, to that subscription only (whatever its `event_types`).
         */
        post: operations["event_webhook_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "decision.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A decision was logged
         * @description A decision was created (POST /decisions), as a draft. Emitted in the transaction that stores it.
         */
        post: operations["event_decision_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "decision.submitted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A decision was submitted for approval
         * @description POST /decisions/{id}/submit started its approval workflow; the decision is pending approval at step 1.
         */
        post: operations["event_decision_submitted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "decision.step.approved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An approval was given on a step
         * @description A person approved the current step; `step_complete` tells whether the step now has all the approvals it requires.
         */
        post: operations["event_decision_step_approved"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "decision.approved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A decision was approved
         * @description The last step of its approval policy got its approvals.
         */
        post: operations["event_decision_approved"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "decision.rejected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A decision was rejected
         * @description An eligible approver rejected the decision at its current step.
         */
        post: operations["event_decision_rejected"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "decision.changes_requested": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An approver asked for changes
         * @description An eligible approver of the current step asked for changes: the decision is editable again until it is resubmitted.
         */
        post: operations["event_decision_changes_requested"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "decision.resubmitted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A decision was resubmitted after changes
         * @description The review resumes. When options, the chosen option or evidence changed, the approvals given so far are dismissed and the review restarts at the first step; otherwise it resumes at the step that asked for changes.
         */
        post: operations["event_decision_resubmitted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "decision.step.escalated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A step's SLA passed
         * @description The current step's SLA passed: its escalation target may now act on it too, and reminders follow at the configured interval.
         */
        post: operations["event_decision_step_escalated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "decision.step.reminder": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A reminder for a step that awaits approvals
         * @description Once before the step's SLA ends (`before_sla: true`; APPROVAL_SLA_REMINDER_BEFORE_SECONDS before it, or halfway through a shorter SLA), then once per reminder interval (APPROVAL_REMINDER_INTERVAL_SECONDS) while an escalated step still awaits approvals (`before_sla: false`).
         */
        post: operations["event_decision_step_reminder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "decision.step.reassigned": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An admin reassigned a step's approvers
         * @description The step's approvers (a role or named users) were replaced for this decision.
         */
        post: operations["event_decision_step_reassigned"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "decision.commented": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A comment on a decision
         * @description Someone commented on a decision under review or approved.
         */
        post: operations["event_decision_commented"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "decision.withdrawn": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A decision was withdrawn
         * @description Its owner, author or an admin withdrew it from review.
         */
        post: operations["event_decision_withdrawn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "decision.expired": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A decision expired
         * @description The current step's final deadline passed before it had its approvals.
         */
        post: operations["event_decision_expired"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "decision.implemented": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An approved decision was implemented
         * @description POST /decisions/{id}/implement.
         */
        post: operations["event_decision_implemented"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "decision.closed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A decision was closed
         * @description POST /decisions/{id}/close: its workflow ends; outcome reviews not yet due are cancelled.
         */
        post: operations["event_decision_closed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "decision.outcome.due": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An outcome review is due
         * @description One of the decision's `outcome_reviews_at` dates arrived (announced once the decision is approved): time to record outcomes.
         */
        post: operations["event_decision_outcome_due"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "decision.outcome.recorded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An outcome was recorded against a decision
         * @description POST /decisions/{id}/outcomes recorded an observed value of a metric against an approved or implemented decision, with what was expected of it (given, or defaulted from the chosen option's frozen scenario run) and the variance. A correction is a new outcome naming the one it `supersedes`. Emitted in the transaction that stores it.
         */
        post: operations["event_decision_outcome_recorded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "decision.outcome_kpi.linked": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A decision's outcome metric was linked to a KPI
         * @description POST /decisions/{id}/outcome-kpis: from now on the actual values of the metric come from the KPI's points (one observation per KPI aggregation period from the decision's approval on, computed when read) against the link's expected value. Emitted in the transaction that stores the link.
         */
        post: operations["event_decision_outcome_kpi_linked"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "decision.outcome_kpi.unlinked": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A decision's outcome metric was unlinked from its KPI
         * @description DELETE /decisions/{id}/outcome-kpis/{link_id}: the metric takes outcomes recorded by hand again. Emitted in the transaction that removes the link.
         */
        post: operations["event_decision_outcome_kpi_unlinked"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "kpi.value.recorded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Points were recorded on a KPI
         * @description One event per request for points posted through the API (one point or a bulk post: `count` of them, between `first_timestamp` and `last_timestamp`), and one per point recorded automatically from a completed scenario of the model a `model_output` KPI is linked to (`source: scenario`, with its `scenario_id`), and one per `dataset` KPI recomputed when a sync of its dataset completes (`source: sync`, with its `sync_id`) or when its schedule finds the value changed or the period without a point (`source: schedule`, with the `sync_id` that last changed the dataset). `replaced` counts points that replaced an earlier value at the same timestamp. Emitted in the transaction that stores the points.
         */
        post: operations["event_kpi_value_recorded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "kpi.alert.triggered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A KPI alert fired (or is announced again)
         * @description An alert of a KPI alert rule went `firing` (`notification: first`), or is still firing after the rule's `renotify_seconds` (`notification: renotification`). Not sent while the alert is silenced or acknowledged. `summary` says why it fired; GET /alerts/{id} has the whole explanation.
         */
        post: operations["event_kpi_alert_triggered"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "kpi.alert.resolved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A firing KPI alert resolved
         * @description A firing (or acknowledged) alert resolved: its value recovered past the recovery line, data arrived (no_data), late points withdrew it (`resolution: revision`) or someone resolved it (`manual`).
         */
        post: operations["event_kpi_alert_resolved"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "integration.sync.started": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An integration sync started reading
         * @description A sync (`POST /integrations/{id}/syncs`) began reading its source, once per sync (not again when a retried attempt resumes).
         */
        post: operations["event_integration_sync_started"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "integration.sync.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An integration sync finished
         * @description A sync committed its last page: `status` is `completed`, or `partially_completed` when some records were rejected by the field mapping (see `GET /integrations/{id}/syncs/{sync_id}/rejections`). The counts are final.
         */
        post: operations["event_integration_sync_completed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "integration.sync.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An integration sync failed
         * @description Every attempt of a sync failed (the source could not be read; `status: failed`), or the sync was cancelled (`status: cancelled`, `error.code: sync_cancelled`); pages committed before stay in the dataset.
         */
        post: operations["event_integration_sync_failed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description RFC 9457 problem details. Switch on `code`; `type` is a stable URI per error kind. */
        Problem: {
            /** Format: uri */
            type: string;
            title: string;
            status: number;
            detail: string;
            instance?: string;
            code: components["schemas"]["ProblemCode"];
            request_id: string;
            /** @description Each invalid field: a JSON Pointer into the request body (query parameters as /query/<name>). */
            errors?: {
                /** @example /inputs/headcount */
                path: string;
                message: string;
            }[];
            /** @description On 403 insufficient_scope: the scope the operation needs. */
            required_scope?: string;
            /** @description On 409 content_revision_conflict: the draft's current content revision. */
            current_content_revision?: number;
            /** @description On 409 content_revision_conflict: who wrote the current content revision. */
            last_saved_by?: components["schemas"]["Actor"];
            /**
             * Format: date-time
             * @description On 409 content_revision_conflict: when the current content revision was written.
             */
            last_saved_at?: string;
            /** @description On 429: the exhausted quota policies. */
            "violated-policies"?: string[];
        };
        /**
         * @description Stable snake_case error code to switch on. New codes may be added (treat an unknown one by its HTTP status):
         *
         *     - `bad_request` (400): The request could not be understood (an HTTP-level error).
         *     - `malformed_body` (400): The request body could not be read.
         *     - `malformed_json` (400): The request body is not valid JSON or not valid UTF-8.
         *     - `invalid_parameters` (400): A query parameter is invalid; `errors` names each one as /query/<name>.
         *     - `invalid_cursor` (400): The cursor is not one this API issued.
         *     - `invalid_idempotency_key` (400): The Idempotency-Key header is longer than 255 characters.
         *     - `invalid_host` (400): The Host header is not a host name (with an optional port), or was sent more than once.
         *     - `authentication_required` (401): No credentials were sent.
         *     - `invalid_authorization_header` (401): The Authorization header is not "Bearer <credential>".
         *     - `invalid_api_key` (401): The API key is malformed or unknown.
         *     - `api_key_expired` (401): The API key has expired.
         *     - `api_key_revoked` (401): The API key has been revoked.
         *     - `invalid_token` (401): The access token is not valid here.
         *     - `token_expired` (401): The access token has expired.
         *     - `token_revoked` (401): The access token, its grant or its client has been revoked.
         *     - `sign_in_refused` (403): The identity provider refused or cancelled the console sign-in.
         *     - `insufficient_scope` (403): The credentials lack the scope the operation needs (see `required_scope`).
         *     - `user_actor_required` (403): Only a person (an OAuth access token for a user) may do this; API keys and service accounts may not.
         *     - `not_an_eligible_approver` (403): The caller may not act on the decision's current approval step (not an approver of it, the decision's owner, a writer of the model version it releases, or already approved a step).
         *     - `resource_not_found` (404): No such resource in this tenant.
         *     - `route_not_found` (404): No route matches the method and path.
         *     - `method_not_allowed` (405): The method is not allowed on this path (see `Allow`).
         *     - `conflict` (409): The resource conflicts with one that already exists.
         *     - `concurrent_update` (409): The resource was changed concurrently; retry.
         *     - `idempotency_request_in_progress` (409): A request with this Idempotency-Key is still being processed (retry after `Retry-After` seconds).
         *     - `idempotency_outcome_unknown` (409): The request with this Idempotency-Key changed data, but its process stopped before answering and recorded no answer; it will not run again. Look the resource up instead.
         *     - `api_key_not_rotatable` (409): The API key has been revoked: a revoked key cannot be rotated.
         *     - `already_member` (409): The person is already a member of this tenant.
         *     - `invitation_accepted` (409): The member already accepted their invitation: there is nothing to send again or revoke.
         *     - `last_admin` (409): The tenant's last admin cannot be demoted or removed.
         *     - `model_not_editable` (409): Built-in models cannot be changed.
         *     - `model_version_state` (409): The model version's lifecycle status does not allow this: only a draft's content can be replaced or submitted; only a version that was published before can be published again (a rollback).
         *     - `content_revision_conflict` (409): The draft was saved by someone else since the edit began: `content_revision` is not its current revision (see `current_content_revision`, `last_saved_by`, `last_saved_at`); nothing was changed.
         *     - `release_decision` (409): The decision reviews a model version: its content, submission and resubmission go through the model version (`POST /models/{id}/versions/{version}/submit`).
         *     - `no_published_version` (409): The model has no published version: it has no live runs to replay.
         *     - `replay_finished` (409): The model replay has already finished: there is nothing to cancel.
         *     - `scenario_running` (409): The scenario is still running its current run.
         *     - `batch_finished` (409): The batch has already finished.
         *     - `sync_finished` (409): The integration sync has already finished (completed, failed or cancelled): there is nothing to cancel.
         *     - `integration_paused` (409): The integration is paused: it takes no syncs until it is resumed (PATCH `status: active`).
         *     - `webhook_disabled` (409): The webhook subscription is disabled.
         *     - `event_expired` (409): The event is past its retention period.
         *     - `audit_export_not_ready` (409): The audit export has not completed: no files or digest yet (see `status`).
         *     - `decision_not_editable` (409): The decision is neither a draft nor awaiting requested changes: its content changes only through its approval workflow.
         *     - `decision_not_comparable` (409): Fewer than two of the decision's options link a scenario, so there is nothing to compare.
         *     - `decision_not_pending` (409): The decision is not pending approval: there is no step to act on.
         *     - `approval_step_moved` (409): The approval step moved on since the client saw it (`expected_step`); reread the decision.
         *     - `decision_transition_not_allowed` (409): The decision's status does not allow this action (see the decision states in the Decisions tag).
         *     - `resubmission_in_progress` (409): A resubmission of the decision is being recorded; edit after it has been (or request changes again).
         *     - `decision_not_approved` (409): The decision is not approved or implemented: outcomes are recorded only against a decision that was approved.
         *     - `outcome_metric_fed_by_kpi` (409): The decision's metric is linked to a KPI (`kpi_id`, `link_id`): its actual values come from the KPI's points, so it takes no outcomes by hand and no second link.
         *     - `approval_policy_archived` (409): The approval policy is archived: it takes no new versions.
         *     - `kpi_archived` (409): The KPI is archived: it is read-only and takes no new points (PATCH its status to reactivate it).
         *     - `kpi_alert_resolved` (409): The alert is resolved: it can no longer be acknowledged, silenced or resolved.
         *     - `uploads_not_supported` (409): Files can be uploaded only to integrations of connector type `csv`.
         *     - `dataset_exists` (409): The tenant already has a dataset of that name.
         *     - `dataset_built_in` (409): The dataset is built in (`employees`): it cannot be changed or deleted.
         *     - `dataset_has_records` (409): The dataset holds records, so its fields' types and its primary key can no longer change (fields can still be added).
         *     - `dataset_in_use` (409): An integration's field mapping writes into the dataset; map it elsewhere first (`integration_ids`).
         *     - `payload_too_large` (413): The request body exceeds the operation's limit.
         *     - `unsupported_media_type` (415): The body is not unencoded JSON in UTF-8.
         *     - `validation_failed` (422): The body is invalid; `errors` names each field.
         *     - `idempotency_key_reused` (422): The Idempotency-Key was used with a different request.
         *     - `analysis_budget_exceeded` (422): The version's decision tables took longer to analyse than the budget for tenant content (EXPRESSION_BUDGET_MS); `errors` names the content.
         *     - `insufficient_approvers` (422): A step of the approval policy requires more approvers than the tenant has.
         *     - `invalid_reference` (422): The request refers to a resource that does not exist.
         *     - `invalid_value` (422): A value is outside what the resource allows.
         *     - `connector_failed` (422): The integration's source could not be read (unreachable, refused the credentials, or answered something unusable); `detail` says what the source did.
         *     - `model_deprecated` (422): The model is deprecated: no new runs.
         *     - `model_evaluation_failed` (422): The model raised an error on the inputs given to `POST /models/{id}/evaluate`; `detail` names the node and why (in a batch, the item's `error`).
         *     - `model_execution_failed` (422): A scenario's run failed: the model raised an error on its inputs (the scenario's `error`).
         *     - `model_not_found` (422): A scenario's run failed: its model no longer exists (the scenario's `error`).
         *     - `version_not_found` (422): A scenario's run failed: its model version no longer exists (the scenario's `error`).
         *     - `run_not_executed` (503): A scenario's run could not be executed after repeated attempts (the scenario's `error`); update its inputs to run it again.
         *     - `rate_limit_exceeded` (429): The tenant's request quota is used up.
         *     - `dedicated_endpoint_required` (421): The tenant's API is served at its dedicated endpoint, and the shared one no longer answers for it; the problem names the endpoint.
         *     - `usage_quota_exceeded` (429): A volume quota of the tenant (a kind of work per month or day) is used up; the problem names it.
         *     - `invitation_resend_limited` (429): The member was sent their invitation again too often in the last hour; retry after `Retry-After` seconds. Nothing was sent.
         *     - `sandbox_busy` (429): The tenant already has as many evaluations waiting or running in the expression sandbox as it may (EXPRESSION_SANDBOX_TENANT_QUEUE); retry after `Retry-After` seconds. Nothing was changed.
         *     - `internal_error` (500): An unexpected error; quote the request id.
         *     - `method_not_implemented` (501): The method is not supported.
         *     - `database_unavailable` (503): Postgres is unreachable; nothing was changed.
         *     - `workflow_engine_unavailable` (503): Temporal is unreachable; nothing was changed.
         *     - `identity_provider_unavailable` (503): The external OpenID provider could not be reached.
         *     - `sandbox_unavailable` (503): No expression sandbox process became free in time for this request (EXPRESSION_SANDBOX_QUEUE_WAIT_MS); retry after `Retry-After` seconds. Nothing was changed.
         * @enum {string}
         */
        ProblemCode: "bad_request" | "malformed_body" | "malformed_json" | "invalid_parameters" | "invalid_cursor" | "invalid_idempotency_key" | "invalid_host" | "authentication_required" | "invalid_authorization_header" | "invalid_api_key" | "api_key_expired" | "api_key_revoked" | "invalid_token" | "token_expired" | "token_revoked" | "sign_in_refused" | "insufficient_scope" | "user_actor_required" | "not_an_eligible_approver" | "resource_not_found" | "route_not_found" | "method_not_allowed" | "conflict" | "concurrent_update" | "idempotency_request_in_progress" | "idempotency_outcome_unknown" | "api_key_not_rotatable" | "already_member" | "invitation_accepted" | "last_admin" | "model_not_editable" | "model_version_state" | "content_revision_conflict" | "release_decision" | "no_published_version" | "replay_finished" | "scenario_running" | "batch_finished" | "sync_finished" | "integration_paused" | "webhook_disabled" | "event_expired" | "audit_export_not_ready" | "decision_not_editable" | "decision_not_comparable" | "decision_not_pending" | "approval_step_moved" | "decision_transition_not_allowed" | "resubmission_in_progress" | "decision_not_approved" | "outcome_metric_fed_by_kpi" | "approval_policy_archived" | "kpi_archived" | "kpi_alert_resolved" | "uploads_not_supported" | "dataset_exists" | "dataset_built_in" | "dataset_has_records" | "dataset_in_use" | "payload_too_large" | "unsupported_media_type" | "validation_failed" | "idempotency_key_reused" | "analysis_budget_exceeded" | "insufficient_approvers" | "invalid_reference" | "invalid_value" | "connector_failed" | "model_deprecated" | "model_evaluation_failed" | "model_execution_failed" | "model_not_found" | "version_not_found" | "run_not_executed" | "rate_limit_exceeded" | "dedicated_endpoint_required" | "usage_quota_exceeded" | "invitation_resend_limited" | "sandbox_busy" | "internal_error" | "method_not_implemented" | "database_unavailable" | "workflow_engine_unavailable" | "identity_provider_unavailable" | "sandbox_unavailable";
        /** @description Who performed a write: an API key (`api_key`, id `key_…`), a user (`user`, id `usr_…`, with `via_client` the OAuth client they acted through), a service account (`oauth_client`, id = the client-credentials client's `client_id`), or the service itself (`system`). */
        Actor: {
            /** @enum {string} */
            type: "api_key" | "user" | "oauth_client" | "system";
            id: string;
            /** @description For users: the OAuth client the action came through. */
            via_client?: string;
        };
        Health: {
            /** @enum {string} */
            status: "ok";
        };
        Readiness: {
            /** @enum {string} */
            status: "ready" | "not_ready";
            checks: {
                /** @enum {string} */
                postgres: "ok" | "unavailable";
                /** @enum {string} */
                temporal: "ok" | "unavailable";
                /**
                 * @description The runner in this API process that executes quick scenario runs started eagerly. Informational: while it is `starting` (or `disabled`: by default with run lanes, which the worker executes, or by SCENARIO_RUNNER=false) runs go through the task queue to the worker.
                 * @enum {string}
                 */
                scenario_runner: "ok" | "starting" | "disabled";
            };
        };
        Usage: {
            /** @constant */
            object: "usage";
            tenant_id: string;
            /**
             * @description What happens beyond a quota.
             * @enum {string}
             */
            policy: "refuse" | "allow_overage";
            quotas: {
                /** @enum {string} */
                kind: "api_requests" | "scenario_runs" | "evaluations" | "records_synced" | "webhook_deliveries";
                /** @enum {string} */
                period: "month" | "day";
                limit: number;
                /** @description Counted in the current period. */
                used: number;
                remaining: number;
                /** @description Used beyond the limit (`allow_overage`, or kinds never cut off). */
                overage: number;
                /** @example 42.5 */
                percent_used: number;
                /** Format: date-time */
                period_start: string;
                /**
                 * Format: date-time
                 * @description When the count starts again from 0.
                 */
                period_end: string;
            }[];
            /** @description Enterprise: what each kind of work used in the current month and the current day (UTC), whether or not it has a quota, so an admin can choose one; `limit` is the quota of that kind and period, or null. Empty for a tenant without quotas on another plan (its work is not counted). */
            consumption: {
                /** @enum {string} */
                kind: "api_requests" | "scenario_runs" | "evaluations" | "records_synced" | "webhook_deliveries";
                /** @enum {string} */
                period: "month" | "day";
                /** @description Counted in the current period. */
                used: number;
                /** @description The quota of this kind and period; null when there is none. */
                limit: number | null;
                /** Format: date-time */
                period_start: string;
                /**
                 * Format: date-time
                 * @description When the count starts again from 0.
                 */
                period_end: string;
            }[];
            /** Format: date-time */
            as_of: string;
        };
        Principal: {
            /** @constant */
            object: "principal";
            tenant_id: string;
            actor: components["schemas"]["Actor"];
            scopes: string[];
            rate_limits: {
                per_minute: number;
                per_day: number;
            };
            /** @description Enterprise: the tenant's own base URL (its paths are the same `/api/v1/…`), on which only its credentials are accepted. `shared_host_open` is true during the migration window, while the shared endpoint still answers for the tenant; after it, the shared endpoint answers 421 `dedicated_endpoint_required`. Null: the tenant uses the shared endpoint. */
            dedicated_endpoint?: {
                /** @example https://acme.api.example.com */
                base_url: string;
                shared_host_open: boolean;
            } | null;
        };
        ApiKey: {
            /** @example key_01jd2x0m3f8q4w7e5r6t9y2v1k */
            id: string;
            /** @constant */
            object: "api_key";
            name: string;
            scopes: ("scenarios:read" | "scenarios:write" | "models:read" | "models:write" | "kpis:read" | "kpis:write" | "decisions:read" | "decisions:write" | "integrations:read" | "integrations:write" | "webhooks:read" | "webhooks:write" | "admin")[];
            /** @enum {string} */
            status: "active" | "expired" | "revoked";
            /** @description The non-secret start of the key, to recognise it. */
            key_prefix?: string;
            /**
             * Format: date-time
             * @description When the key stops working; null for never.
             */
            expires_at: string | null;
            /**
             * Format: date-time
             * @description When the key was revoked.
             */
            revoked_at: string | null;
            /**
             * Format: date-time
             * @description Last successful authentication, to the minute.
             */
            last_used_at: string | null;
            /**
             * Format: date-time
             * @description When the secret was last rotated.
             */
            rotated_at?: string | null;
            /**
             * Format: date-time
             * @description Until when the secret replaced by the last rotation still works.
             */
            previous_secret_expires_at?: string | null;
            created_by: components["schemas"]["Actor"];
            /**
             * Format: date-time
             * @description Creation time.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description Last change.
             */
            updated_at: string;
        };
        ApiKeyWithSecret: components["schemas"]["ApiKey"] & {
            /** @description The full API key. Shown only in this response: store it now. */
            key: string;
        };
        ApiKeyList: {
            data: components["schemas"]["ApiKey"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        CreateApiKeyRequest: {
            name: string;
            /**
             * @example [
             *       "scenarios:read",
             *       "scenarios:write",
             *       "models:read"
             *     ]
             */
            scopes: ("scenarios:read" | "scenarios:write" | "models:read" | "models:write" | "kpis:read" | "kpis:write" | "decisions:read" | "decisions:write" | "integrations:read" | "integrations:write" | "webhooks:read" | "webhooks:write" | "admin" | "scenarios:*" | "models:*" | "kpis:*" | "decisions:*" | "integrations:*" | "webhooks:*")[];
            /**
             * Format: date-time
             * @description RFC 3339 expiry, in the future; omit or null for a key that does not expire.
             */
            expires_at?: string | null;
        };
        RotateApiKeyRequest: {
            /** @description How long the old secret keeps working (default 86400 = 24 h, max 7 days; 0 ends it at once). */
            grace_period_seconds?: number;
        };
        Member: {
            /**
             * @description The member id: this tenant's own for the person, minted with the membership.
             * @example usr_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "member";
            /** Format: email */
            email: string;
            /** @description The name this tenant gave the person; other tenants may know them by another. */
            display_name: string;
            /** @enum {string} */
            role: "viewer" | "analyst" | "approver" | "admin";
            /** @description What the role allows. */
            scopes: string[];
            created_by?: components["schemas"]["Actor"];
            /**
             * Format: date-time
             * @description When the person joined this tenant.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description Last change of the membership.
             */
            updated_at: string;
            /** @description The member's latest invitation (null: added with a password by the operator, or before invitations existed). */
            invitation?: {
                /** @example inv_01jd2x0m3f8q4w7e5r6t9y2v1k */
                id: string;
                /** @enum {string} */
                status: "pending" | "accepted" | "expired" | "revoked";
                /**
                 * Format: date-time
                 * @description Until when its link works (INVITATION_TTL_SECONDS after it was sent).
                 */
                expires_at: string;
                /**
                 * Format: date-time
                 * @description When it was sent.
                 */
                created_at: string;
            } | null;
        };
        MemberList: {
            data: components["schemas"]["Member"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        AddMemberRequest: {
            /** Format: email */
            email: string;
            display_name: string;
            /** @enum {string} */
            role: "viewer" | "analyst" | "approver" | "admin";
        };
        ChangeMemberRoleRequest: {
            /** @enum {string} */
            role: "viewer" | "analyst" | "approver" | "admin";
        };
        OAuthClient: {
            /** @example cli_01jd2x0m3f8q4w7e5r6t9y2v1k */
            id: string;
            /** @constant */
            object: "oauth_client";
            /** @description The OAuth `client_id` (the same as `id`). */
            client_id: string;
            /** @description Shown to users on the consent page. */
            name: string;
            redirect_uris: string[];
            grant_types: ("authorization_code" | "refresh_token" | "client_credentials")[];
            /** @description The most this client's tokens can carry. */
            scopes: ("scenarios:read" | "scenarios:write" | "models:read" | "models:write" | "kpis:read" | "kpis:write" | "decisions:read" | "decisions:write" | "integrations:read" | "integrations:write" | "webhooks:read" | "webhooks:write" | "admin")[];
            /** @enum {string} */
            token_endpoint_auth_method: "client_secret_basic" | "client_secret_post" | "none";
            /** @enum {string} */
            status: "active" | "revoked";
            /**
             * Format: date-time
             * @description When the client was revoked.
             */
            revoked_at: string | null;
            created_by: components["schemas"]["Actor"];
            /**
             * Format: date-time
             * @description Creation time.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description Last change.
             */
            updated_at: string;
        };
        OAuthClientWithSecret: components["schemas"]["OAuthClient"] & {
            /** @description Confidential clients only. Shown only in this response: store it now. A replay of the creation shows it redacted. */
            client_secret?: string;
        };
        OAuthClientList: {
            data: components["schemas"]["OAuthClient"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        CreateOAuthClientRequest: {
            name: string;
            /** @description `refresh_token` only together with `authorization_code`; `client_credentials` only for confidential clients. */
            grant_types: ("authorization_code" | "refresh_token" | "client_credentials")[];
            /** @description Required with `authorization_code`: https URLs (http only for localhost / 127.0.0.1), no fragment. */
            redirect_uris?: string[];
            /**
             * @description The API scopes the client may request (`family:*` = read and write). User-facing clients may also request `openid`, `offline_access`, `profile` and `email`.
             * @example [
             *       "scenarios:read",
             *       "models:read"
             *     ]
             */
            scopes: ("scenarios:read" | "scenarios:write" | "models:read" | "models:write" | "kpis:read" | "kpis:write" | "decisions:read" | "decisions:write" | "integrations:read" | "integrations:write" | "webhooks:read" | "webhooks:write" | "admin" | "scenarios:*" | "models:*" | "kpis:*" | "decisions:*" | "integrations:*" | "webhooks:*")[];
            /**
             * @description `none` registers a public client (native or browser app): no secret, PKCE (S256) required.
             * @default client_secret_basic
             * @enum {string}
             */
            token_endpoint_auth_method?: "client_secret_basic" | "client_secret_post" | "none";
        };
        Model: {
            /** @example mdl_workforce_cost_projection */
            id: string;
            /** @constant */
            object: "model";
            /** @enum {string} */
            source: "builtin" | "tenant";
            name: string;
            /** @description Markdown: what the model answers and its formulas. */
            description: string;
            category: string;
            /** @description The published version, the one runs use (built-ins: semantic version; tenant models: 1, 2, …); null until a first version is published. */
            version: string | null;
            /** @description The newest version, whatever its status. */
            latest_version: string;
            /** @description Same as `version`: the one published version. */
            published_version?: string | null;
            /** @description Tenant models: share of decision-table rules a suite must hit before a draft is submitted (default 1). */
            coverage_threshold?: number;
            /** @description Tenant models: the recording policy of decision instances this model sets (only the fields it sets; the tenant's `GET /model-settings` applies to the rest). */
            recording?: Record<string, unknown>;
            /** @description Tenant models: a legal hold on its decision instances (`PUT /models/{id}/legal-hold`), or null. */
            legal_hold?: {
                reason?: string;
                placed_by?: components["schemas"]["Actor"];
                /** Format: date-time */
                placed_at?: string;
            } | null;
            /** @description Tenant models: the release gate's verification policy this model sets (only the findings it overrides; `{}`: the tenant's default applies, `GET /model-settings`). */
            verification?: components["schemas"]["VerificationPolicyOverrides"];
            /** @enum {string} */
            status: "active" | "deprecated";
            /** @description JSON Schema of the inputs (on single-model reads). */
            input_schema?: Record<string, unknown>;
            /** @description JSON Schema of the metrics (on single-model reads). */
            output_schema?: Record<string, unknown>;
            /** @description Per metric, which way is better; used by comparisons to name the best scenario. */
            metric_directions?: {
                [key: string]: "higher_is_better" | "lower_is_better";
            };
            created_by?: components["schemas"]["Actor"];
            /**
             * Format: date-time
             * @description Creation (built-ins: release) time.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description Last change.
             */
            updated_at: string;
            /**
             * Format: date-time
             * @description When the model was deprecated.
             */
            deprecated_at?: string | null;
        };
        ModelList: {
            data: components["schemas"]["Model"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        ModelVersion: {
            /** @constant */
            object: "model_version";
            model_id: string;
            version: string;
            status?: components["schemas"]["ModelVersionStatus"];
            /** @description Bumped each time a draft's content is replaced. */
            content_revision?: number;
            /** @description The release decision reviewing it, once submitted. */
            review_decision_id?: string | null;
            /**
             * @description What the version is: a JDM decision graph, a DMN model, or a built-in model.
             * @enum {string}
             */
            format?: "jdm" | "dmn" | "builtin";
            /** @description SHA-256 of the content (tenant models): the canonical JSON of the graph; for DMN, of the XML's hash with its imports' hashes. */
            graph_sha256?: string | null;
            /** @description DMN versions: the model's namespace, by which other DMN models of the tenant import it. */
            dmn_namespace?: string;
            /** @description DMN versions: each imported model as resolved at upload (transitive imports included); evaluations use exactly these. */
            dmn_imports?: {
                namespace: string;
                name: string;
                model_id: string;
                version: string;
                dmn_sha256: string;
            }[];
            input_schema: Record<string, unknown>;
            output_schema: Record<string, unknown>;
            /** @description Per metric, which way is better; used by comparisons to name the best scenario. */
            metric_directions?: {
                [key: string]: "higher_is_better" | "lower_is_better";
            };
            created_by?: components["schemas"]["Actor"];
            /**
             * Format: date-time
             * @description When this version was uploaded.
             */
            created_at: string;
            updated_by?: components["schemas"]["Actor"] | null;
            /** @description Tenant models: who wrote each content revision, oldest first (the upload is revision 1; each `PUT` of the draft adds one). None of them may approve the version's release. */
            content_writers?: {
                content_revision: number;
                actor: components["schemas"]["Actor"];
                /**
                 * Format: date-time
                 * @description When the revision was written.
                 */
                at: string;
            }[];
            /**
             * Format: date-time
             * @description Last change of content or status.
             */
            updated_at?: string;
            /**
             * Format: date-time
             * @description Last submitted for review.
             */
            submitted_at?: string | null;
            /**
             * Format: date-time
             * @description Last published.
             */
            published_at?: string | null;
            /**
             * Format: date-time
             * @description Retired by the publication of another version.
             */
            retired_at?: string | null;
        };
        ModelVersionList: {
            data: components["schemas"]["ModelVersion"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        /** @description Exactly one of `graph` (a JDM decision graph, with `input_schema` and `output_schema`) and `dmn` (a DMN model's XML). */
        CreateModelRequest: {
            name: string;
            description?: string;
            /** @example pricing */
            category: string;
            /** @description JSON Schema of the inputs (required with `graph`; derived from a DMN model when not given): `type: object` with at least one property. A subset of JSON Schema (2020-12); anything else is a 422 naming its JSON Pointer (`/input_schema/properties/x/items/type`). Every schema names its `type`: `number`, `integer` (`minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`), `string` (`minLength`, `maxLength`, `pattern` (run on RE2: no backreferences or lookaround), `format`: `date` or `date-time`, RFC 3339), `boolean`, `array` (`items` (required), `minItems`, `maxItems`, `uniqueItems`) or `object` (`properties`, `required`, `additionalProperties`: true or false); a list of types is allowed. On any schema: `enum`, `default`, `title`, `description`, `examples`, `example`, `$comment`, `deprecated`; `$schema` at the root. Nesting (`properties`, `items`) is at most 8 levels deep. `additionalProperties: false` is enforced at the root, and is the default of nested objects. A scenario gives its inputs as strings and numbers only (a date as its RFC 3339 string); inputs of other types (boolean, list, object) are for evaluate and test cases, or come from a default. */
            input_schema?: Record<string, unknown>;
            /** @description JSON Schema of what the graph outputs (required with `graph`; derived from a DMN model when not given: one property per decision), as it outputs it (nested objects, lists, booleans; `null` is allowed as a type). A subset of JSON Schema (2020-12); anything else is a 422 naming its JSON Pointer (`/input_schema/properties/x/items/type`). Every schema names its `type`: `number`, `integer` (`minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`), `string` (`minLength`, `maxLength`, `pattern` (run on RE2: no backreferences or lookaround), `format`: `date` or `date-time`, RFC 3339), `boolean`, `array` (`items` (required), `minItems`, `maxItems`, `uniqueItems`) or `object` (`properties`, `required`, `additionalProperties`: true or false); a list of types is allowed. On any schema: `enum`, `default`, `title`, `description`, `examples`, `example`, `$comment`, `deprecated`; `$schema` at the root. Nesting (`properties`, `items`) is at most 8 levels deep. A schema of the flattened metrics (dotted names such as `discount.rate`, booleans as "true"/"false") is accepted too. */
            output_schema?: Record<string, unknown>;
            /** @description A DMN model (DMN 1.1 to 1.5 XML, at most 4 MiB), instead of `graph`. Compiled by the service's DMN engine at upload, off the API's event loop within the expression budget: every problem (malformed or unsafe XML such as a DOCTYPE, a FEEL syntax error, a reference to an unknown input, a cycle in the requirements graph, an import no model of the tenant provides) is one entry of a 422's `errors` at `/dmn`, naming the element (name and id). `<import>`s of other DMN models are resolved by namespace among the tenant's DMN models (the published version, else the newest) and recorded with the version (`dmn_imports`). `input_schema` and `output_schema` are derived from the model when not given: one input per input data, one output per decision, by name. See docs/dmn.md. */
            dmn?: string;
            /** @description A GoRules JDM decision graph (`nodes`, `edges`): input, output, decision-table, expression and switch nodes, evaluated with zen-engine. It must load and evaluate on the sample inputs, and its output must match `output_schema`. Loading and the dry run run off the API's event loop within the expression budget (EXPRESSION_BUDGET_MS): past it, 422 naming the expression (or `/graph` for the dry run). */
            graph?: Record<string, unknown>;
            /** @description Per metric, which way is better; used by comparisons to name the best scenario. */
            metric_directions?: {
                [key: string]: "higher_is_better" | "lower_is_better";
            };
            /** @description Inputs to test the graph with at upload (any JSON the input schema allows). Omitted: built from each input's default, example, enum or bounds. */
            sample_inputs?: Record<string, unknown>;
        } & ({
            /** @description A GoRules JDM decision graph (`nodes`, `edges`): input, output, decision-table, expression and switch nodes, evaluated with zen-engine. It must load and evaluate on the sample inputs, and its output must match `output_schema`. Loading and the dry run run off the API's event loop within the expression budget (EXPRESSION_BUDGET_MS): past it, 422 naming the expression (or `/graph` for the dry run). */
            graph: Record<string, unknown>;
            /** @description JSON Schema of the inputs (required with `graph`; derived from a DMN model when not given): `type: object` with at least one property. A subset of JSON Schema (2020-12); anything else is a 422 naming its JSON Pointer (`/input_schema/properties/x/items/type`). Every schema names its `type`: `number`, `integer` (`minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`), `string` (`minLength`, `maxLength`, `pattern` (run on RE2: no backreferences or lookaround), `format`: `date` or `date-time`, RFC 3339), `boolean`, `array` (`items` (required), `minItems`, `maxItems`, `uniqueItems`) or `object` (`properties`, `required`, `additionalProperties`: true or false); a list of types is allowed. On any schema: `enum`, `default`, `title`, `description`, `examples`, `example`, `$comment`, `deprecated`; `$schema` at the root. Nesting (`properties`, `items`) is at most 8 levels deep. `additionalProperties: false` is enforced at the root, and is the default of nested objects. A scenario gives its inputs as strings and numbers only (a date as its RFC 3339 string); inputs of other types (boolean, list, object) are for evaluate and test cases, or come from a default. */
            input_schema: Record<string, unknown>;
            /** @description JSON Schema of what the graph outputs (required with `graph`; derived from a DMN model when not given: one property per decision), as it outputs it (nested objects, lists, booleans; `null` is allowed as a type). A subset of JSON Schema (2020-12); anything else is a 422 naming its JSON Pointer (`/input_schema/properties/x/items/type`). Every schema names its `type`: `number`, `integer` (`minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`), `string` (`minLength`, `maxLength`, `pattern` (run on RE2: no backreferences or lookaround), `format`: `date` or `date-time`, RFC 3339), `boolean`, `array` (`items` (required), `minItems`, `maxItems`, `uniqueItems`) or `object` (`properties`, `required`, `additionalProperties`: true or false); a list of types is allowed. On any schema: `enum`, `default`, `title`, `description`, `examples`, `example`, `$comment`, `deprecated`; `$schema` at the root. Nesting (`properties`, `items`) is at most 8 levels deep. A schema of the flattened metrics (dotted names such as `discount.rate`, booleans as "true"/"false") is accepted too. */
            output_schema: Record<string, unknown>;
        } | {
            /** @description A DMN model (DMN 1.1 to 1.5 XML, at most 4 MiB), instead of `graph`. Compiled by the service's DMN engine at upload, off the API's event loop within the expression budget: every problem (malformed or unsafe XML such as a DOCTYPE, a FEEL syntax error, a reference to an unknown input, a cycle in the requirements graph, an import no model of the tenant provides) is one entry of a 422's `errors` at `/dmn`, naming the element (name and id). `<import>`s of other DMN models are resolved by namespace among the tenant's DMN models (the published version, else the newest) and recorded with the version (`dmn_imports`). `input_schema` and `output_schema` are derived from the model when not given: one input per input data, one output per decision, by name. See docs/dmn.md. */
            dmn: string;
        });
        /** @description Exactly one of `graph` (a JDM decision graph, with `input_schema` and `output_schema`) and `dmn` (a DMN model's XML). */
        CreateModelVersionRequest: {
            /** @description JSON Schema of the inputs (required with `graph`; derived from a DMN model when not given): `type: object` with at least one property. A subset of JSON Schema (2020-12); anything else is a 422 naming its JSON Pointer (`/input_schema/properties/x/items/type`). Every schema names its `type`: `number`, `integer` (`minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`), `string` (`minLength`, `maxLength`, `pattern` (run on RE2: no backreferences or lookaround), `format`: `date` or `date-time`, RFC 3339), `boolean`, `array` (`items` (required), `minItems`, `maxItems`, `uniqueItems`) or `object` (`properties`, `required`, `additionalProperties`: true or false); a list of types is allowed. On any schema: `enum`, `default`, `title`, `description`, `examples`, `example`, `$comment`, `deprecated`; `$schema` at the root. Nesting (`properties`, `items`) is at most 8 levels deep. `additionalProperties: false` is enforced at the root, and is the default of nested objects. A scenario gives its inputs as strings and numbers only (a date as its RFC 3339 string); inputs of other types (boolean, list, object) are for evaluate and test cases, or come from a default. */
            input_schema?: Record<string, unknown>;
            /** @description JSON Schema of what the graph outputs (required with `graph`; derived from a DMN model when not given: one property per decision), as it outputs it (nested objects, lists, booleans; `null` is allowed as a type). A subset of JSON Schema (2020-12); anything else is a 422 naming its JSON Pointer (`/input_schema/properties/x/items/type`). Every schema names its `type`: `number`, `integer` (`minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`), `string` (`minLength`, `maxLength`, `pattern` (run on RE2: no backreferences or lookaround), `format`: `date` or `date-time`, RFC 3339), `boolean`, `array` (`items` (required), `minItems`, `maxItems`, `uniqueItems`) or `object` (`properties`, `required`, `additionalProperties`: true or false); a list of types is allowed. On any schema: `enum`, `default`, `title`, `description`, `examples`, `example`, `$comment`, `deprecated`; `$schema` at the root. Nesting (`properties`, `items`) is at most 8 levels deep. A schema of the flattened metrics (dotted names such as `discount.rate`, booleans as "true"/"false") is accepted too. */
            output_schema?: Record<string, unknown>;
            /** @description A DMN model (DMN 1.1 to 1.5 XML, at most 4 MiB), instead of `graph`. Compiled by the service's DMN engine at upload, off the API's event loop within the expression budget: every problem (malformed or unsafe XML such as a DOCTYPE, a FEEL syntax error, a reference to an unknown input, a cycle in the requirements graph, an import no model of the tenant provides) is one entry of a 422's `errors` at `/dmn`, naming the element (name and id). `<import>`s of other DMN models are resolved by namespace among the tenant's DMN models (the published version, else the newest) and recorded with the version (`dmn_imports`). `input_schema` and `output_schema` are derived from the model when not given: one input per input data, one output per decision, by name. See docs/dmn.md. */
            dmn?: string;
            /** @description A GoRules JDM decision graph (`nodes`, `edges`): input, output, decision-table, expression and switch nodes, evaluated with zen-engine. It must load and evaluate on the sample inputs, and its output must match `output_schema`. Loading and the dry run run off the API's event loop within the expression budget (EXPRESSION_BUDGET_MS): past it, 422 naming the expression (or `/graph` for the dry run). */
            graph?: Record<string, unknown>;
            /** @description Per metric, which way is better; used by comparisons to name the best scenario. */
            metric_directions?: {
                [key: string]: "higher_is_better" | "lower_is_better";
            };
            /** @description Inputs to test the graph with at upload (any JSON the input schema allows). Omitted: built from each input's default, example, enum or bounds. */
            sample_inputs?: Record<string, unknown>;
        } & ({
            /** @description A GoRules JDM decision graph (`nodes`, `edges`): input, output, decision-table, expression and switch nodes, evaluated with zen-engine. It must load and evaluate on the sample inputs, and its output must match `output_schema`. Loading and the dry run run off the API's event loop within the expression budget (EXPRESSION_BUDGET_MS): past it, 422 naming the expression (or `/graph` for the dry run). */
            graph: Record<string, unknown>;
            /** @description JSON Schema of the inputs (required with `graph`; derived from a DMN model when not given): `type: object` with at least one property. A subset of JSON Schema (2020-12); anything else is a 422 naming its JSON Pointer (`/input_schema/properties/x/items/type`). Every schema names its `type`: `number`, `integer` (`minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`), `string` (`minLength`, `maxLength`, `pattern` (run on RE2: no backreferences or lookaround), `format`: `date` or `date-time`, RFC 3339), `boolean`, `array` (`items` (required), `minItems`, `maxItems`, `uniqueItems`) or `object` (`properties`, `required`, `additionalProperties`: true or false); a list of types is allowed. On any schema: `enum`, `default`, `title`, `description`, `examples`, `example`, `$comment`, `deprecated`; `$schema` at the root. Nesting (`properties`, `items`) is at most 8 levels deep. `additionalProperties: false` is enforced at the root, and is the default of nested objects. A scenario gives its inputs as strings and numbers only (a date as its RFC 3339 string); inputs of other types (boolean, list, object) are for evaluate and test cases, or come from a default. */
            input_schema: Record<string, unknown>;
            /** @description JSON Schema of what the graph outputs (required with `graph`; derived from a DMN model when not given: one property per decision), as it outputs it (nested objects, lists, booleans; `null` is allowed as a type). A subset of JSON Schema (2020-12); anything else is a 422 naming its JSON Pointer (`/input_schema/properties/x/items/type`). Every schema names its `type`: `number`, `integer` (`minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`), `string` (`minLength`, `maxLength`, `pattern` (run on RE2: no backreferences or lookaround), `format`: `date` or `date-time`, RFC 3339), `boolean`, `array` (`items` (required), `minItems`, `maxItems`, `uniqueItems`) or `object` (`properties`, `required`, `additionalProperties`: true or false); a list of types is allowed. On any schema: `enum`, `default`, `title`, `description`, `examples`, `example`, `$comment`, `deprecated`; `$schema` at the root. Nesting (`properties`, `items`) is at most 8 levels deep. A schema of the flattened metrics (dotted names such as `discount.rate`, booleans as "true"/"false") is accepted too. */
            output_schema: Record<string, unknown>;
        } | {
            /** @description A DMN model (DMN 1.1 to 1.5 XML, at most 4 MiB), instead of `graph`. Compiled by the service's DMN engine at upload, off the API's event loop within the expression budget: every problem (malformed or unsafe XML such as a DOCTYPE, a FEEL syntax error, a reference to an unknown input, a cycle in the requirements graph, an import no model of the tenant provides) is one entry of a 422's `errors` at `/dmn`, naming the element (name and id). `<import>`s of other DMN models are resolved by namespace among the tenant's DMN models (the published version, else the newest) and recorded with the version (`dmn_imports`). `input_schema` and `output_schema` are derived from the model when not given: one input per input data, one output per decision, by name. See docs/dmn.md. */
            dmn: string;
        });
        ValidateInputsRequest: {
            /** @description Input name → value: any JSON the model's input schema allows (booleans, RFC 3339 dates as strings, lists, objects). */
            inputs: Record<string, unknown>;
            /** @description Validate against this version (default: the published one). */
            model_version?: string;
        };
        /** @description Exactly one of `inputs` (one evaluation) and `items` (a batch). */
        EvaluateModelRequest: {
            /** @description Input name → value: any JSON the model's input schema allows (booleans, lists, objects too); defaults apply as in a scenario. */
            inputs?: Record<string, unknown>;
            /** @description Up to 1,000 evaluations, answered in order in `results`, each with its own outputs or error. */
            items?: {
                inputs: Record<string, unknown>;
                /** @description This item's correlation id (default: the request's). */
                correlation_id?: string;
            }[];
            /** @description The version to run (default: the current one). */
            version?: string;
            /** @description Your id for what was decided (a customer, an application, a case): kept on the decision instances this request records and searchable (`GET /decision-instances?correlation_id=`). */
            correlation_id?: string;
            /** @description Answer each evaluation with a signed receipt (`receipt`: a compact JWS over the instance's canonical content, verified offline with `/.well-known/audit-jwks.json`). The evaluation is then recorded whatever the model's sampling, and the answer is sent once its instance is committed. Default: the model's `receipts` setting. */
            receipt?: boolean;
            /** @description DMN models: the decisions to evaluate, by name (default: all). A name the model lacks is a 422 at `/decisions/<n>`; other models refuse the field. */
            decisions?: string[];
            /**
             * @description Include, per node evaluated, its input and output (decision tables: the matched rules; switches: the branches taken). DMN models: per decision evaluated, its kind, output, hit policy and matched rules.
             * @default false
             */
            trace?: boolean;
        };
        ModelEvaluationTraceStep: {
            /** @description JDM models: the node; DMN models: the decision's id. */
            node_id?: string;
            name: string;
            /** @description The node type (`inputNode`, `decisionTableNode`, `expressionNode`, `switchNode`, `outputNode`), the decision's expression kind for DMN models (`decisionTable`, `literalExpression`, `context`, …), or `derivation_step` for built-in models. */
            kind: string;
            /** @description DMN decision tables: the hit policy (`UNIQUE`, `FIRST`, `COLLECT`, …). */
            hit_policy?: string;
            /** @description What the node received. */
            input?: unknown;
            /** @description What the node produced. */
            output: unknown;
            /** @description Built-in models: the step's formula. */
            formula?: string;
            /** @description Decision tables: the rules that matched, by position (0-based) and id. */
            matched_rules?: {
                index: number;
                id: string | null;
            }[];
            /** @description Switch nodes: the branches taken (an empty condition is the default branch). */
            taken_branches?: {
                id: string;
                condition: string;
            }[];
            /** @description The engine's own timing of the node, e.g. `12.3µs`. */
            performance?: string;
        };
        ModelEvaluation: {
            /** @enum {string} */
            object: "model_evaluation";
            model_id: string;
            version: string;
            /** @description The outputs as the model produced them (JDM: the graph's output, nested values kept; DMN: one entry per decision evaluated, by name, any JSON value (see docs/dmn.md for the FEEL ↔ JSON mapping); built-in: the metrics). */
            outputs: Record<string, unknown>;
            /** @description With `trace: true`. */
            trace?: components["schemas"]["ModelEvaluationTraceStep"][];
            /** @description Time taken to answer, in milliseconds. */
            duration_ms: number;
            /** @description The decision instance that records this evaluation, when the model's recording policy kept it. */
            instance_id?: string;
            /** @description With a receipt asked for: the signed receipt (a compact JWS). */
            receipt?: string;
        };
        ModelEvaluationBatch: {
            /** @enum {string} */
            object: "model_evaluation_batch";
            model_id: string;
            version: string;
            /** @description One per item, in order: `outputs` (and `trace`), or `error` (`validation_failed` with `errors` whose paths are `/items/<n>/inputs/…`, or `model_evaluation_failed`). */
            results: {
                index: number;
                outputs?: Record<string, unknown>;
                trace?: components["schemas"]["ModelEvaluationTraceStep"][];
                /** @description The engine's time for this item. */
                duration_ms?: number;
                /** @description The decision instance recording this item, when recorded. */
                instance_id?: string;
                /** @description With a receipt asked for: this item's signed receipt. */
                receipt?: string;
                error?: {
                    /** @enum {string} */
                    code: "validation_failed" | "model_evaluation_failed";
                    message: string;
                    errors?: {
                        path: string;
                        message: string;
                    }[];
                    node_id?: string;
                    /** @description The decision instance recording the failure, when recorded. */
                    instance_id?: string;
                };
            }[];
            /** @description Time taken to answer, in milliseconds. */
            duration_ms: number;
        };
        CreateModelTestCaseRequest: {
            name: string;
            /** @description Input name → value, as the model's input schema allows. */
            inputs: Record<string, unknown>;
            /** @description Output name → expected value. A name is an output key or a dotted path into nested outputs (`discount.rate`). Numbers match within their tolerance (exactly without one); lists and objects element by element (same length, same keys; the output's tolerance applies to every number inside); strings (dates, enum values), booleans and null exactly. */
            expected: Record<string, unknown>;
            /** @description Per expected number (or list or object holding numbers): `{"absolute": 0.01}` or `{"relative": 0.05}` (5 %). */
            tolerances?: {
                [key: string]: {
                    absolute: number;
                } | {
                    relative: number;
                };
            };
            /** @description Decision-table rule ids (`_id`) the evaluation must match, besides the outputs. */
            expected_rules?: string[] | null;
        };
        UpdateModelTestCaseRequest: {
            name?: string;
            /** @description Input name → value, as the model's input schema allows. */
            inputs?: Record<string, unknown>;
            /** @description Output name → expected value. A name is an output key or a dotted path into nested outputs (`discount.rate`). Numbers match within their tolerance (exactly without one); lists and objects element by element (same length, same keys; the output's tolerance applies to every number inside); strings (dates, enum values), booleans and null exactly. */
            expected?: Record<string, unknown>;
            /** @description Per expected number (or list or object holding numbers): `{"absolute": 0.01}` or `{"relative": 0.05}` (5 %). */
            tolerances?: {
                [key: string]: {
                    absolute: number;
                } | {
                    relative: number;
                };
            };
            /** @description Decision-table rule ids (`_id`) the evaluation must match, besides the outputs. */
            expected_rules?: string[] | null;
        };
        /** @description Exactly one of `cases` and `csv`; all are added or none. */
        ImportModelTestCasesRequest: {
            cases?: components["schemas"]["CreateModelTestCaseRequest"][];
            /** @description CSV with a header row: `name`, one column per input, one `expected.<output>` column per expected output (at most 200, and only outputs the output schema declares when it allows no others); each header once. A cell is read as its column's type in the newest version's schemas (number, integer, boolean, string; a list or an object as JSON, nested at most 64 levels like a body); an untyped column's cell is a number when it reads as one. Unquoted cells are trimmed; quoted ones are kept as written. Refused (422 naming the cell): a number beyond a double (`1e999`), a cell longer than 1,048,576 characters, and whitespace before `=`, `+`, `-` or `@` that trimming would turn into a formula-looking value (quote the cell to keep it; a signed number such as ` -5` is a number). */
            csv?: string;
        };
        ModelTestCase: {
            /** @example mtc_01jd2x0m3f8q4w7e5r6t9y2v1k */
            id: string;
            /** @constant */
            object: "model_test_case";
            model_id: string;
            name: string;
            /** @description Input name → value, as the model's input schema allows. */
            inputs: Record<string, unknown>;
            /** @description Output name → expected value. A name is an output key or a dotted path into nested outputs (`discount.rate`). Numbers match within their tolerance (exactly without one); lists and objects element by element (same length, same keys; the output's tolerance applies to every number inside); strings (dates, enum values), booleans and null exactly. */
            expected: Record<string, unknown>;
            /** @description Per expected number (or list or object holding numbers): `{"absolute": 0.01}` or `{"relative": 0.05}` (5 %). */
            tolerances: {
                [key: string]: {
                    absolute: number;
                } | {
                    relative: number;
                };
            };
            expected_rules: string[] | null;
            created_by: components["schemas"]["Actor"];
            /**
             * Format: date-time
             * @description When the case was added.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description Last change.
             */
            updated_at: string;
        };
        ModelTestCaseList: {
            data: components["schemas"]["ModelTestCase"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        RunModelTestsRequest: {
            /** @description The version to test (default: the current one). */
            version?: string;
        };
        ModelTestRun: {
            /** @example mtr_01jd2x0m3f8q4w7e5r6t9y2v1k */
            id: string;
            /** @constant */
            object: "model_test_run";
            model_id: string;
            version: string;
            /**
             * @description `passed` when every case passed.
             * @enum {string}
             */
            status: "passed" | "failed";
            passed: number;
            failed: number;
            duration_ms: number;
            /** @description What the suite exercised: per decision table the rules hit (with how many cases) and never hit, per switch the branches taken and never taken; `rule_coverage_percent` is rules hit over all rules (100 for a graph without tables). */
            coverage: {
                rules_total: number;
                rules_hit: number;
                rule_coverage_percent: number;
                decision_tables: Record<string, unknown>[];
                switches: Record<string, unknown>[];
            };
            /** @description Per case, in the order the cases were added: `status`, the `outputs`, the `matched_rules`; when it failed, the `differences` (output, expected, actual, difference and tolerance for numbers), the `missing_rules`, the input `errors`, or the engine's `error`. */
            cases: {
                test_case_id: string;
                name: string;
                /** @enum {string} */
                status: "passed" | "failed";
            }[];
            created_by: components["schemas"]["Actor"];
            /**
             * Format: date-time
             * @description When the suite ran.
             */
            created_at: string;
        };
        ModelTestRunList: {
            data: components["schemas"]["ModelTestRun"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        ModelVersionDiff: {
            /** @constant */
            object: "model_version_diff";
            model_id: string;
            version: string;
            against: string;
            /** @description `nodes_added`, `nodes_removed`, `decision_tables` (`rules_added`, `rules_removed`, `rules_changed` with `cells` from → to, `hit_policy`), `expressions`, `switches`, `edges_added`, `edges_removed`. */
            graph: Record<string, unknown>;
            input_changes: components["schemas"]["ModelSchemaChange"][];
            output_changes: components["schemas"]["ModelSchemaChange"][];
            /** @description Any input or output change is breaking. */
            breaking: boolean;
        };
        ModelSchemaChange: {
            name: string;
            /** @enum {string} */
            change: "added" | "removed" | "type_changed" | "narrowed" | "widened" | "now_required" | "now_optional";
            breaking: boolean;
            detail: string;
        };
        InputValidationResult: {
            valid: boolean;
            /** @description Exactly the errors the model's input schema gives (paths `/inputs/<name>`), as evaluate answers them. A scenario create answers these too, and also refuses a value that is not a string or a number (scenario inputs are scalars). */
            errors: {
                path: string;
                message: string;
            }[];
            /** @description When valid: the inputs with defaults applied. */
            inputs?: Record<string, unknown>;
            defaults_applied?: string[];
            model_version: string;
        };
        /** @description A draft's new content, as an upload takes it (exactly one of `graph` and `dmn`), with an optional `content_revision` precondition. */
        ReplaceModelVersionRequest: {
            /** @description JSON Schema of the inputs (required with `graph`; derived from a DMN model when not given): `type: object` with at least one property. A subset of JSON Schema (2020-12); anything else is a 422 naming its JSON Pointer (`/input_schema/properties/x/items/type`). Every schema names its `type`: `number`, `integer` (`minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`), `string` (`minLength`, `maxLength`, `pattern` (run on RE2: no backreferences or lookaround), `format`: `date` or `date-time`, RFC 3339), `boolean`, `array` (`items` (required), `minItems`, `maxItems`, `uniqueItems`) or `object` (`properties`, `required`, `additionalProperties`: true or false); a list of types is allowed. On any schema: `enum`, `default`, `title`, `description`, `examples`, `example`, `$comment`, `deprecated`; `$schema` at the root. Nesting (`properties`, `items`) is at most 8 levels deep. `additionalProperties: false` is enforced at the root, and is the default of nested objects. A scenario gives its inputs as strings and numbers only (a date as its RFC 3339 string); inputs of other types (boolean, list, object) are for evaluate and test cases, or come from a default. */
            input_schema?: Record<string, unknown>;
            /** @description JSON Schema of what the graph outputs (required with `graph`; derived from a DMN model when not given: one property per decision), as it outputs it (nested objects, lists, booleans; `null` is allowed as a type). A subset of JSON Schema (2020-12); anything else is a 422 naming its JSON Pointer (`/input_schema/properties/x/items/type`). Every schema names its `type`: `number`, `integer` (`minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`), `string` (`minLength`, `maxLength`, `pattern` (run on RE2: no backreferences or lookaround), `format`: `date` or `date-time`, RFC 3339), `boolean`, `array` (`items` (required), `minItems`, `maxItems`, `uniqueItems`) or `object` (`properties`, `required`, `additionalProperties`: true or false); a list of types is allowed. On any schema: `enum`, `default`, `title`, `description`, `examples`, `example`, `$comment`, `deprecated`; `$schema` at the root. Nesting (`properties`, `items`) is at most 8 levels deep. A schema of the flattened metrics (dotted names such as `discount.rate`, booleans as "true"/"false") is accepted too. */
            output_schema?: Record<string, unknown>;
            /** @description A DMN model (DMN 1.1 to 1.5 XML, at most 4 MiB), instead of `graph`. Compiled by the service's DMN engine at upload, off the API's event loop within the expression budget: every problem (malformed or unsafe XML such as a DOCTYPE, a FEEL syntax error, a reference to an unknown input, a cycle in the requirements graph, an import no model of the tenant provides) is one entry of a 422's `errors` at `/dmn`, naming the element (name and id). `<import>`s of other DMN models are resolved by namespace among the tenant's DMN models (the published version, else the newest) and recorded with the version (`dmn_imports`). `input_schema` and `output_schema` are derived from the model when not given: one input per input data, one output per decision, by name. See docs/dmn.md. */
            dmn?: string;
            /** @description A GoRules JDM decision graph (`nodes`, `edges`): input, output, decision-table, expression and switch nodes, evaluated with zen-engine. It must load and evaluate on the sample inputs, and its output must match `output_schema`. Loading and the dry run run off the API's event loop within the expression budget (EXPRESSION_BUDGET_MS): past it, 422 naming the expression (or `/graph` for the dry run). */
            graph?: Record<string, unknown>;
            /** @description Per metric, which way is better; used by comparisons to name the best scenario. */
            metric_directions?: {
                [key: string]: "higher_is_better" | "lower_is_better";
            };
            /** @description Inputs to test the graph with at upload (any JSON the input schema allows). Omitted: built from each input's default, example, enum or bounds. */
            sample_inputs?: Record<string, unknown>;
            /** @description The draft's `content_revision` the edit started from. When it is no longer the current one (someone saved in between), nothing is changed and the answer is 409 `content_revision_conflict` with `current_content_revision`, `last_saved_by` and `last_saved_at`. Without it the content is replaced whatever the revision. */
            content_revision?: number;
        } & ({
            /** @description A GoRules JDM decision graph (`nodes`, `edges`): input, output, decision-table, expression and switch nodes, evaluated with zen-engine. It must load and evaluate on the sample inputs, and its output must match `output_schema`. Loading and the dry run run off the API's event loop within the expression budget (EXPRESSION_BUDGET_MS): past it, 422 naming the expression (or `/graph` for the dry run). */
            graph: Record<string, unknown>;
            /** @description JSON Schema of the inputs (required with `graph`; derived from a DMN model when not given): `type: object` with at least one property. A subset of JSON Schema (2020-12); anything else is a 422 naming its JSON Pointer (`/input_schema/properties/x/items/type`). Every schema names its `type`: `number`, `integer` (`minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`), `string` (`minLength`, `maxLength`, `pattern` (run on RE2: no backreferences or lookaround), `format`: `date` or `date-time`, RFC 3339), `boolean`, `array` (`items` (required), `minItems`, `maxItems`, `uniqueItems`) or `object` (`properties`, `required`, `additionalProperties`: true or false); a list of types is allowed. On any schema: `enum`, `default`, `title`, `description`, `examples`, `example`, `$comment`, `deprecated`; `$schema` at the root. Nesting (`properties`, `items`) is at most 8 levels deep. `additionalProperties: false` is enforced at the root, and is the default of nested objects. A scenario gives its inputs as strings and numbers only (a date as its RFC 3339 string); inputs of other types (boolean, list, object) are for evaluate and test cases, or come from a default. */
            input_schema: Record<string, unknown>;
            /** @description JSON Schema of what the graph outputs (required with `graph`; derived from a DMN model when not given: one property per decision), as it outputs it (nested objects, lists, booleans; `null` is allowed as a type). A subset of JSON Schema (2020-12); anything else is a 422 naming its JSON Pointer (`/input_schema/properties/x/items/type`). Every schema names its `type`: `number`, `integer` (`minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`), `string` (`minLength`, `maxLength`, `pattern` (run on RE2: no backreferences or lookaround), `format`: `date` or `date-time`, RFC 3339), `boolean`, `array` (`items` (required), `minItems`, `maxItems`, `uniqueItems`) or `object` (`properties`, `required`, `additionalProperties`: true or false); a list of types is allowed. On any schema: `enum`, `default`, `title`, `description`, `examples`, `example`, `$comment`, `deprecated`; `$schema` at the root. Nesting (`properties`, `items`) is at most 8 levels deep. A schema of the flattened metrics (dotted names such as `discount.rate`, booleans as "true"/"false") is accepted too. */
            output_schema: Record<string, unknown>;
        } | {
            /** @description A DMN model (DMN 1.1 to 1.5 XML, at most 4 MiB), instead of `graph`. Compiled by the service's DMN engine at upload, off the API's event loop within the expression budget: every problem (malformed or unsafe XML such as a DOCTYPE, a FEEL syntax error, a reference to an unknown input, a cycle in the requirements graph, an import no model of the tenant provides) is one entry of a 422's `errors` at `/dmn`, naming the element (name and id). `<import>`s of other DMN models are resolved by namespace among the tenant's DMN models (the published version, else the newest) and recorded with the version (`dmn_imports`). `input_schema` and `output_schema` are derived from the model when not given: one input per input data, one output per decision, by name. See docs/dmn.md. */
            dmn: string;
        });
        /**
         * @description A tenant model version is `draft` → `in_review` → `published` → `retired` (or `rejected`, or back to `draft` when a reviewer requests changes, the review is withdrawn or a step deadline expires). Uploads create drafts; exactly one version is published at a time, and scenarios, batches, KPIs and decision options run it. A draft runs only where a caller names it: evaluate, test runs, replays, and a scenario create by its author (marked `draft_run`, never linkable to a decision option).
         * @enum {string}
         */
        ModelVersionStatus: "draft" | "in_review" | "published" | "retired" | "rejected";
        /** @description A version with its graph, its review (the release decision as it stands) and the latest report of its suite. */
        ModelVersionDetail: components["schemas"]["ModelVersion"] & {
            /** @description The JDM graph (null for built-in models and DMN versions). */
            graph: Record<string, unknown> | null;
            /** @description DMN versions: the XML as uploaded. */
            dmn?: string;
            /** @description The release decision reviewing this version (null before its first submission): `GET /decisions/{decision_id}` has all of it. */
            review: {
                decision_id?: string;
                status?: string;
                approval_policy_id?: string | null;
                current_step?: number | null;
                steps?: Record<string, unknown>[];
                approvals?: Record<string, unknown>[];
                round?: number;
                /** @description The release gate's verdict at the (latest) submission, which the reviewer sees: the decision-table analysis's summary and its warnings. */
                verification?: components["schemas"]["ModelVerificationVerdict"] | null;
            } | null;
            /** @description On a submission's answer: the release gate's verdict on the draft's decision tables (the policy applied, the summary, the warnings). */
            verification?: components["schemas"]["ModelVerificationVerdict"];
            latest_test_run: {
                id?: string;
                /** @enum {string} */
                status?: "passed" | "failed";
                passed?: number;
                failed?: number;
                coverage?: Record<string, unknown>;
                /**
                 * Format: date-time
                 * @description When it ran.
                 */
                created_at?: string;
            } | null;
        };
        UpdateModelRequest: {
            name?: string;
            description?: string;
            /** @description Share of decision-table rules the suite must hit before a draft can be submitted (default 1: every rule). */
            coverage_threshold?: number;
            /** @description The release gate: for each kind of finding of the decision-table analysis, `block` (a submission is refused with 422 naming each table and finding), `warn` (the submission goes on; the findings travel with the review as warnings) or `off`. `overlaps_unique`: rules matching the same inputs where the hit policy promises one answer (Unique; Any with different outputs) — overlaps under First, Priority, Collect and Rule order are by design and never gate; `gaps`: inputs no rule matches; `masked`: rules that never fire because earlier (or higher-priority) rules cover all of them; `subsumed`: rules covered by another with the same outputs; `domain_violations`: a condition or output outside its column's domain (schema enum and bounds, DMN allowed values); `not_analysed`: cells the analysis could not interpret, an analysis cut short at its region limit, or one that ran past its time budget. Defaults: `overlaps_unique` and `domain_violations` block, the rest warn. Merged into what is set: each finding named is set, `null` removes that override (the default applies again), and `null` for the whole object removes every override. */
            verification?: {
                /** @enum {string|null} */
                overlaps_unique?: "block" | "warn" | "off" | null;
                /** @enum {string|null} */
                gaps?: "block" | "warn" | "off" | null;
                /** @enum {string|null} */
                masked?: "block" | "warn" | "off" | null;
                /** @enum {string|null} */
                subsumed?: "block" | "warn" | "off" | null;
                /** @enum {string|null} */
                domain_violations?: "block" | "warn" | "off" | null;
                /** @enum {string|null} */
                not_analysed?: "block" | "warn" | "off" | null;
            } | null;
            /**
             * @description Which evaluations become decision instances: `off`, `sampled` (each with probability `record_sample_rate`) or `all`. null: inherit (model → tenant → `off`).
             * @enum {string|null}
             */
            record_evaluations?: "off" | "sampled" | "all" | null;
            /** @description With `sampled`: the share recorded (0 < rate ≤ 1). */
            record_sample_rate?: number | null;
            /** @description true (default): an instance keeps its inputs. false: only their SHA-256 (of the canonical JSON), for personal data; such instances cannot be re-traced or replayed. */
            record_inputs?: boolean | null;
            /**
             * @description `buffered` (default): the answer is sent at once and the instance written within DECISION_INSTANCE_FLUSH_MS (a process killed meanwhile loses it). `durable`: the answer is sent once the instance is committed.
             * @enum {string|null}
             */
            record_guarantee?: "buffered" | "durable" | null;
            /** @description Every evaluation answers with a signed receipt (as `receipt: true` on evaluate). Default false. */
            receipts?: boolean | null;
        };
        SubmitModelVersionRequest: {
            /** @description The approval policy that reviews the version (required at the first submission; a resubmission keeps it). */
            approval_policy_id?: string;
            /** @description For a resubmission after requested changes. */
            comment?: string;
        };
        PublishModelVersionRequest: {
            /** @description Why this earlier version goes live again. */
            reason: string;
        };
        ModelRelease: {
            /** @example rel_01jd2x0m3f8q4w7e5r6t9y2v1k */
            id: string;
            /** @constant */
            object: "model_release";
            model_id: string;
            version: string;
            /** @description The version it retired (null for a model's first release). */
            replaced_version: string | null;
            /** @enum {string} */
            kind: "review" | "rollback";
            /** @description Why (rollbacks). */
            reason: string | null;
            /** @description The release decision that approved it (reviews). */
            decision_id: string | null;
            released_by: components["schemas"]["Actor"];
            /**
             * Format: date-time
             * @description When it went live.
             */
            released_at: string;
        };
        ModelReleaseList: {
            data: components["schemas"]["ModelRelease"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        SimulateModelRequest: {
            /** @description The unsaved content: a JDM decision graph (an object, as an upload's `graph`) or a DMN model's XML (a string, as an upload's `dmn`). Checked with the same compile and schema checks as an upload; every problem is a 422 entry whose `path` points into it (`/content/nodes/3/content/rules/7/<column id>` names a cell of a decision table; a DMN problem is at `/content`, naming the element). */
            content: Record<string, unknown> | string;
            /** @description As an upload's `input_schema`. A JDM graph without it takes the model's newest version's input schema; a DMN model's is derived when not given. */
            input_schema?: Record<string, unknown>;
            /** @description As an upload's `output_schema`. A JDM graph without it takes the model's newest version's output schema; a DMN model's is derived when not given. */
            output_schema?: Record<string, unknown>;
            /** @description Inputs to test the graph with at upload (any JSON the input schema allows). Omitted: built from each input's default, example, enum or bounds. */
            sample_inputs?: Record<string, unknown>;
            /** @description Input name → value, checked against the working copy's input schema. */
            inputs: Record<string, unknown>;
            /**
             * @description Include the per-node trace (matched rules are answered either way).
             * @default true
             */
            trace?: boolean;
            /**
             * @description Also run a stored version on the same inputs and answer the differences: `published`, a version number (`"3"`), or null (no comparison). A version the model does not have is a 422 at `/compare_with`.
             * @default null
             */
            compare_with?: string | null;
        };
        ModelSimulation: {
            /** @constant */
            object: "model_simulation";
            model_id: string;
            /** @description The working copy on the inputs. */
            working: {
                /** @description The outputs as the content produced them (as evaluate answers them). */
                outputs: Record<string, unknown>;
                /** @description Per node evaluated (DMN: per decision), as evaluate answers it; left out with `trace: false`. */
                trace?: components["schemas"]["ModelEvaluationTraceStep"][];
                /** @description Per decision table evaluated (JDM: a `decisionTableNode`; DMN: a decision whose expression is a table), the rules that matched: their ids (`_id`, DMN: the rule's `id`) and positions (0-based), in table order. */
                matched_rules: {
                    node_id: string;
                    name: string;
                    rule_ids: (string | null)[];
                    rule_indexes: number[];
                }[];
                /** @description The engine's time for this evaluation, in milliseconds. */
                duration_ms: number;
            } | {
                error: {
                    /**
                     * @description `model_evaluation_failed`: the engine failed on the inputs (`node_id` names where); `validation_failed` (the compared version only): the inputs do not match that version's input schema (`errors`); `no_published_version`: `compare_with` is `published` and nothing is.
                     * @enum {string}
                     */
                    code: "model_evaluation_failed" | "validation_failed" | "no_published_version";
                    message: string;
                    node_id?: string;
                    errors?: {
                        path: string;
                        message: string;
                    }[];
                };
            };
            /** @description With `compare_with`: the stored version on the same inputs. */
            compared?: {
                /** @description The version compared with. */
                version: string;
                /** @description The outputs as the content produced them (as evaluate answers them). */
                outputs: Record<string, unknown>;
                /** @description Per node evaluated (DMN: per decision), as evaluate answers it; left out with `trace: false`. */
                trace?: components["schemas"]["ModelEvaluationTraceStep"][];
                /** @description Per decision table evaluated (JDM: a `decisionTableNode`; DMN: a decision whose expression is a table), the rules that matched: their ids (`_id`, DMN: the rule's `id`) and positions (0-based), in table order. */
                matched_rules: {
                    node_id: string;
                    name: string;
                    rule_ids: (string | null)[];
                    rule_indexes: number[];
                }[];
                /** @description The engine's time for this evaluation, in milliseconds. */
                duration_ms: number;
            } | {
                error: {
                    /**
                     * @description `model_evaluation_failed`: the engine failed on the inputs (`node_id` names where); `validation_failed` (the compared version only): the inputs do not match that version's input schema (`errors`); `no_published_version`: `compare_with` is `published` and nothing is.
                     * @enum {string}
                     */
                    code: "model_evaluation_failed" | "validation_failed" | "no_published_version";
                    message: string;
                    node_id?: string;
                    errors?: {
                        path: string;
                        message: string;
                    }[];
                };
            };
            /** @description Where the two outputs differ, one entry per differing value: `path` a JSON Pointer into the outputs (`/discount/rate`), `working` and `compared` the two values (null where one has none). Empty without a comparison, or when either failed. */
            differences: {
                path: string;
                working: unknown;
                compared: unknown;
            }[];
            /** @description Time taken to answer, in milliseconds. */
            duration_ms: number;
        };
        SimulateModelTestsRequest: {
            /** @description The unsaved content: a JDM decision graph (an object, as an upload's `graph`) or a DMN model's XML (a string, as an upload's `dmn`). Checked with the same compile and schema checks as an upload; every problem is a 422 entry whose `path` points into it (`/content/nodes/3/content/rules/7/<column id>` names a cell of a decision table; a DMN problem is at `/content`, naming the element). */
            content: Record<string, unknown> | string;
            /** @description As an upload's `input_schema`. A JDM graph without it takes the model's newest version's input schema; a DMN model's is derived when not given. */
            input_schema?: Record<string, unknown>;
            /** @description As an upload's `output_schema`. A JDM graph without it takes the model's newest version's output schema; a DMN model's is derived when not given. */
            output_schema?: Record<string, unknown>;
            /** @description Inputs to test the graph with at upload (any JSON the input schema allows). Omitted: built from each input's default, example, enum or bounds. */
            sample_inputs?: Record<string, unknown>;
        };
        /** @description A test run's report (see `ModelTestRun`) for the working copy, not stored: no id, no `created_at`. */
        ModelSuiteSimulation: {
            /** @constant */
            object: "model_suite_simulation";
            model_id: string;
            /**
             * @description `passed` when every case passed.
             * @enum {string}
             */
            status: "passed" | "failed";
            passed: number;
            failed: number;
            /** @description As a test run's: per decision table the rules hit and `never_hit` (index, id, description), per switch the branches taken and never taken, `rule_coverage_percent`. */
            coverage: Record<string, unknown>;
            /** @description As a test run's cases, in the order the cases were added. */
            cases: Record<string, unknown>[];
            duration_ms: number;
        };
        CreateModelReplayRequest: {
            /** @description The version to replay the live runs against, normally a draft. */
            version: string;
            /**
             * @description How many of the latest completed live runs (or recorded instances) to replay.
             * @default 1000
             */
            limit?: number;
            /**
             * @description Where the inputs come from: the published version's completed live runs (`scenarios`), or its last recorded decision instances that kept their inputs (`instances`: evaluate, scenario and batch traffic, test runs left out). With `instances`, a report's `scenario_id` fields hold instance ids.
             * @default scenarios
             * @enum {string}
             */
            source?: "scenarios" | "instances";
            /** @description A numeric change counts when |after − before| > absolute + relative × |before|. Default `{"absolute": 1e-9, "relative": 0}`. */
            tolerance?: {
                absolute?: number;
                relative?: number;
            };
        };
        /**
         * @example {
         *       "id": "rpl_01jd3m2n4p5q6r7s8t9v0w1x2y",
         *       "object": "model_replay",
         *       "model_id": "mdl_01jd3m2n4p5q6r7s8t9v0w1x2z",
         *       "version": "2",
         *       "baseline_version": "1",
         *       "status": "completed",
         *       "limit": 1000,
         *       "source": "scenarios",
         *       "tolerance": {
         *         "absolute": 1e-9,
         *         "relative": 0
         *       },
         *       "progress": {
         *         "total": 2,
         *         "processed": 2
         *       },
         *       "report": {
         *         "runs": 2,
         *         "runs_compared": 2,
         *         "runs_skipped": 0,
         *         "runs_failing": 0,
         *         "metrics": [
         *           {
         *             "metric": "discount_rate",
         *             "runs_compared": 2,
         *             "changed": 1,
         *             "mean_abs_change": 0.025,
         *             "max_abs_change": 0.05,
         *             "mean_rel_change": 0.5,
         *             "max_rel_change": 0.5,
         *             "largest_changes": [
         *               {
         *                 "scenario_id": "scn_01jd3m2n4p5q6r7s8t9v0w1x30",
         *                 "before": 0.1,
         *                 "after": 0.15,
         *                 "abs_change": 0.05,
         *                 "rel_change": 0.5
         *               }
         *             ]
         *           }
         *         ],
         *         "failing": []
         *       },
         *       "error": null,
         *       "workflow_id": "model_replay/rpl_01jd3m2n4p5q6r7s8t9v0w1x2y",
         *       "created_by": {
         *         "type": "api_key",
         *         "id": "key_01jd3k9x7y8z0a1b2c3d4e5f6g"
         *       },
         *       "created_at": "2026-11-28T10:00:00.000Z",
         *       "updated_at": "2026-11-28T10:00:02.000Z",
         *       "completed_at": "2026-11-28T10:00:02.000Z"
         *     }
         */
        ModelReplay: {
            /** @description `rpl_…` */
            id: string;
            /** @constant */
            object: "model_replay";
            model_id: string;
            /** @description The version replayed. */
            version: string;
            /** @description The published version the live runs ran, when the replay started. */
            baseline_version: string;
            /**
             * @description `queued` → `running` → `completed` (report available), `failed` (a batch failed on every attempt; start a new replay) or `cancelled` (the report covers the batches done).
             * @enum {string}
             */
            status: "queued" | "running" | "completed" | "failed" | "cancelled";
            limit: number;
            /** @enum {string} */
            source: "scenarios" | "instances";
            /** @description The tolerance as applied. */
            tolerance: {
                absolute?: number;
                relative?: number;
            };
            progress: {
                /** @description Runs in the snapshot taken when the replay started. */
                total: number;
                /** @description Runs replayed so far (each counted once, whatever worker retried what). */
                processed: number;
            };
            /** @description Once completed (or cancelled): the comparison. */
            report: {
                /** @description Runs in the snapshot. */
                runs: number;
                /** @description Runs the version evaluated without error. */
                runs_compared: number;
                /** @description Runs deleted since the replay started. */
                runs_skipped: number;
                /** @description Runs that now fail (every one, even past the listed ones). */
                runs_failing: number;
                /** @description Per output metric, by name. */
                metrics: {
                    /** @description An output metric (a flattened output name, as scenarios store it). */
                    metric: string;
                    /** @description Runs evaluated without error where either side has this metric. */
                    runs_compared: number;
                    /** @description Runs whose value changed beyond the tolerance: |after − before| > absolute + relative × |before| for numbers; any difference otherwise. */
                    changed: number;
                    /** @description Mean |after − before| over the runs where both values are numbers (null if none). */
                    mean_abs_change: number | null;
                    max_abs_change: number | null;
                    /** @description Mean relative change over the runs where both are numbers and before is not 0. */
                    mean_rel_change: number | null;
                    max_rel_change: number | null;
                    /** @description The 20 largest numeric changes (ties: the newer run first). */
                    largest_changes: {
                        scenario_id: string;
                        /** @description The value the live run stored. */
                        before: number | string | null;
                        /** @description The value the replayed version gives on the same inputs. */
                        after: number | string | null;
                        /** @description |after − before|. */
                        abs_change: number;
                        /** @description |after − before| / |before|; null when before is 0. */
                        rel_change: number | null;
                    }[];
                }[];
                /** @description The first 100 runs that now fail, newest first, with why. */
                failing: {
                    scenario_id: string;
                    /**
                     * @description `inputs_invalid`: the stored inputs no longer satisfy the version's input schema; `evaluation_failed`: the engine failed; `output_invalid`: the output does not match the output schema; `evaluation_budget_exceeded`: past EXPRESSION_BUDGET_MS.
                     * @enum {string}
                     */
                    code: "inputs_invalid" | "evaluation_failed" | "output_invalid" | "evaluation_budget_exceeded";
                    message: string;
                }[];
            } | null;
            error: {
                code: string;
                detail: string;
            } | null;
            /** @description The Temporal workflow running the replay (`model_replay/rpl_…`). */
            workflow_id: string;
            created_by: components["schemas"]["Actor"];
            /**
             * Format: date-time
             * @description When the replay was started.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description Last status or progress change.
             */
            updated_at: string;
            /**
             * Format: date-time
             * @description When it completed, failed or was cancelled.
             */
            completed_at: string | null;
        };
        ModelReplayList: {
            data: components["schemas"]["ModelReplay"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        DecisionInstance: {
            /** @constant */
            object: "decision_instance";
            /** @description `din_<ulid>`, minted when the evaluation ran (ids sort by time). */
            id: string;
            model_id: string;
            version: string;
            /** @enum {string} */
            format: "jdm" | "dmn" | "builtin";
            /**
             * @description Where the evaluation came from.
             * @enum {string}
             */
            source: "evaluate" | "scenario" | "batch" | "test";
            caller: components["schemas"]["Actor"];
            /** @description The request's Idempotency-Key, if it had one. */
            idempotency_key?: string | null;
            correlation_id: string | null;
            /** @description The inputs as given; null when the policy keeps only their hash. */
            inputs: unknown;
            inputs_kept: boolean;
            /** @description SHA-256 (hex) of the canonical JSON of the inputs as given (keys sorted, no whitespace). */
            inputs_sha256: string;
            outputs: Record<string, unknown> | null;
            /** @description Per decision table and switch evaluated, what matched. */
            hits: {
                /** @description The decision table or switch (JDM node id; DMN decision's id). */
                node_id: string;
                /** @description Decision tables: the rules that matched, by id (`#<index>` for a rule without one). */
                rules?: string[];
                /** @description Switches: the branches taken, by id. */
                branches?: string[];
            }[];
            /** @enum {string} */
            status: "succeeded" | "failed";
            error: {
                code?: string;
                message?: string;
                node_id?: string;
            } | null;
            /** @description The engine's time. */
            duration_ms: number;
            /**
             * Format: date-time
             * @description When it was evaluated.
             */
            evaluated_at: string;
            /**
             * Format: date
             * @description The day from which it may be deleted (evaluation day + the retention in force when written; deleted within the month after). null under a legal hold.
             */
            expires_on: string | null;
            /** @description Kept past retention by its model's legal hold. */
            legal_hold: boolean;
            /** @description The receipt its answer carried, if one was asked for. */
            receipt: string | null;
            /** @description With `trace=true` on `GET /decision-instances/{id}`: the evaluation traced again (its version is immutable) on the kept inputs; null when only the hash was kept. */
            trace?: unknown[] | null;
            /** @description With `trace=true`: whether the outputs came out as recorded. */
            reproduced?: boolean | null;
        };
        DecisionInstanceList: {
            data: components["schemas"]["DecisionInstance"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        RuleHits: {
            /** @constant */
            object: "rule_hits";
            model_id: string;
            version: string;
            /**
             * Format: date-time
             * @description Start of the range (taken to the hour).
             */
            from: string;
            /**
             * Format: date-time
             * @description End of the range.
             */
            to: string;
            /** @enum {string} */
            bucket: "hour" | "day";
            /** @description Decision instances recorded of the version in the range. */
            evaluations: number;
            /** @description Every decision table and switch of the version, with each rule's (branch's) hits. */
            nodes: {
                node_id?: string;
                name?: string;
                /** @enum {string} */
                kind?: "decision_table" | "switch";
                rules?: {
                    rule?: string;
                    index?: number;
                    label?: string;
                    hits?: number;
                }[];
            }[];
            /** @description Rules and branches no recorded instance in the range hit. */
            never_hit: {
                node_id?: string;
                rule?: string;
                label?: string;
            }[];
            /** @description Per bucket with any instance (UTC): the evaluations and the hits by `node:rule`. */
            series: {
                /** Format: date-time */
                bucket?: string;
                evaluations?: number;
                hits?: {
                    [key: string]: number;
                };
            }[];
        };
        PlaceLegalHoldRequest: {
            reason: string;
        };
        /** @description The values one input column takes in a region: `any`; `intervals` (numbers, dates, date-times, times, durations) with open or closed bounds; `values` (strings, booleans, enum members, null; `negated`: every value except these); `not_analysed` (the cell text and why the analysis could not read it). */
        ColumnRegion: {
            /** @constant */
            kind: "any";
        } | {
            /** @constant */
            kind: "intervals";
            /** @enum {string} */
            type: "number" | "date" | "date-time" | "time" | "duration";
            intervals: {
                /** @description One end of an interval; null is unbounded. `value`: a decimal (numbers) or ISO 8601 text (dates, times). */
                from: {
                    value: string;
                    inclusive: boolean;
                } | null;
                /** @description One end of an interval; null is unbounded. `value`: a decimal (numbers) or ISO 8601 text (dates, times). */
                to: {
                    value: string;
                    inclusive: boolean;
                } | null;
            }[];
        } | {
            /** @constant */
            kind: "values";
            values: (string | number | boolean | null)[];
            negated: boolean;
        } | {
            /** @constant */
            kind: "not_analysed";
            text: string;
            reason: string;
        };
        /** @description A box of input space, keyed by the input column's label (its field or expression); a missing key is `any`. */
        Region: {
            [key: string]: components["schemas"]["ColumnRegion"];
        };
        DecisionTableAnalysis: {
            /** @description The JDM node id, or the DMN element id holding the table. */
            node: string;
            name: string;
            /** @description Where an upload's 422 would point at this table (`/graph/nodes/1`). */
            path: string;
            /** @example first */
            hit_policy: string;
            rules: number;
            rule_ids: (string | null)[];
            /** @description Each input column and its domain (from the input schema, or the DMN input values / item definition). */
            inputs: {
                label: string;
                domain: components["schemas"]["ColumnRegion"];
            }[];
            /** @description Input combinations no rule matches, as few boxes as the analysis could merge them into. */
            gaps: {
                region: components["schemas"]["Region"];
                /** @example age in [18..21), income < 0 */
                text: string;
            }[];
            /** @description Rules matching a common region: `error` under Unique, `warning` under Any with different outputs, `info` where the hit policy expects it. */
            overlaps: {
                rules: number[];
                region: components["schemas"]["Region"];
                /** @enum {string} */
                severity: "error" | "warning" | "info";
                text: string;
            }[];
            /** @description A rule contained in another with the same outputs (redundant). */
            subsumed: {
                /** @description A rule, numbered from 1 in table order. */
                rule: number;
                /** @description A rule, numbered from 1 in table order. */
                by: number;
                /** @enum {string} */
                severity: "error" | "warning" | "info";
            }[];
            /** @description A rule that never fires (First, Priority): the rules in `by` together cover all of it first. */
            masked: {
                /** @description A rule, numbered from 1 in table order. */
                rule: number;
                by: number[];
                /** @enum {string} */
                severity: "error" | "warning" | "info";
            }[];
            /** @description Two rules differing in one column, with adjacent cells and the same outputs: they could be one rule. */
            contractions: {
                rules: number[];
                region: components["schemas"]["Region"];
            }[];
            domain_violations: {
                /** @description A rule, numbered from 1 in table order. */
                rule: number;
                column: string;
                /** @enum {string} */
                side: "input" | "output";
                message: string;
                /** @enum {string} */
                severity: "error" | "warning" | "info";
            }[];
            /** @description Suggestions on the hit policy (e.g. a First table without overlaps could be Unique). */
            advice: {
                code: string;
                message: string;
            }[];
            /** @description Cells the analysis could not interpret (function calls, references to other inputs, …): never treated as "any"; the findings that depend on them are incomplete. */
            not_analysed: {
                /** @description A rule, numbered from 1 in table order. */
                rule: number;
                column: string;
                text: string;
                reason: string;
            }[];
            /** @description False when a cell was not analysed or the search stopped at its region limit. */
            complete: boolean;
        };
        ModelVersionAnalysis: {
            /** @constant */
            object: "model_version_analysis";
            model_id: string;
            version: string;
            /** @enum {string} */
            format: "jdm" | "dmn";
            /** @description The content revision analysed. */
            content_revision: number;
            /** @description How long the analysis took, in the sandbox and back. */
            duration_ms: number;
            /** @description Every decision table of the version (JDM decision-table nodes; DMN decisions' and BKMs' tables). */
            tables: components["schemas"]["DecisionTableAnalysis"][];
            /** @description Every table analysed completely. */
            complete: boolean;
            summary: {
                tables: number;
                errors: number;
                warnings: number;
                infos: number;
                gaps: number;
                overlaps: number;
                masked: number;
                subsumed: number;
                domain_violations: number;
                not_analysed: number;
            };
        };
        /** @description The release gate: for each kind of finding of the decision-table analysis, `block` (a submission is refused with 422 naming each table and finding), `warn` (the submission goes on; the findings travel with the review as warnings) or `off`. `overlaps_unique`: rules matching the same inputs where the hit policy promises one answer (Unique; Any with different outputs) — overlaps under First, Priority, Collect and Rule order are by design and never gate; `gaps`: inputs no rule matches; `masked`: rules that never fire because earlier (or higher-priority) rules cover all of them; `subsumed`: rules covered by another with the same outputs; `domain_violations`: a condition or output outside its column's domain (schema enum and bounds, DMN allowed values); `not_analysed`: cells the analysis could not interpret, an analysis cut short at its region limit, or one that ran past its time budget. Defaults: `overlaps_unique` and `domain_violations` block, the rest warn. */
        VerificationPolicy: {
            /** @enum {string} */
            overlaps_unique: "block" | "warn" | "off";
            /** @enum {string} */
            gaps: "block" | "warn" | "off";
            /** @enum {string} */
            masked: "block" | "warn" | "off";
            /** @enum {string} */
            subsumed: "block" | "warn" | "off";
            /** @enum {string} */
            domain_violations: "block" | "warn" | "off";
            /** @enum {string} */
            not_analysed: "block" | "warn" | "off";
        };
        /** @description Only the findings set here; the others fall through to the default. */
        VerificationPolicyOverrides: {
            /** @enum {string} */
            overlaps_unique?: "block" | "warn" | "off";
            /** @enum {string} */
            gaps?: "block" | "warn" | "off";
            /** @enum {string} */
            masked?: "block" | "warn" | "off";
            /** @enum {string} */
            subsumed?: "block" | "warn" | "off";
            /** @enum {string} */
            domain_violations?: "block" | "warn" | "off";
            /** @enum {string} */
            not_analysed?: "block" | "warn" | "off";
        };
        /** @description What the release gate saw at submission: the policy applied, the analysis's summary, and the findings it passed on as warnings (at most 50 listed; `warnings_total` counts all). The same is kept on the release decision (`model_release.verification`). */
        ModelVerificationVerdict: {
            policy: components["schemas"]["VerificationPolicy"];
            summary: Record<string, unknown>;
            complete: boolean;
            warnings: {
                /** @enum {string} */
                finding: "overlaps_unique" | "gaps" | "masked" | "subsumed" | "domain_violations" | "not_analysed";
                /** @description The table's name. */
                table: string;
                /** @description The JDM node id or DMN element id holding the table. */
                node: string;
                /** @description JSON Pointer into the analysis (`GET …/analysis`): `/tables/0/gaps/1`. */
                path: string;
                message: string;
            }[];
            warnings_total: number;
        };
        ModelSettings: {
            /** @constant */
            object: "model_settings";
            /** @description The tenant's default verification policy (the service's default where it sets nothing). */
            verification: components["schemas"]["VerificationPolicy"];
            verification_overrides: components["schemas"]["VerificationPolicyOverrides"];
            /** @enum {string} */
            record_evaluations?: "off" | "sampled" | "all";
            record_sample_rate?: number | null;
            record_inputs?: boolean;
            /** @enum {string} */
            record_guarantee?: "buffered" | "durable";
            receipts?: boolean;
            /** @description How long decision instances are kept (days): the tenant's setting, else its plan's (starter 30, professional 90, enterprise 365). */
            decision_instance_retention_days?: number;
            /** @description The tenant's own setting; null: the plan's applies. */
            decision_instance_retention_days_set?: number | null;
            updated_by: components["schemas"]["Actor"] | null;
            /** Format: date-time */
            updated_at: string | null;
        };
        UpdateModelSettingsRequest: {
            /** @description The release gate: for each kind of finding of the decision-table analysis, `block` (a submission is refused with 422 naming each table and finding), `warn` (the submission goes on; the findings travel with the review as warnings) or `off`. `overlaps_unique`: rules matching the same inputs where the hit policy promises one answer (Unique; Any with different outputs) — overlaps under First, Priority, Collect and Rule order are by design and never gate; `gaps`: inputs no rule matches; `masked`: rules that never fire because earlier (or higher-priority) rules cover all of them; `subsumed`: rules covered by another with the same outputs; `domain_violations`: a condition or output outside its column's domain (schema enum and bounds, DMN allowed values); `not_analysed`: cells the analysis could not interpret, an analysis cut short at its region limit, or one that ran past its time budget. Defaults: `overlaps_unique` and `domain_violations` block, the rest warn. Merged into what is set: each finding named is set, `null` removes that override (the default applies again), and `null` for the whole object removes every override. */
            verification?: {
                /** @enum {string|null} */
                overlaps_unique?: "block" | "warn" | "off" | null;
                /** @enum {string|null} */
                gaps?: "block" | "warn" | "off" | null;
                /** @enum {string|null} */
                masked?: "block" | "warn" | "off" | null;
                /** @enum {string|null} */
                subsumed?: "block" | "warn" | "off" | null;
                /** @enum {string|null} */
                domain_violations?: "block" | "warn" | "off" | null;
                /** @enum {string|null} */
                not_analysed?: "block" | "warn" | "off" | null;
            } | null;
            /**
             * @description Which evaluations become decision instances: `off`, `sampled` (each with probability `record_sample_rate`) or `all`. null: inherit (model → tenant → `off`).
             * @enum {string|null}
             */
            record_evaluations?: "off" | "sampled" | "all" | null;
            /** @description With `sampled`: the share recorded (0 < rate ≤ 1). */
            record_sample_rate?: number | null;
            /** @description true (default): an instance keeps its inputs. false: only their SHA-256 (of the canonical JSON), for personal data; such instances cannot be re-traced or replayed. */
            record_inputs?: boolean | null;
            /**
             * @description `buffered` (default): the answer is sent at once and the instance written within DECISION_INSTANCE_FLUSH_MS (a process killed meanwhile loses it). `durable`: the answer is sent once the instance is committed.
             * @enum {string|null}
             */
            record_guarantee?: "buffered" | "durable" | null;
            /** @description Every evaluation answers with a signed receipt (as `receipt: true` on evaluate). Default false. */
            receipts?: boolean | null;
            /** @description Days decision instances are kept, applied to instances written from now on (null: the plan's). Enforced by dropping whole months of instances: one is deleted within the month after its day comes. */
            decision_instance_retention_days?: number | null;
        };
        GenerateModelTestCasesRequest: {
            /** @description false (default): the cases are proposed and nothing is stored. true: they are added to the suite (201) as an import adds them, all or none. */
            accept?: boolean;
            /** @description Each case is named `<name_prefix> <n>: <why>` (default "generated"). */
            name_prefix?: string;
        };
        GeneratedModelTestCases: {
            /** @constant */
            object: "generated_test_cases";
            model_id: string;
            version: string;
            /** @description Whether the cases were added to the suite (`accept: true`). */
            stored: boolean;
            /** @description The proposed cases, each in the shape `POST /models/{id}/test-cases/import` takes (`name`, `inputs`, `expected`, `expected_rules`), with `reason`, `table` and `rule` saying why it was proposed; stored, each has its `id` as well. */
            cases: {
                /** @description Stored cases only. */
                id?: string;
                name: string;
                inputs: Record<string, unknown>;
                /** @description What the version answers on the inputs. */
                expected: Record<string, unknown>;
                expected_rules?: string[] | null;
                reason: string;
                table: string;
                rule?: number;
            }[];
            /** @description Points the generator proposed that make no case: inputs the input schema refuses, an engine error, or no output there (a gap). */
            skipped: {
                inputs: Record<string, unknown>;
                reason: string;
                problem: string;
            }[];
            /** @description Rules no input fires, so no case can hit: masked, matching nothing in the domain, or not analysed. */
            unreachable_rules: {
                table: string;
                /** @description A rule, numbered from 1 in table order. */
                rule: number;
                reason: string;
            }[];
            /** @description Tables no case is generated for: their inputs are not all model inputs (they read other nodes’ outputs, or expressions). */
            skipped_tables: {
                table: string;
                reason: string;
            }[];
            /** @description The rules the proposed cases hit when evaluated (`rules_hit` of `rules_total`, as a test run counts them), and the never-hit rules per table. */
            coverage: {
                rules_total: number;
                rules_hit: number;
                rule_coverage_percent: number;
                decision_tables: Record<string, unknown>[];
            };
        };
        /**
         * Distribution
         * @description A probability distribution for one numeric input in a Monte Carlo simulation.
         */
        Distribution: {
            /** @constant */
            dist: "triangular";
            /** @description Lowest possible value. */
            min: number;
            /** @description Most likely value. */
            mode: number;
            /** @description Highest possible value. */
            max: number;
        } | {
            /** @constant */
            dist: "uniform";
            /** @description Lower bound. */
            min: number;
            /** @description Upper bound. */
            max: number;
        } | {
            /** @constant */
            dist: "normal";
            /** @description Mean. */
            mean: number;
            /** @description Standard deviation; positive. */
            sd: number;
            /** @description Optional lower clamp. */
            min?: number;
            /** @description Optional upper clamp. */
            max?: number;
        } | {
            /** @constant */
            dist: "lognormal";
            /** @description Mean of the logarithm. */
            mu: number;
            /** @description Standard deviation of the logarithm; positive. */
            sigma: number;
        } | {
            /** @constant */
            dist: "discrete";
            /** @description The possible values. */
            values: number[];
            /** @description Relative probability of each value; non-negative. */
            weights?: number[];
        };
        AuditEvent: {
            sequence: number;
            /** @description received, validated, workflow_started, model_executed (model version, SHA-256 of the canonical inputs), model_failed, run_failed, result_stored, updated, deleted. */
            event: string;
            /**
             * Format: date-time
             * @description When it happened.
             */
            at: string;
            actor: components["schemas"]["Actor"];
            /**
             * @description `api`: the request handler. `worker`: the run's Temporal activity (for a quick run it may execute in the runner of the API process that took the request, started eagerly).
             * @enum {string}
             */
            recorded_by: "api" | "worker";
            details: Record<string, unknown>;
        };
        Note: {
            /** @enum {string} */
            kind: "assumption" | "default_applied" | "warning" | "info";
            message: string;
            input?: string;
        };
        /** @description How the result was reached: the alternatives considered, the criteria, the derivation steps and the recommendation. */
        DecisionStructure: {
            alternatives: Record<string, unknown>[];
            criteria: Record<string, unknown>[];
            derivation: Record<string, unknown>[];
            recommendation?: Record<string, unknown>;
            /** @description Model-specific detail: per-period tables, or the JDM engine trace per node. */
            details?: Record<string, unknown>;
        };
        Scenario: {
            /** @example scn_01jd2x0m3f8q4w7e5r6t9y2v1k */
            id: string;
            /** @constant */
            object: "scenario";
            name?: string | null;
            description?: string | null;
            tags?: string[];
            model_id: string;
            /** @description The exact model version this run used. */
            model_version: string;
            /**
             * @description Lifecycle: `running` (accepted and started; the model is executing) → `completed` (results stored) | `failed` (the model could not run on these inputs, or the run could not be executed after retries; see `error`). Changing a scenario's inputs starts a new run (`run_number` + 1) from `running` again, keeping the previous run in its history. `pending` and `cancelled` occur for batch items.
             * @enum {string}
             */
            status: "pending" | "running" | "completed" | "failed" | "cancelled";
            run_number?: number;
            /**
             * @description The inputs as run, with the model's defaults applied.
             * @example {
             *       "arrival_rate_per_hour": 100,
             *       "average_handle_time_seconds": 180,
             *       "target_service_level": 0.8,
             *       "target_answer_time_seconds": 20
             *     }
             */
            inputs: {
                [key: string]: string | number;
            };
            uncertainty?: {
                [key: string]: components["schemas"]["Distribution"];
            } | null;
            /** @description `runs`, `seed` and, once run, `results`: per metric `mean`, `sd`, `p5`, `p50`, `p95`, `min`, `max`, and `sensitivity` (inputs ranked by |Spearman correlation|). */
            simulation?: Record<string, unknown> | null;
            /** @description Output metrics (null until completed). */
            metrics: {
                [key: string]: number | string;
            } | null;
            decision_structure: components["schemas"]["DecisionStructure"] | null;
            /** @description Assumptions, defaults applied, warnings (inputs outside the validated range, extrapolation). */
            notes: components["schemas"]["Note"][];
            /** @description The current run's inputs bound to dataset aggregates, as resolved (null: none). */
            input_bindings?: {
                [key: string]: components["schemas"]["ResolvedInputBinding"];
            } | null;
            /** @description Ordered events of the current run, fit to feed downstream systems unchanged. */
            audit_trail: components["schemas"]["AuditEvent"][];
            /** @description On `failed`: a problem object (`type`, `title`, `status`, `code`, `detail`); `code` is one of `model_execution_failed`, `model_not_found`, `version_not_found` (422) or `run_not_executed` (503), listed in ProblemCode. */
            error?: Record<string, unknown> | null;
            /** @description SHA-256 of the canonical JSON of `inputs`. */
            inputs_sha256?: string;
            /** @description The Temporal workflow of the current run. A quick run, once stored, names the tenant's run lane that executed it (`scenario_run_lane/{tenant_id}`; until then, and for a run that run recovery gave a workflow of its own, `scenario/{id}/run-{n}`); a simulation, and every run with SCENARIO_RUN_MODE=workflow, has its own (`scenario/{id}/run-{n}`). `run_id` names that workflow's run. */
            workflow_id?: string | null;
            /** @description The Temporal run id of the current run. */
            run_id?: string | null;
            batch_id?: string | null;
            created_by?: components["schemas"]["Actor"];
            /** @description Who asked for the current run: the creator for run 1, whoever re-ran it (`PATCH` of inputs, uncertainty, simulation or model version) since. Each past run in `/runs` keeps its own. */
            run_by?: components["schemas"]["Actor"];
            /**
             * Format: date-time
             * @description Creation time.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description Last change.
             */
            updated_at: string;
            /**
             * Format: date-time
             * @description When the current run finished.
             */
            completed_at?: string | null;
        };
        ScenarioList: {
            data: components["schemas"]["Scenario"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        ScenarioRunList: {
            data: Record<string, unknown>[];
            next_cursor: string | null;
        };
        CreateScenarioRequest: {
            /** @example mdl_workforce_cost_projection */
            model_id: string;
            /** @description Run this exact version (default: latest). */
            model_version?: string;
            /**
             * @description Input name → value (string or number; a date as its RFC 3339 string, an enum as its value). Names, types, bounds and defaults come from the model's input schema. Inputs that are booleans, lists or objects cannot be given to a scenario: such models are evaluated (`POST /models/{id}/evaluate`) and tested with any JSON their schema allows.
             * @example {
             *       "arrival_rate_per_hour": 100,
             *       "average_handle_time_seconds": 180,
             *       "target_service_level": 0.8,
             *       "target_answer_time_seconds": 20
             *     }
             */
            inputs: {
                [key: string]: string | number;
            };
            name?: string;
            description?: string;
            /** @description Free labels to filter by. */
            tags?: string[];
            /**
             * @description Optional: numeric inputs given as probability distributions instead of (or besides) a number. The run then also performs a seeded Monte Carlo simulation and returns each metric's mean, sd and p5/p50/p95 and a sensitivity ranking of the inputs. An input given only here takes its distribution's central value (mode, midpoint, mean) in the base run.
             * @example {
             *       "arrival_rate_per_hour": {
             *         "dist": "triangular",
             *         "min": 80,
             *         "mode": 100,
             *         "max": 140
             *       }
             *     }
             */
            uncertainty?: {
                [key: string]: components["schemas"]["Distribution"];
            };
            /** @description Simulation settings (with `uncertainty`). The seed is recorded; the same seed reproduces the same results. */
            simulation?: {
                /** @description Number of Monte Carlo runs (default 1000). */
                runs?: number;
                /** @description Default: a random seed, recorded in the scenario. */
                seed?: number;
            };
            /** @description Our addition to the spec's body: inputs whose values come from a synced dataset instead of `inputs` (an input given both ways is a 422 at `/input_bindings/<input>`). Each is resolved when the run starts, before the inputs are checked against the model; the value is frozen into the scenario's `inputs`, and the dataset, filter, metric, and the sync and time the data came from are recorded in its audit trail (`inputs_bound`) and shown in `input_bindings`, so the run can be reproduced after the data changes. A binding that does not resolve (unknown dataset or field, the average of no records) is a 422 naming `/input_bindings/<input>`. A rerun (PATCH) keeps the frozen values of the inputs it does not change. Batches take literal inputs only. */
            input_bindings?: {
                [key: string]: components["schemas"]["ScenarioInputBinding"];
            };
        };
        /**
         * @example {
         *       "dataset": "employees",
         *       "metric": {
         *         "function": "avg",
         *         "field": "salary"
         *       },
         *       "filter": {
         *         "status": "active",
         *         "department": "Engineering"
         *       }
         *     }
         */
        ScenarioInputBinding: {
            /** @description The dataset (`employees`). */
            dataset: string;
            /** @description One aggregate, as in `POST /datasets/{name}/aggregate`. */
            metric: {
                /** @enum {string} */
                function: "count" | "sum" | "avg" | "min" | "max" | "percentile";
                field?: string;
                percentile?: number;
            };
            filter?: components["schemas"]["DatasetFilter"];
            /** @description A sync id (`syn_…`) or an RFC 3339 time; default: the data when the run starts. */
            as_of?: string;
        };
        ResolvedInputBinding: {
            dataset: string;
            metric: Record<string, unknown>;
            filter: Record<string, unknown> | null;
            /** @description The `as_of` the binding gave (null: the data when the run started). */
            as_of_requested: string | null;
            /** @description The value frozen into `inputs`. */
            value: number | string;
            /** @description The sync the data came from (null: no sync had finished by then). */
            sync_id: string | null;
            /**
             * Format: date-time
             * @description The point in the dataset's history the value was read at.
             */
            at: string;
        };
        /** @description Name, description and tags change in place. `inputs`, `uncertainty`, `simulation` or `model_version` start a new run. `inputs` is a JSON Merge Patch (RFC 7396) onto the current run's inputs: `{"inputs": {"arrival_rate_per_hour": 120}}` re-runs with that one input changed and every other input kept; `null` removes an input, so its model default applies again (inputs the service filled in — defaults, central values of distributions — are filled in again for the new run, not frozen). `uncertainty` merges by input name: a distribution replaces that input's distribution whole, `null` for a name removes it, and `"uncertainty": null` removes them all; removing the last one also ends the simulation. `simulation` replaces the settings whole. */
        UpdateScenarioRequest: {
            name?: string | null;
            description?: string | null;
            /** @description Free labels to filter by. */
            tags?: string[];
            /**
             * @description JSON Merge Patch (RFC 7396) onto the current run's inputs: each value given replaces that input, `null` removes it (its default, if any, applies again); inputs not named are kept.
             * @example {
             *       "arrival_rate_per_hour": 120
             *     }
             */
            inputs?: {
                [key: string]: string | number | null;
            };
            /** @description Re-run on this exact version. Default: the published version when `inputs` change, else the current one; a draft run (`draft_run: true`) keeps its draft version, which only its author may run (anyone else gets 422 naming `/model_version` and may name a released version). */
            model_version?: string;
            uncertainty?: {
                [key: string]: components["schemas"]["Distribution"] | null;
            } | null;
            simulation?: {
                /** @description Number of Monte Carlo runs (default 1000). */
                runs?: number;
                /** @description Default: a random seed, recorded in the scenario. */
                seed?: number;
            } | null;
        };
        CompareScenariosRequest: {
            scenario_ids: string[];
            /** @description Deltas are against this scenario (default: the first). */
            baseline_id?: string;
        };
        ScenarioComparison: {
            /** @constant */
            object: "scenario_comparison";
            baseline_id: string;
            scenario_ids: string[];
            /** @description Per shared metric: values side by side, absolute and relative deltas against the baseline, and the best scenario(s) where the model declares a direction. */
            metrics: {
                metric: string;
                /** @enum {string|null} */
                direction: "higher_is_better" | "lower_is_better" | null;
                values: Record<string, unknown>;
                absolute_delta: Record<string, unknown>;
                relative_delta: Record<string, unknown>;
                best: string[] | null;
            }[];
            /** @description Metrics only some scenarios have (different models), with the scenarios that have them. */
            not_comparable: {
                metric?: string;
                present_in?: string[];
            }[];
        };
        CreateBatchRequest: {
            items: {
                model_id: string;
                model_version?: string;
                /**
                 * @description Input name → value (string or number; a date as its RFC 3339 string, an enum as its value). Names, types, bounds and defaults come from the model's input schema. Inputs that are booleans, lists or objects cannot be given to a scenario: such models are evaluated (`POST /models/{id}/evaluate`) and tested with any JSON their schema allows.
                 * @example {
                 *       "arrival_rate_per_hour": 100,
                 *       "average_handle_time_seconds": 180,
                 *       "target_service_level": 0.8,
                 *       "target_answer_time_seconds": 20
                 *     }
                 */
                inputs: {
                    [key: string]: string | number;
                };
                name?: string;
                /** @description Free labels to filter by. */
                tags?: string[];
            }[];
            /**
             * @description Compare the batch's completed scenarios when it finishes.
             * @default false
             */
            compare?: boolean;
        };
        ScenarioBatch: {
            /** @example bat_01jd2x0m3f8q4w7e5r6t9y2v1k */
            id: string;
            /** @constant */
            object: "scenario_batch";
            /**
             * @description `running` → `completed` when every valid item ran (items that fail do not fail the batch), or `cancelled` after a cancel (items already run keep their scenarios).
             * @enum {string}
             */
            status: "running" | "completed" | "cancelled";
            progress: {
                total: number;
                /** @description completed + failed */
                done: number;
                completed: number;
                failed: number;
                /** @description Refused up front; never run. */
                invalid: number;
                cancelled: number;
                pending: number;
            };
            /** @description The scenarios created so far, in item order. */
            scenario_ids?: string[];
            invalid_items?: {
                index?: number;
                errors?: Record<string, unknown>[];
            }[];
            /** @description With `compare: true`, once finished: a full comparison for up to 20 scenarios, else a per-metric summary (range, mean, best). */
            comparison?: Record<string, unknown> | null;
            workflow_id?: string;
            created_by?: components["schemas"]["Actor"];
            /**
             * Format: date-time
             * @description Creation time.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description Last change.
             */
            updated_at?: string;
            /**
             * Format: date-time
             * @description When the batch finished.
             */
            completed_at?: string | null;
        };
        /**
         * @description The decision's state. Transitions (each through the decision's approval workflow once submitted):
         *     - `draft` → (POST …/submit) `pending_approval` at the first step that applies (`current_step` k of the policy's n steps);
         *     - `pending_approval` → (POST …/approve, enough approvals on the last step) `approved`; (POST …/reject) `rejected`; (POST …/request-changes) `changes_requested`; (POST …/withdraw) `withdrawn`; (the step's final deadline passes) `expired`;
         *     - `changes_requested` → (PATCH, evidence) edits → (POST …/resubmit) `pending_approval`: if options, the chosen option or evidence changed, approvals given so far are dismissed and the review restarts at the first step; otherwise it resumes at the step that asked; (POST …/withdraw) `withdrawn`;
         *     - `approved` → (POST …/implement) `implemented` → (POST …/close) `closed`.
         *     `rejected`, `withdrawn`, `expired` and `closed` are final.
         * @enum {string}
         */
        DecisionStatus: "draft" | "pending_approval" | "changes_requested" | "approved" | "rejected" | "withdrawn" | "expired" | "implemented" | "closed";
        /** @description The exact run the decision is based on, as it was when linked. Re-runs, edits or deletion of the scenario never change it. */
        ScenarioSnapshot: {
            scenario_id: string;
            model_id: string;
            model_version: string;
            run_number: number;
            inputs_sha256: string;
            metrics: Record<string, unknown>;
            /**
             * Format: date-time
             * @description When that run completed.
             */
            completed_at: string;
            /**
             * Format: date-time
             * @description When the decision linked it.
             */
            frozen_at: string;
        };
        DecisionOption: {
            /** @description An option's id: `opt_1` for the first option, `opt_2` for the second, … */
            id: string;
            label: string;
            description: string;
            scenario_id: string | null;
            scenario_snapshot: components["schemas"]["ScenarioSnapshot"] | null;
            /** @description Whether the scenario has moved on since it was linked: re-run (another run number or inputs) or deleted. Null without a link. */
            scenario_moved_on: boolean | null;
        };
        Decision: {
            /** @example dec_01jd2x0m3f8q4w7e5r6t9y2v1k */
            id: string;
            /** @constant */
            object: "decision";
            title: string;
            context: string;
            options: components["schemas"]["DecisionOption"][];
            chosen_option: string | null;
            rationale: string | null;
            owner_id: string | null;
            tags: string[];
            /** @description Set on a release decision: the model version it reviews (and the content revision submitted). */
            model_release?: {
                model_id?: string;
                version?: number;
                content_revision?: number;
                /** @description The release gate's verdict on the version's decision tables at its (latest) submission. */
                verification?: components["schemas"]["ModelVerificationVerdict"];
            } | null;
            /**
             * Format: date-time
             * @description When the decision is due.
             */
            due_at: string | null;
            status: components["schemas"]["DecisionStatus"];
            /** @description The approval policy it runs under, once submitted. */
            approval_policy_id: string | null;
            /** @description The policy version frozen at submission. */
            approval_policy_version: number | null;
            /** @description The policy step (1-based) awaiting approval while `pending_approval`; the step that asked for changes while `changes_requested`; null otherwise (the history records where a review ended). */
            current_step: number | null;
            /** @description The approvals of the current review round, in order, each attributed to a person. */
            approvals: components["schemas"]["DecisionApproval"][];
            /** @description 0 for a draft, 1 once submitted, +1 per resubmission. */
            review_round: number;
            /** @description The frozen policy version's steps as they stand for this decision. */
            approval_steps: {
                number: number;
                name: string;
                approvals_required: number;
                /** @description False when the step's condition is false for the chosen option's scenario: it is skipped. */
                applies: boolean;
                approvals_given: number;
                /** @enum {string} */
                status: "pending" | "awaiting_approval" | "approved" | "skipped" | "changes_requested";
            }[];
            /**
             * Format: date-time
             * @description When the current step's SLA passes (then it escalates).
             */
            step_sla_due_at: string | null;
            /**
             * Format: date-time
             * @description When the current step's final deadline passes (then the decision expires); null without one.
             */
            step_deadline_at: string | null;
            /** @description Whether the current step's SLA has passed: its escalation target may act on it too. */
            escalated: boolean;
            /** @description Who may act on the current step now (before separation of duties): roles and named people. */
            awaiting: {
                roles: string[];
                user_ids: string[];
            };
            outcome_reviews_at: string[];
            /** @description How many outcome review dates have been announced (`decision.outcome.due`). */
            outcome_reviews_done: number;
            /**
             * Format: date-time
             * @description When it was submitted for approval.
             */
            submitted_at: string | null;
            /** @description Whether any linked scenario (in an option or attached evidence) has moved on since it was linked. */
            scenario_moved_on: boolean;
            created_by: components["schemas"]["Actor"];
            updated_by: components["schemas"]["Actor"];
            /**
             * Format: date-time
             * @description Creation time.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description Last change.
             */
            updated_at: string;
        };
        DecisionList: {
            data: components["schemas"]["Decision"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        CreateDecisionRequest: {
            title: string;
            /** @description The question being decided, and its background. */
            context?: string;
            /** @description The options, 2 to 20, identified by position (`opt_1`, `opt_2`, …). Linking a scenario freezes its current run. Sending the options again keeps the snapshot of a scenario the decision already links: to base an option on a newer run, unlink the scenario and link it again. */
            options: {
                label: string;
                description?: string;
                /** @description A completed scenario of this tenant (`scn_…`): its current run is frozen into the decision. */
                scenario_id?: string | null;
            }[];
            /** @description An option's id: `opt_1` for the first option, `opt_2` for the second, … */
            chosen_option?: string | null;
            rationale?: string | null;
            /** @description The accountable person: a member of this tenant (`usr_…`). */
            owner_id?: string | null;
            tags?: string[];
            /**
             * Format: date-time
             * @description When the decision is due (RFC 3339).
             */
            due_at?: string | null;
            /** @description Dates at which outcomes should be reviewed. Once the decision is approved, its workflow emits `decision.outcome.due` at each (dates already past at approval are announced then); closing the decision cancels those not yet due. */
            outcome_reviews_at?: string[];
        };
        /** @description The fields to change; `null` clears `chosen_option`, `rationale`, `owner_id` or `due_at`. `options` replaces the whole list. */
        UpdateDecisionRequest: {
            title?: string;
            /** @description The question being decided, and its background. */
            context?: string;
            /** @description The options, 2 to 20, identified by position (`opt_1`, `opt_2`, …). Linking a scenario freezes its current run. Sending the options again keeps the snapshot of a scenario the decision already links: to base an option on a newer run, unlink the scenario and link it again. */
            options?: {
                label: string;
                description?: string;
                /** @description A completed scenario of this tenant (`scn_…`): its current run is frozen into the decision. */
                scenario_id?: string | null;
            }[];
            /** @description An option's id: `opt_1` for the first option, `opt_2` for the second, … */
            chosen_option?: string | null;
            rationale?: string | null;
            /** @description The accountable person: a member of this tenant (`usr_…`). */
            owner_id?: string | null;
            tags?: string[];
            /**
             * Format: date-time
             * @description When the decision is due (RFC 3339).
             */
            due_at?: string | null;
            /** @description Dates at which outcomes should be reviewed. Once the decision is approved, its workflow emits `decision.outcome.due` at each (dates already past at approval are announced then); closing the decision cancels those not yet due. */
            outcome_reviews_at?: string[];
        };
        /** @description One evidence item per request, by `type`. */
        AttachEvidenceRequest: {
            /** @constant */
            type: "link";
            title?: string;
            /** Format: uri */
            url: string;
        } | {
            /** @constant */
            type: "note";
            title?: string;
            text: string;
        } | {
            /** @constant */
            type: "document";
            title?: string;
            name: string;
            media_type: string;
            size_bytes: number;
            /** @description Lowercase hex SHA-256 of the document, computed by the client (no file is stored). */
            sha256: string;
        } | {
            /** @constant */
            type: "scenario";
            title?: string;
            /** @description A completed scenario of this tenant (`scn_…`): its current run is frozen into the decision. */
            scenario_id: string;
        } | {
            /** @constant */
            type: "dataset_snapshot";
            title?: string;
            /** @description The dataset's name or id in your own systems. */
            dataset: string;
            /** @description The snapshot or version of it. */
            snapshot_id: string;
            /** Format: uri */
            uri?: string;
        };
        /** @description An evidence item, with its type's fields (`url`; `text`; `name`, `media_type`, `size_bytes`, `sha256`; `scenario_snapshot` and `scenario_moved_on`; `dataset`, `snapshot_id`, `uri`). */
        DecisionEvidence: {
            /** @example evd_01jd2x0m3f8q4w7e5r6t9y2v1k */
            id: string;
            /** @constant */
            object: "decision_evidence";
            decision_id: string;
            /** @enum {string} */
            type: "link" | "note" | "document" | "scenario" | "dataset_snapshot";
            title: string | null;
            url?: string;
            text?: string;
            name?: string;
            media_type?: string;
            size_bytes?: number;
            sha256?: string;
            scenario_snapshot?: components["schemas"]["ScenarioSnapshot"];
            scenario_moved_on?: boolean;
            dataset?: string;
            snapshot_id?: string;
            uri?: string;
            attached_by: components["schemas"]["Actor"];
            /**
             * Format: date-time
             * @description When it was attached.
             */
            attached_at: string;
            detached_by: components["schemas"]["Actor"] | null;
            /**
             * Format: date-time
             * @description When it was detached; null while attached.
             */
            detached_at: string | null;
        };
        DecisionEvidenceList: {
            data: components["schemas"]["DecisionEvidence"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        /** @description One change, as recorded in the tenant's hash-chained audit log. */
        DecisionHistoryEntry: {
            /** @description The audit record's sequence number in the tenant's chain. */
            sequence: number;
            audit_record_id?: string;
            /**
             * Format: date-time
             * @description When the change committed.
             */
            occurred_at: string;
            actor: components["schemas"]["Actor"];
            /** @enum {string} */
            action: "decision.created" | "decision.updated" | "decision.deleted" | "decision.evidence_attached" | "decision.evidence_detached" | "decision.submitted" | "decision.step.approved" | "decision.approved" | "decision.rejected" | "decision.changes_requested" | "decision.resubmitted" | "decision.step.escalated" | "decision.step.reminder" | "decision.step.reassigned" | "decision.commented" | "decision.withdrawn" | "decision.expired" | "decision.implemented" | "decision.closed" | "decision.outcome.due" | "decision.outcome_recorded" | "decision.outcome_kpi_linked" | "decision.outcome_kpi_unlinked";
            /** @description What changed: for updates `changes` with `from`/`to` per field; for evidence the item's id and type. */
            payload: Record<string, unknown>;
        };
        DecisionHistory: {
            data: components["schemas"]["DecisionHistoryEntry"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        DecisionComparison: components["schemas"]["ScenarioComparison"] & {
            decision_id: string;
            /** @description The compared options (ids as in `values`, `best` and `baseline_id`) and the frozen run each stands for. */
            options: {
                id: string;
                label: string;
                scenario_id: string;
                run_number: number;
            }[];
        };
        DecisionApproval: {
            step: number;
            user_id: string;
            comment: string | null;
            /**
             * Format: date-time
             * @description When it was given.
             */
            approved_at: string;
        };
        SubmitDecisionRequest: {
            /** @description The approval policy (`apl_…`); its current version is frozen onto the decision. */
            approval_policy_id?: string;
        };
        ApprovalActionRequest: {
            /** @description The step the caller saw (`current_step`) and means to act on. */
            expected_step: number;
            comment?: string;
        };
        DecisionCommentRequest: {
            comment: string;
        };
        OptionalCommentRequest: {
            comment?: string;
        };
        ReassignStepRequest: {
            /** @description The current or a later step of the frozen policy version. */
            step: number;
            /** @description The new approvers of that step, for this decision only: a role or named members, not both. */
            approvers: {
                /** @enum {string} */
                role?: "analyst" | "approver" | "admin";
                user_ids?: string[];
            };
            comment?: string;
        };
        ApprovalTask: {
            /** @constant */
            object: "approval_task";
            /**
             * @description What awaits approval: a decision, or the review of a model version (its release decision, named by `decision_id`).
             * @enum {string}
             */
            item_kind?: "decision" | "model_review";
            /** @example dec_01jd2x0m3f8q4w7e5r6t9y2v1k */
            decision_id: string;
            title: string;
            /** @description The current step (1-based): send it as `expected_step`. */
            step: number;
            step_name: string;
            approvals_required: number;
            approvals_given: number;
            approval_policy_id: string;
            approval_policy_version: number;
            /**
             * Format: date-time
             * @description When the decision was submitted.
             */
            submitted_at: string;
            /**
             * Format: date-time
             * @description When the step's SLA passes (or passed, if `escalated`).
             */
            sla_due_at: string | null;
            /**
             * Format: date-time
             * @description When the step's final deadline passes; null without one.
             */
            deadline_at: string | null;
            escalated: boolean;
        };
        ApprovalInbox: {
            data: components["schemas"]["ApprovalTask"][];
        };
        RecordDecisionOutcomeRequest: {
            /**
             * @description The metric observed, 1–100 characters, on one line, without leading or trailing spaces: e.g. a metric of the chosen option's scenario run.
             * @example scheduled_agents
             */
            metric: string;
            /** @description What was expected of the metric. Default: the metric in the chosen option's frozen scenario run. */
            expected_value?: number;
            /** @description What was observed. */
            actual_value: number;
            /**
             * Format: date-time
             * @description When it was observed (RFC 3339); not in the future. Stored to the millisecond.
             */
            observed_at: string;
            note?: string;
            /** @description The outcome (`out_…`) this one corrects. */
            supersedes?: string;
        };
        DecisionOutcome: {
            /** @example out_01jd2x0m3f8q4w7e5r6t9y2v1k */
            id: string;
            /** @constant */
            object: "decision_outcome";
            decision_id: string;
            metric: string;
            expected_value: number;
            /**
             * @description `given` in the request, or `scenario_snapshot`: taken from the chosen option's frozen scenario run.
             * @enum {string}
             */
            expected_source: "given" | "scenario_snapshot";
            actual_value: number;
            /** @description actual − expected (unrounded). Positive when the actual value is above the expected one. */
            variance: number | null;
            /** @description (actual − expected) / |expected| × 100, unrounded; null when the expected value is 0. */
            relative_variance_percent: number | null;
            /**
             * Format: date-time
             * @description When it was observed.
             */
            observed_at: string;
            note: string | null;
            /** @description The earlier outcome this one corrects. */
            supersedes: string | null;
            /** @description The later outcome that corrects this one, if any. */
            superseded_by: string | null;
            recorded_by: components["schemas"]["Actor"];
            /**
             * Format: date-time
             * @description When it was recorded.
             */
            recorded_at: string;
        };
        DecisionOutcomeList: {
            data: components["schemas"]["DecisionOutcome"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        DecisionOutcomeSummary: {
            /** @constant */
            object: "decision_outcome_summary";
            decision_id: string;
            decision_status: components["schemas"]["DecisionStatus"];
            chosen_option: string | null;
            /**
             * Format: date-time
             * @description When the decision was approved (its last step completed); null before.
             */
            approved_at: string | null;
            /** @description One entry per metric with outcomes, and one per metric linked to a KPI, by name. */
            metrics: {
                metric: string;
                /**
                 * @description `outcomes` recorded by hand, or `kpi`: the metric is linked to a KPI (`POST …/outcome-kpis`) and its observations are the KPI's periods.
                 * @enum {string}
                 */
                source: "outcomes" | "kpi";
                /** @description source `kpi`: the link (`okl_…`). */
                link_id?: string;
                /** @description source `kpi`: the KPI that feeds the metric. */
                kpi_id?: string;
                /** @description source `kpi`: the KPI's name, unit and period; null if the KPI has been deleted since (then there are no observations). */
                kpi?: {
                    name?: string;
                    unit?: string | null;
                    /** @enum {string} */
                    aggregation_period?: "day" | "week" | "month" | "quarter";
                } | null;
                /**
                 * Format: date-time
                 * @description source `kpi`: points count from this time on (the decision's approval).
                 */
                from?: string;
                /** @description source `outcomes`: the expected value of the latest observation (each observation keeps its own); source `kpi`: the link's. */
                expected_value: number;
                /**
                 * @description `given` in the request, or `scenario_snapshot`: taken from the chosen option's frozen scenario run.
                 * @enum {string}
                 */
                expected_source: "given" | "scenario_snapshot";
                /** @description How many outcomes of this metric stand (superseded ones excluded), or how many KPI periods have points since the approval. */
                observation_count: number;
                /** @description Expected against actual over time: the latest 100 observations (standing outcomes, or KPI periods), oldest first. */
                observations: ({
                    /** @constant */
                    source: "outcome";
                    /** @example out_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    outcome_id: string;
                    /**
                     * Format: date-time
                     * @description When it was observed.
                     */
                    observed_at: string;
                    expected_value: number;
                    /**
                     * @description `given` in the request, or `scenario_snapshot`: taken from the chosen option's frozen scenario run.
                     * @enum {string}
                     */
                    expected_source: "given" | "scenario_snapshot";
                    actual_value: number;
                    /** @description actual − expected (unrounded). Positive when the actual value is above the expected one. */
                    variance: number | null;
                    /** @description (actual − expected) / |expected| × 100, unrounded; null when the expected value is 0. */
                    relative_variance_percent: number | null;
                } | {
                    /** @constant */
                    source: "kpi";
                    /** @example kpi_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    kpi_id: string;
                    /** @description The KPI period (UTC; weeks from Monday). The first one counts only the points from the approval on. */
                    period: {
                        /**
                         * Format: date-time
                         * @description Start of the period (inclusive).
                         */
                        start: string;
                        /**
                         * Format: date-time
                         * @description End of the period (exclusive).
                         */
                        end: string;
                    };
                    /**
                     * Format: date-time
                     * @description The latest point counted in the period.
                     */
                    observed_at: string;
                    /** @description How many KPI points the period's value averages. */
                    point_count: number;
                    /** @description The link's expected value. */
                    expected_value: number;
                    /**
                     * @description `given` in the request, or `scenario_snapshot`: taken from the chosen option's frozen scenario run.
                     * @enum {string}
                     */
                    expected_source: "given" | "scenario_snapshot";
                    /** @description The average of the period's points. */
                    actual_value: number;
                    /** @description actual − expected (unrounded). Positive when the actual value is above the expected one. */
                    variance: number | null;
                    /** @description (actual − expected) / |expected| × 100, unrounded; null when the expected value is 0. */
                    relative_variance_percent: number | null;
                })[];
                /** @description The latest observation; null only for a KPI-fed metric whose KPI has no points since the approval. */
                latest: {
                    /** @constant */
                    source: "outcome";
                    /** @example out_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    outcome_id: string;
                    /**
                     * Format: date-time
                     * @description When it was observed.
                     */
                    observed_at: string;
                    expected_value: number;
                    /**
                     * @description `given` in the request, or `scenario_snapshot`: taken from the chosen option's frozen scenario run.
                     * @enum {string}
                     */
                    expected_source: "given" | "scenario_snapshot";
                    actual_value: number;
                    /** @description actual − expected (unrounded). Positive when the actual value is above the expected one. */
                    variance: number | null;
                    /** @description (actual − expected) / |expected| × 100, unrounded; null when the expected value is 0. */
                    relative_variance_percent: number | null;
                } | {
                    /** @constant */
                    source: "kpi";
                    /** @example kpi_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    kpi_id: string;
                    /** @description The KPI period (UTC; weeks from Monday). The first one counts only the points from the approval on. */
                    period: {
                        /**
                         * Format: date-time
                         * @description Start of the period (inclusive).
                         */
                        start: string;
                        /**
                         * Format: date-time
                         * @description End of the period (exclusive).
                         */
                        end: string;
                    };
                    /**
                     * Format: date-time
                     * @description The latest point counted in the period.
                     */
                    observed_at: string;
                    /** @description How many KPI points the period's value averages. */
                    point_count: number;
                    /** @description The link's expected value. */
                    expected_value: number;
                    /**
                     * @description `given` in the request, or `scenario_snapshot`: taken from the chosen option's frozen scenario run.
                     * @enum {string}
                     */
                    expected_source: "given" | "scenario_snapshot";
                    /** @description The average of the period's points. */
                    actual_value: number;
                    /** @description actual − expected (unrounded). Positive when the actual value is above the expected one. */
                    variance: number | null;
                    /** @description (actual − expected) / |expected| × 100, unrounded; null when the expected value is 0. */
                    relative_variance_percent: number | null;
                } | null;
            }[];
        };
        LinkDecisionOutcomeKpiRequest: {
            /**
             * @description The metric observed, 1–100 characters, on one line, without leading or trailing spaces: e.g. a metric of the chosen option's scenario run.
             * @example scheduled_agents
             */
            metric: string;
            /** @description The KPI (`kpi_…`) whose points are the metric's actual values. */
            kpi_id: string;
            /** @description What was expected of the metric. Default: the metric in the chosen option's frozen scenario run. */
            expected_value?: number;
        };
        DecisionOutcomeKpi: {
            /** @example okl_01jd2x0m3f8q4w7e5r6t9y2v1k */
            id: string;
            /** @constant */
            object: "decision_outcome_kpi";
            decision_id: string;
            metric: string;
            kpi_id: string;
            expected_value: number;
            /**
             * @description `given` in the request, or `scenario_snapshot`: taken from the chosen option's frozen scenario run.
             * @enum {string}
             */
            expected_source: "given" | "scenario_snapshot";
            /**
             * Format: date-time
             * @description The KPI's points count from this time on: the decision's approval.
             */
            from: string;
            linked_by: components["schemas"]["Actor"];
            /**
             * Format: date-time
             * @description When the link was made.
             */
            linked_at: string;
        };
        DecisionOutcomeKpiList: {
            data: components["schemas"]["DecisionOutcomeKpi"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        ApprovalStep: {
            /** @description Unique within the version (case-insensitive). */
            name: string;
            /** @description How many different people must approve. With `user_ids`, at most as many as are named. One person counts once per decision. */
            approvals_required: number;
            /** @description Who may approve this step. Exactly one of `role` or `user_ids`. */
            approvers: {
                /**
                 * @description Any member with this role (roles that hold `decisions:write`).
                 * @enum {string}
                 */
                role?: "analyst" | "approver" | "admin";
                /** @description Named members of this tenant (`usr_…`). */
                user_ids?: string[];
            };
            /** @description How long the step may wait before it escalates. An ISO 8601 duration of whole weeks, days, hours, minutes and seconds (`PT4H`, `P2D`, `P1DT12H`, `PT30S`), from 1 second to 90 days. Years and months are refused (no fixed length). */
            sla: string;
            escalate_to: {
                /**
                 * @description Any member with this role (roles that hold `decisions:write`).
                 * @enum {string}
                 */
                role?: "analyst" | "approver" | "admin";
                /** @description Named members of this tenant (`usr_…`). */
                user_ids?: string[];
            } | null;
            deadline: string | null;
            /** @description Run the step only when this zen-engine expression (the JDM models' expression language) is true over the linked scenario's metrics, e.g. `total_cost > 1000000`. Checked at upload: it must parse and compile, and may not read the clock or draw random numbers. Checked and evaluated off the API's event loop within the expression budget (EXPRESSION_BUDGET_MS): past it at upload, 422 naming the condition. */
            condition: string | null;
            /** @description The SLA in seconds. */
            sla_seconds: number;
            /** @description The deadline in seconds; null without one. */
            deadline_seconds: number | null;
        };
        /** @description Separation-of-duties options. Always enforced besides these, once the approval workflow exists: the owner cannot approve their own decision, one person counts once per decision, and a person who edited the decision during review cannot approve it. */
        ApprovalPolicyFlags: {
            /** @description Whether the author of a scenario the decision links is barred from approving it (default false). */
            scenario_author_cannot_approve?: boolean;
        };
        /** @description One version of a policy. Immutable. */
        ApprovalPolicyVersion: {
            /** @constant */
            object: "approval_policy_version";
            policy_id: string;
            version: number;
            steps: components["schemas"]["ApprovalStep"][];
            flags: components["schemas"]["ApprovalPolicyFlags"];
            created_by: components["schemas"]["Actor"];
            /**
             * Format: date-time
             * @description When the version was created.
             */
            created_at: string;
        };
        ApprovalPolicyVersionList: {
            data: components["schemas"]["ApprovalPolicyVersion"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        ApprovalPolicy: {
            /** @example apl_01jd2x0m3f8q4w7e5r6t9y2v1k */
            id: string;
            /** @constant */
            object: "approval_policy";
            name: string;
            description: string;
            /** @description The version new submissions will run under. */
            current_version: number;
            /**
             * Format: date-time
             * @description When the policy was archived (no new versions); null while active.
             */
            archived_at: string | null;
            /** @description The current version, or the one `?version=` asked for. */
            version: components["schemas"]["ApprovalPolicyVersion"];
            created_by: components["schemas"]["Actor"];
            updated_by: components["schemas"]["Actor"];
            /**
             * Format: date-time
             * @description Creation time.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description Last change (a new version, archiving).
             */
            updated_at: string;
        };
        ApprovalPolicyList: {
            data: components["schemas"]["ApprovalPolicy"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        CreateApprovalPolicyRequest: {
            name: string;
            description?: string;
            /** @description The ordered steps, 1 to 10. */
            steps: {
                /** @description Unique within the version (case-insensitive). */
                name: string;
                /** @description How many different people must approve. With `user_ids`, at most as many as are named. One person counts once per decision. */
                approvals_required: number;
                /** @description Who may approve this step. Exactly one of `role` or `user_ids`. */
                approvers: {
                    /**
                     * @description Any member with this role (roles that hold `decisions:write`).
                     * @enum {string}
                     */
                    role?: "analyst" | "approver" | "admin";
                    /** @description Named members of this tenant (`usr_…`). */
                    user_ids?: string[];
                };
                /** @description How long the step may wait before it escalates. An ISO 8601 duration of whole weeks, days, hours, minutes and seconds (`PT4H`, `P2D`, `P1DT12H`, `PT30S`), from 1 second to 90 days. Years and months are refused (no fixed length). */
                sla: string;
                escalate_to?: {
                    /**
                     * @description Any member with this role (roles that hold `decisions:write`).
                     * @enum {string}
                     */
                    role?: "analyst" | "approver" | "admin";
                    /** @description Named members of this tenant (`usr_…`). */
                    user_ids?: string[];
                } | null;
                deadline?: string | null;
                /** @description Run the step only when this zen-engine expression (the JDM models' expression language) is true over the linked scenario's metrics, e.g. `total_cost > 1000000`. Checked at upload: it must parse and compile, and may not read the clock or draw random numbers. Checked and evaluated off the API's event loop within the expression budget (EXPRESSION_BUDGET_MS): past it at upload, 422 naming the condition. */
                condition?: string | null;
            }[];
            /** @description Separation-of-duties options. Always enforced besides these, once the approval workflow exists: the owner cannot approve their own decision, one person counts once per decision, and a person who edited the decision during review cannot approve it. */
            flags?: {
                /** @description Whether the author of a scenario the decision links is barred from approving it (default false). */
                scenario_author_cannot_approve?: boolean;
            };
        };
        CreateApprovalPolicyVersionRequest: {
            /** @description The ordered steps, 1 to 10. */
            steps: {
                /** @description Unique within the version (case-insensitive). */
                name: string;
                /** @description How many different people must approve. With `user_ids`, at most as many as are named. One person counts once per decision. */
                approvals_required: number;
                /** @description Who may approve this step. Exactly one of `role` or `user_ids`. */
                approvers: {
                    /**
                     * @description Any member with this role (roles that hold `decisions:write`).
                     * @enum {string}
                     */
                    role?: "analyst" | "approver" | "admin";
                    /** @description Named members of this tenant (`usr_…`). */
                    user_ids?: string[];
                };
                /** @description How long the step may wait before it escalates. An ISO 8601 duration of whole weeks, days, hours, minutes and seconds (`PT4H`, `P2D`, `P1DT12H`, `PT30S`), from 1 second to 90 days. Years and months are refused (no fixed length). */
                sla: string;
                escalate_to?: {
                    /**
                     * @description Any member with this role (roles that hold `decisions:write`).
                     * @enum {string}
                     */
                    role?: "analyst" | "approver" | "admin";
                    /** @description Named members of this tenant (`usr_…`). */
                    user_ids?: string[];
                } | null;
                deadline?: string | null;
                /** @description Run the step only when this zen-engine expression (the JDM models' expression language) is true over the linked scenario's metrics, e.g. `total_cost > 1000000`. Checked at upload: it must parse and compile, and may not read the clock or draw random numbers. Checked and evaluated off the API's event loop within the expression budget (EXPRESSION_BUDGET_MS): past it at upload, 422 naming the condition. */
                condition?: string | null;
            }[];
            /** @description Separation-of-duties options. Always enforced besides these, once the approval workflow exists: the owner cannot approve their own decision, one person counts once per decision, and a person who edited the decision during review cannot approve it. */
            flags?: {
                /** @description Whether the author of a scenario the decision links is barred from approving it (default false). */
                scenario_author_cannot_approve?: boolean;
            };
        };
        Kpi: {
            /** @example kpi_01jd2x0m3f8q4w7e5r6t9y2v1k */
            id: string;
            /** @constant */
            object: "kpi";
            name: string;
            description: string;
            unit: string | null;
            /** @enum {string} */
            direction: "higher_is_better" | "lower_is_better" | "target_band";
            /** @description A number for `higher_is_better` / `lower_is_better`; a band `{low, high}` (low ≤ high) for `target_band`. */
            target: number | {
                low: number;
                high: number;
            };
            /** @description Exactly one form: absolute `{value}` (higher/lower_is_better) or `{low, high}` (target_band), or relative `{percent}` (≥ 0) of the target: higher_is_better → target − |target|·percent/100; lower_is_better → target + |target|·percent/100; target_band → the band widened on each side by (high − low)·percent/100. It must not contradict the direction: for higher_is_better critical ≤ warning ≤ target, for lower_is_better critical ≥ warning ≥ target, for target_band critical ⊇ warning ⊇ target (else 422 naming the threshold), and a relative one must resolve to a finite number (`target: 1e308` with `{percent: 1000}` overflows: 422 naming the threshold). null removes it. */
            warning_threshold: {
                value?: number;
                low?: number;
                high?: number;
                percent?: number;
            } | null;
            /** @description Exactly one form: absolute `{value}` (higher/lower_is_better) or `{low, high}` (target_band), or relative `{percent}` (≥ 0) of the target: higher_is_better → target − |target|·percent/100; lower_is_better → target + |target|·percent/100; target_band → the band widened on each side by (high − low)·percent/100. It must not contradict the direction: for higher_is_better critical ≤ warning ≤ target, for lower_is_better critical ≥ warning ≥ target, for target_band critical ⊇ warning ⊇ target (else 422 naming the threshold), and a relative one must resolve to a finite number (`target: 1e308` with `{percent: 1000}` overflows: 422 naming the threshold). null removes it. */
            critical_threshold: {
                value?: number;
                low?: number;
                high?: number;
                percent?: number;
            } | null;
            /**
             * @description The period of the trend (and of alert evaluation).
             * @enum {string}
             */
            aggregation_period: "day" | "week" | "month" | "quarter";
            /** @description A member of the tenant (`usr_…`); anyone else, another tenant's members included, is a 422 naming `/owner_id`. */
            owner_id: string | null;
            tags: string[];
            /**
             * @description paused: points are still recorded, alerts are not evaluated; archived: read-only (no new points, 409 `kpi_archived`).
             * @enum {string}
             */
            status: "active" | "paused" | "archived";
            /** @description How long after a period ends alerting waits before judging it (late data). */
            evaluation_delay_seconds: number;
            /** @description The thresholds resolved to lines in the KPI's unit (a relative one computed from the target). */
            thresholds: {
                warning: number | {
                    low: number;
                    high: number;
                } | null;
                critical: number | {
                    low: number;
                    high: number;
                } | null;
            };
            source: {
                /** @enum {string} */
                type: "manual" | "model_output" | "dataset";
            };
            /** @description The latest point (by timestamp); null without points. */
            current: {
                /**
                 * Format: date-time
                 * @description The point's time.
                 */
                timestamp: string;
                value: number;
                scenario_id: string | null;
            } | null;
            /**
             * @description The current value against the target and thresholds.
             * @enum {string}
             */
            target_status: "on_track" | "at_risk" | "off_track" | "no_data";
            created_by: components["schemas"]["Actor"];
            /**
             * Format: date-time
             * @description Creation time.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description Last change.
             */
            updated_at: string;
        };
        KpiList: {
            data: components["schemas"]["Kpi"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        CreateKpiRequest: {
            name: string;
            description?: string;
            unit?: string | null;
            /** @enum {string} */
            direction: "higher_is_better" | "lower_is_better" | "target_band";
            /** @description A number for `higher_is_better` / `lower_is_better`; a band `{low, high}` (low ≤ high) for `target_band`. */
            target: number | {
                low: number;
                high: number;
            };
            /** @description Exactly one form: absolute `{value}` (higher/lower_is_better) or `{low, high}` (target_band), or relative `{percent}` (≥ 0) of the target: higher_is_better → target − |target|·percent/100; lower_is_better → target + |target|·percent/100; target_band → the band widened on each side by (high − low)·percent/100. It must not contradict the direction: for higher_is_better critical ≤ warning ≤ target, for lower_is_better critical ≥ warning ≥ target, for target_band critical ⊇ warning ⊇ target (else 422 naming the threshold), and a relative one must resolve to a finite number (`target: 1e308` with `{percent: 1000}` overflows: 422 naming the threshold). null removes it. */
            warning_threshold?: {
                value?: number;
                low?: number;
                high?: number;
                percent?: number;
            } | null;
            /** @description Exactly one form: absolute `{value}` (higher/lower_is_better) or `{low, high}` (target_band), or relative `{percent}` (≥ 0) of the target: higher_is_better → target − |target|·percent/100; lower_is_better → target + |target|·percent/100; target_band → the band widened on each side by (high − low)·percent/100. It must not contradict the direction: for higher_is_better critical ≤ warning ≤ target, for lower_is_better critical ≥ warning ≥ target, for target_band critical ⊇ warning ⊇ target (else 422 naming the threshold), and a relative one must resolve to a finite number (`target: 1e308` with `{percent: 1000}` overflows: 422 naming the threshold). null removes it. */
            critical_threshold?: {
                value?: number;
                low?: number;
                high?: number;
                percent?: number;
            } | null;
            /**
             * @description The period of the trend (and of alert evaluation).
             * @enum {string}
             */
            aggregation_period: "day" | "week" | "month" | "quarter";
            /** @description A member of the tenant (`usr_…`); anyone else, another tenant's members included, is a 422 naming `/owner_id`. */
            owner_id?: string | null;
            tags?: string[];
            /**
             * @description paused: points are still recorded, alerts are not evaluated; archived: read-only (no new points, 409 `kpi_archived`).
             * @enum {string}
             */
            status?: "active" | "paused" | "archived";
            /** @description How long after a period ends alerting waits before judging it (late data). */
            evaluation_delay_seconds?: number;
            /** @description `manual` (points posted through the API); `model_output`: every completed scenario of the model (with `scenario_tag` among its tags, if given) records a point of the output `metric`, carrying the scenario id; `dataset`: an aggregate over a synced dataset (stored and validated for shape; its recomputation after syncs is not wired yet). Any KPI also takes points posted through the API. */
            source?: {
                /** @constant */
                type: "manual";
            } | {
                /** @constant */
                type: "model_output";
                /** @description A built-in model or one of the tenant's (another tenant's answers like a missing one: 422). */
                model_id: string;
                /** @description A numeric property of the model's output schema (its latest version), else 422 naming `/source/metric`. */
                metric: string;
                scenario_tag?: string | null;
            } | {
                /** @constant */
                type: "dataset";
                dataset: string;
                metric: {
                    /** @enum {string} */
                    function: "count" | "sum" | "avg" | "min" | "max" | "percentile";
                    /** @description Required for every function but `count`. */
                    field?: string;
                    /** @description Required for (and only for) `percentile`. */
                    percentile?: number;
                };
                /** @description Field → value equality filter on the dataset's records. */
                filter?: Record<string, unknown>;
            };
        };
        /** @description Fields to change; the whole KPI is validated again (a new direction must agree with the target and thresholds). The source changes through PUT /kpis/{id}/source. */
        UpdateKpiRequest: {
            name?: string;
            description?: string;
            unit?: string | null;
            /** @enum {string} */
            direction?: "higher_is_better" | "lower_is_better" | "target_band";
            /** @description A number for `higher_is_better` / `lower_is_better`; a band `{low, high}` (low ≤ high) for `target_band`. */
            target?: number | {
                low: number;
                high: number;
            };
            /** @description Exactly one form: absolute `{value}` (higher/lower_is_better) or `{low, high}` (target_band), or relative `{percent}` (≥ 0) of the target: higher_is_better → target − |target|·percent/100; lower_is_better → target + |target|·percent/100; target_band → the band widened on each side by (high − low)·percent/100. It must not contradict the direction: for higher_is_better critical ≤ warning ≤ target, for lower_is_better critical ≥ warning ≥ target, for target_band critical ⊇ warning ⊇ target (else 422 naming the threshold), and a relative one must resolve to a finite number (`target: 1e308` with `{percent: 1000}` overflows: 422 naming the threshold). null removes it. */
            warning_threshold?: {
                value?: number;
                low?: number;
                high?: number;
                percent?: number;
            } | null;
            /** @description Exactly one form: absolute `{value}` (higher/lower_is_better) or `{low, high}` (target_band), or relative `{percent}` (≥ 0) of the target: higher_is_better → target − |target|·percent/100; lower_is_better → target + |target|·percent/100; target_band → the band widened on each side by (high − low)·percent/100. It must not contradict the direction: for higher_is_better critical ≤ warning ≤ target, for lower_is_better critical ≥ warning ≥ target, for target_band critical ⊇ warning ⊇ target (else 422 naming the threshold), and a relative one must resolve to a finite number (`target: 1e308` with `{percent: 1000}` overflows: 422 naming the threshold). null removes it. */
            critical_threshold?: {
                value?: number;
                low?: number;
                high?: number;
                percent?: number;
            } | null;
            /**
             * @description The period of the trend (and of alert evaluation).
             * @enum {string}
             */
            aggregation_period?: "day" | "week" | "month" | "quarter";
            /** @description A member of the tenant (`usr_…`); anyone else, another tenant's members included, is a 422 naming `/owner_id`. */
            owner_id?: string | null;
            tags?: string[];
            /**
             * @description paused: points are still recorded, alerts are not evaluated; archived: read-only (no new points, 409 `kpi_archived`).
             * @enum {string}
             */
            status?: "active" | "paused" | "archived";
            /** @description How long after a period ends alerting waits before judging it (late data). */
            evaluation_delay_seconds?: number;
        };
        /** @description `manual` (points posted through the API); `model_output`: every completed scenario of the model (with `scenario_tag` among its tags, if given) records a point of the output `metric`, carrying the scenario id; `dataset`: an aggregate over a synced dataset (stored and validated for shape; its recomputation after syncs is not wired yet). Any KPI also takes points posted through the API. */
        PutKpiSourceRequest: {
            /** @constant */
            type: "manual";
        } | {
            /** @constant */
            type: "model_output";
            /** @description A built-in model or one of the tenant's (another tenant's answers like a missing one: 422). */
            model_id: string;
            /** @description A numeric property of the model's output schema (its latest version), else 422 naming `/source/metric`. */
            metric: string;
            scenario_tag?: string | null;
        } | {
            /** @constant */
            type: "dataset";
            dataset: string;
            metric: {
                /** @enum {string} */
                function: "count" | "sum" | "avg" | "min" | "max" | "percentile";
                /** @description Required for every function but `count`. */
                field?: string;
                /** @description Required for (and only for) `percentile`. */
                percentile?: number;
            };
            /** @description Field → value equality filter on the dataset's records. */
            filter?: Record<string, unknown>;
        };
        /** @description One point (`timestamp`, `value`, `note`) or `points`: up to 10000 of them. All or nothing. */
        RecordKpiPointsRequest: {
            /**
             * Format: date-time
             * @description RFC 3339; from 1970-01-01T00:00:00Z to one day after now; millisecond precision.
             */
            timestamp?: string;
            /** @description A finite number. */
            value?: number;
            note?: string | null;
            points?: {
                /**
                 * Format: date-time
                 * @description RFC 3339; from 1970-01-01T00:00:00Z to one day after now; millisecond precision.
                 */
                timestamp: string;
                /** @description A finite number. */
                value: number;
                note?: string | null;
            }[];
        };
        KpiPointsRecorded: {
            /** @constant */
            object: "kpi_points_recorded";
            kpi_id: string;
            count: number;
            /** @description Points that replaced an earlier value at the same timestamp (kept in its history). */
            replaced: number;
            /**
             * Format: date-time
             * @description The earliest timestamp posted.
             */
            first_timestamp: string;
            /**
             * Format: date-time
             * @description The latest timestamp posted.
             */
            last_timestamp: string;
        };
        KpiPoint: {
            /**
             * Format: date-time
             * @description The time the value is for.
             */
            timestamp: string;
            value: number;
            note: string | null;
            /** @description The completed scenario that recorded it (model_output KPIs). */
            scenario_id: string | null;
            /**
             * @description How it was recorded: posted, by a completed scenario (model_output), after a sync of the dataset or by the KPI's schedule (dataset).
             * @enum {string}
             */
            source: "api" | "scenario" | "sync" | "schedule";
            /** @description dataset KPIs: the sync it was recorded after (source `sync`), or the sync that had last changed the dataset (source `schedule`). */
            sync_id: string | null;
            /** @description 1 for the first value at this timestamp, +1 per replacement. */
            revision: number;
            /**
             * Format: date-time
             * @description When this value was stored.
             */
            recorded_at: string;
        };
        KpiPointHistory: {
            /** @constant */
            object: "kpi_point_history";
            kpi_id: string;
            /**
             * Format: date-time
             * @description The timestamp asked for.
             */
            timestamp: string;
            current: components["schemas"]["KpiPoint"] | null;
            /** @description Replaced values, newest first, each with when it was replaced. */
            revisions: (components["schemas"]["KpiPoint"] & {
                /**
                 * Format: date-time
                 * @description When a newer value replaced it.
                 */
                replaced_at: string;
            })[];
        };
        KpiValues: {
            /** @constant */
            object: "kpi_values";
            kpi_id: string;
            /** @enum {string} */
            bucket: "raw" | "day" | "week" | "month" | "quarter";
            /** @description `raw`: points (KpiPoint), oldest first. Otherwise one entry per period that has points, oldest first. */
            data: (components["schemas"]["KpiPoint"] | {
                /**
                 * Format: date-time
                 * @description The period's start (UTC).
                 */
                start: string;
                /**
                 * Format: date-time
                 * @description The next period's start.
                 */
                end: string;
                count: number;
                min: number;
                max: number;
                avg: number;
                /** @description The value of the period's latest point. */
                last: number;
                /**
                 * Format: date-time
                 * @description The period's latest point.
                 */
                last_timestamp: string;
            })[];
            next_cursor: string | null;
        };
        KpiStatus: {
            /** @constant */
            object: "kpi_status";
            kpi_id: string;
            current: {
                /**
                 * Format: date-time
                 * @description The latest point.
                 */
                timestamp?: string;
                value?: number;
                scenario_id?: string | null;
            } | null;
            /** @enum {string} */
            target_status: "on_track" | "at_risk" | "off_track" | "no_data";
            target: number | {
                low: number;
                high: number;
            };
            thresholds: {
                warning?: number | {
                    low: number;
                    high: number;
                } | null;
                critical?: number | {
                    low: number;
                    high: number;
                } | null;
            };
            /** @description Least squares over the average of each of the last `periods` periods (of `aggregation_period`, ending with the period of the latest point) that have points, with x = the period's index. `flat` when the fitted change across the window is at most 1% of the mean absolute period average; `direction` null with fewer than two periods with points. */
            trend: {
                /** @enum {string} */
                period: "day" | "week" | "month" | "quarter";
                periods: number;
                /** @enum {string|null} */
                direction: "up" | "down" | "flat" | null;
                slope_per_period: number | null;
                /** @description Whether the trend moves toward the target; null when flat or unknown. */
                improving: boolean | null;
                buckets: {
                    /**
                     * Format: date-time
                     * @description Period start.
                     */
                    start?: string;
                    avg?: number;
                    count?: number;
                }[];
            };
        };
        KpiAlertRule: {
            /** @example kar_01jd2x0m3f8q4w7e5r6t9y2v1k */
            id: string;
            /** @constant */
            object: "kpi_alert_rule";
            kpi_id: string;
            /** @enum {string} */
            kind: "threshold" | "rate_of_change" | "no_data";
            name: string;
            /**
             * @description Default `warning`. A threshold rule without its own `threshold` uses the KPI's line of this severity.
             * @enum {string}
             */
            severity: "warning" | "critical";
            /** @description threshold rules: the rule's own line (else the KPI's warning / critical line). A point breaches when strictly worse than it. */
            threshold?: {
                value?: number;
                low?: number;
                high?: number;
                percent?: number;
            } | null;
            /** @description threshold rules (hysteresis): a firing alert resolves only on a point at or better than this line, which must lie on the good side of the threshold (else 422 naming it). Without one, the first point that does not breach resolves it. */
            recovery_threshold?: {
                value?: number;
                low?: number;
                high?: number;
                percent?: number;
            } | null;
            /** @description Consecutive breaching points before pending becomes firing (default 1). */
            for_points?: number;
            /** @description And at least this long from the first breaching point to the latest (default 0). */
            for_seconds?: number;
            /** @description rate_of_change: the window the change is measured over. */
            window_seconds?: number | null;
            /** @description rate_of_change: exactly one of `percent` (of |reference|) or `absolute`. The reference is the oldest point in the window; only changes in the KPI's bad direction count. */
            change?: {
                percent?: number;
                absolute?: number;
            } | null;
            /** @description no_data: fires when no point arrived for this long (plus the KPI's evaluation delay). */
            no_data_seconds?: number | null;
            /** @description While firing (not acknowledged or silenced), `kpi.alert.triggered` is sent again at this interval. */
            renotify_seconds?: number | null;
            enabled: boolean;
            /** @description The threshold and recovery lines resolved in the KPI's unit. */
            lines: {
                threshold?: number | {
                    low: number;
                    high: number;
                } | null;
                recovery?: number | {
                    low: number;
                    high: number;
                } | null;
            };
            /**
             * Format: date-time
             * @description The latest point timestamp judged.
             */
            evaluated_through: string | null;
            created_by: components["schemas"]["Actor"];
            /**
             * Format: date-time
             * @description Creation time.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description Last change.
             */
            updated_at: string;
        };
        KpiAlertRuleList: {
            data: components["schemas"]["KpiAlertRule"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        CreateKpiAlertRuleRequest: {
            /** @enum {string} */
            kind: "threshold" | "rate_of_change" | "no_data";
            name: string;
            /**
             * @description Default `warning`. A threshold rule without its own `threshold` uses the KPI's line of this severity.
             * @enum {string}
             */
            severity?: "warning" | "critical";
            /** @description threshold rules: the rule's own line (else the KPI's warning / critical line). A point breaches when strictly worse than it. */
            threshold?: {
                value?: number;
                low?: number;
                high?: number;
                percent?: number;
            } | null;
            /** @description threshold rules (hysteresis): a firing alert resolves only on a point at or better than this line, which must lie on the good side of the threshold (else 422 naming it). Without one, the first point that does not breach resolves it. */
            recovery_threshold?: {
                value?: number;
                low?: number;
                high?: number;
                percent?: number;
            } | null;
            /** @description Consecutive breaching points before pending becomes firing (default 1). */
            for_points?: number;
            /** @description And at least this long from the first breaching point to the latest (default 0). */
            for_seconds?: number;
            /** @description rate_of_change: the window the change is measured over. */
            window_seconds?: number | null;
            /** @description rate_of_change: exactly one of `percent` (of |reference|) or `absolute`. The reference is the oldest point in the window; only changes in the KPI's bad direction count. */
            change?: {
                percent?: number;
                absolute?: number;
            } | null;
            /** @description no_data: fires when no point arrived for this long (plus the KPI's evaluation delay). */
            no_data_seconds?: number | null;
            /** @description While firing (not acknowledged or silenced), `kpi.alert.triggered` is sent again at this interval. */
            renotify_seconds?: number | null;
            enabled?: boolean;
        };
        /** @description Fields to change (the kind cannot change); the rule is validated again. */
        UpdateKpiAlertRuleRequest: {
            name?: string;
            /**
             * @description Default `warning`. A threshold rule without its own `threshold` uses the KPI's line of this severity.
             * @enum {string}
             */
            severity?: "warning" | "critical";
            /** @description threshold rules: the rule's own line (else the KPI's warning / critical line). A point breaches when strictly worse than it. */
            threshold?: {
                value?: number;
                low?: number;
                high?: number;
                percent?: number;
            } | null;
            /** @description threshold rules (hysteresis): a firing alert resolves only on a point at or better than this line, which must lie on the good side of the threshold (else 422 naming it). Without one, the first point that does not breach resolves it. */
            recovery_threshold?: {
                value?: number;
                low?: number;
                high?: number;
                percent?: number;
            } | null;
            /** @description Consecutive breaching points before pending becomes firing (default 1). */
            for_points?: number;
            /** @description And at least this long from the first breaching point to the latest (default 0). */
            for_seconds?: number;
            /** @description rate_of_change: the window the change is measured over. */
            window_seconds?: number | null;
            /** @description rate_of_change: exactly one of `percent` (of |reference|) or `absolute`. The reference is the oldest point in the window; only changes in the KPI's bad direction count. */
            change?: {
                percent?: number;
                absolute?: number;
            } | null;
            /** @description no_data: fires when no point arrived for this long (plus the KPI's evaluation delay). */
            no_data_seconds?: number | null;
            /** @description While firing (not acknowledged or silenced), `kpi.alert.triggered` is sent again at this interval. */
            renotify_seconds?: number | null;
            enabled?: boolean;
        };
        KpiAlert: {
            /** @example kal_01jd2x0m3f8q4w7e5r6t9y2v1k */
            id: string;
            /** @constant */
            object: "kpi_alert";
            kpi_id: string;
            rule_id: string;
            /** @enum {string} */
            severity: "warning" | "critical";
            /** @enum {string} */
            state: "pending" | "firing" | "acknowledged" | "resolved";
            /**
             * Format: date-time
             * @description The first breaching point (no_data: when the silence became too long).
             */
            started_at: string;
            /**
             * Format: date-time
             * @description The point that ended it.
             */
            ended_at: string | null;
            /** Format: date-time */
            fired_at: string | null;
            /** Format: date-time */
            resolved_at: string | null;
            /**
             * @description `cancelled`: a pending alert whose next point did not breach.
             * @enum {string|null}
             */
            resolution: "recovery" | "cancelled" | "manual" | "revision" | null;
            acknowledged: {
                /**
                 * Format: date-time
                 * @description When.
                 */
                at?: string;
                by?: components["schemas"]["Actor"];
            } | null;
            silence: {
                /**
                 * Format: date-time
                 * @description Silenced until.
                 */
                until?: string;
                reason?: string | null;
                active?: boolean;
            } | null;
            notification_count?: number;
            /** Format: date-time */
            last_notified_at?: string | null;
            /** @description The breaching points (the first and the latest 19). */
            points: Record<string, unknown>[];
            /** @description `summary`, the `rule`, its `line` and `recovery_line`, the breaching `points`; for model_output KPIs `scenario`: the scenario behind the latest breaching point, the `previous` point's scenario, `inputs_moved` (inputs that differ, largest relative change first) and `sensitivity` (the model's own ranking of inputs for this metric, where the scenario ran a simulation); for dataset KPIs `dataset`: the latest breaching `point` with its `source` (`sync` or `schedule`) and `sync_id`, the `sync` behind it (the sync it was recorded after, or for a schedule point the sync that had last changed the dataset: `id`, `integration_id`, `status`, `completed_at`, `counts`), the `previous` point with its value and sync, and the origin of every breaching point (`points`). */
            explanation: Record<string, unknown> | null;
            transitions: {
                /** @enum {string|null} */
                from: "pending" | "firing" | "acknowledged" | "resolved" | null;
                /** @enum {string} */
                to: "pending" | "firing" | "acknowledged" | "resolved";
                /** @enum {string} */
                reason: "threshold" | "recovery" | "no_data" | "silence" | "acknowledge" | "revision" | "manual";
                detail: string;
                actor: components["schemas"]["Actor"] | null;
                /**
                 * Format: date-time
                 * @description When it was recorded.
                 */
                at: string;
            }[];
            /**
             * Format: date-time
             * @description Creation time.
             */
            created_at?: string;
            /**
             * Format: date-time
             * @description Last change.
             */
            updated_at?: string;
        };
        KpiAlertList: {
            data: components["schemas"]["KpiAlert"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        SilenceKpiAlertRequest: {
            /**
             * Format: date-time
             * @description In the future.
             */
            until: string;
            reason: string;
        };
        ResolveKpiAlertRequest: {
            reason?: string;
        };
        EmptyKpiAlertActionRequest: Record<string, unknown>;
        ConnectorType: {
            /** @constant */
            object: "connector_type";
            /** @enum {string} */
            type: "csv" | "bamboohr" | "merge_hris" | "postgres" | "rest";
            title: string;
            description: string;
            /** @description JSON Schema (2020-12) of `config`. */
            spec: Record<string, unknown>;
            /** @description JSON Schema of `credentials`. */
            credentials_spec: Record<string, unknown>;
        };
        ConnectorTypeList: {
            data: components["schemas"]["ConnectorType"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        Integration: {
            /** @example int_01jd2x0m3f8q4w7e5r6t9y2v1k */
            id: string;
            /** @constant */
            object: "integration";
            name: string;
            /** @enum {string} */
            connector_type: "csv" | "bamboohr" | "merge_hris" | "postgres" | "rest";
            /** @description The configuration, with the spec's defaults filled in. */
            config: Record<string, unknown>;
            /** @description Whether credentials are stored (they are never returned). */
            has_credentials: boolean;
            /**
             * @description `paused`: no syncs (a manual request answers 409 `integration_paused`) and the schedule is paused; `active` resumes both. A sync already running when the integration is paused runs on (cancel it to stop it).
             * @enum {string}
             */
            status: "active" | "paused";
            /** @description The configured schedule (null: none). Its live state (paused, next runs) is at GET /integrations/{id}/schedule. */
            schedule: {
                cron: string | null;
                interval_seconds: number | null;
                /** @enum {string} */
                mode: "full" | "incremental";
                timezone: string | null;
            } | null;
            /**
             * @description Whether the Temporal Schedule matches the integration yet. A write that changes the schedule (or pauses, resumes or deletes an integration that has one) is stored and answered at once with `pending`; the schedule is then made to match in the background, retried with back-off until it does (`synced`). `error`: Temporal refused it (see `schedule_error`); it is retried too. `null`: the integration never had a schedule.
             * @enum {string|null}
             */
            schedule_status: "pending" | "synced" | "error" | null;
            /** @description Why the last attempt to make the Temporal Schedule match failed (null once it matches). */
            schedule_error: string | null;
            created_by: components["schemas"]["Actor"];
            /**
             * Format: date-time
             * @description Creation time.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description Last change.
             */
            updated_at: string;
        };
        IntegrationList: {
            data: components["schemas"]["Integration"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        CreateIntegrationRequest: {
            name: string;
            /** @enum {string} */
            connector_type: "csv" | "bamboohr" | "merge_hris" | "postgres" | "rest";
            /** @description The configuration, valid against the connector type's `spec` (GET /api/v1/integrations/connector-types); errors name `/config/…`. */
            config: Record<string, unknown>;
            /** @description Write-only secrets (password, token, API key) as the connector type's `credentials_spec` describes. Stored encrypted; never returned or logged. On update, replaces the stored credentials as a whole. */
            credentials?: {
                [key: string]: string;
            };
            /**
             * @description `paused`: no syncs (a manual request answers 409 `integration_paused`) and the schedule is paused; `active` resumes both. A sync already running when the integration is paused runs on (cancel it to stop it).
             * @enum {string}
             */
            status?: "active" | "paused";
            /** @description When the integration syncs by itself: exactly one of `cron` and `interval_seconds`. Run by a Temporal Schedule (`integration_schedule/int_…`) whose overlap policy is SKIP; a scheduled run while a sync is queued or running records nothing. `null` removes the schedule. */
            schedule?: {
                /** @description Five-field cron (minute hour day-of-month month day-of-week), e.g. `0 2 * * *`, in `timezone`. */
                cron?: string;
                /** @description Every this many seconds (at least the server's minimum, INTEGRATION_SCHEDULE_MIN_INTERVAL_SECONDS, default 300). */
                interval_seconds?: number;
                /**
                 * @description The mode of the syncs the schedule starts.
                 * @default incremental
                 * @enum {string}
                 */
                mode?: "full" | "incremental";
                /** @description IANA time zone of a cron schedule (default UTC). */
                timezone?: string;
            } | null;
        };
        UpdateIntegrationRequest: {
            name?: string;
            /** @description The configuration, valid against the connector type's `spec` (GET /api/v1/integrations/connector-types); errors name `/config/…`. */
            config?: Record<string, unknown>;
            /** @description Write-only secrets (password, token, API key) as the connector type's `credentials_spec` describes. Stored encrypted; never returned or logged. On update, replaces the stored credentials as a whole. */
            credentials?: {
                [key: string]: string;
            };
            /**
             * @description `paused`: no syncs (a manual request answers 409 `integration_paused`) and the schedule is paused; `active` resumes both. A sync already running when the integration is paused runs on (cancel it to stop it).
             * @enum {string}
             */
            status?: "active" | "paused";
            /** @description When the integration syncs by itself: exactly one of `cron` and `interval_seconds`. Run by a Temporal Schedule (`integration_schedule/int_…`) whose overlap policy is SKIP; a scheduled run while a sync is queued or running records nothing. `null` removes the schedule. */
            schedule?: {
                /** @description Five-field cron (minute hour day-of-month month day-of-week), e.g. `0 2 * * *`, in `timezone`. */
                cron?: string;
                /** @description Every this many seconds (at least the server's minimum, INTEGRATION_SCHEDULE_MIN_INTERVAL_SECONDS, default 300). */
                interval_seconds?: number;
                /**
                 * @description The mode of the syncs the schedule starts.
                 * @default incremental
                 * @enum {string}
                 */
                mode?: "full" | "incremental";
                /** @description IANA time zone of a cron schedule (default UTC). */
                timezone?: string;
            } | null;
        };
        /**
         * @example {
         *       "object": "integration_schedule",
         *       "integration_id": "int_01jd2x0m3f8q4w7e5r6t9y2v1k",
         *       "schedule_id": "integration_schedule/int_01jd2x0m3f8q4w7e5r6t9y2v1k",
         *       "cron": "0 2 * * *",
         *       "interval_seconds": null,
         *       "mode": "incremental",
         *       "timezone": "Europe/Berlin",
         *       "schedule_status": "synced",
         *       "schedule_error": null,
         *       "paused": false,
         *       "next_run_times": [
         *         "2026-11-24T01:00:00.000Z",
         *         "2026-11-25T01:00:00.000Z"
         *       ],
         *       "recent_runs": [
         *         {
         *           "scheduled_at": "2026-11-23T01:00:00.000Z",
         *           "started_at": "2026-11-23T01:00:00.120Z",
         *           "workflow_id": "integration_schedule/int_01jd2x0m3f8q4w7e5r6t9y2v1k-2026-11-23T01:00:00Z"
         *         }
         *       ],
         *       "runs_started": 1,
         *       "runs_skipped_overlap": 0
         *     }
         */
        IntegrationSchedule: {
            /** @constant */
            object: "integration_schedule";
            integration_id: string;
            /** @description The Temporal Schedule (`integration_schedule/int_…`; search attributes TenantId, ResourceType `integration_schedule`, ResourceId). */
            schedule_id: string;
            cron: string | null;
            interval_seconds: number | null;
            /** @enum {string} */
            mode: "full" | "incremental";
            timezone: string | null;
            /**
             * @description Whether the Temporal Schedule matches the integration yet. A write that changes the schedule (or pauses, resumes or deletes an integration that has one) is stored and answered at once with `pending`; the schedule is then made to match in the background, retried with back-off until it does (`synced`). `error`: Temporal refused it (see `schedule_error`); it is retried too. `null`: the integration never had a schedule.
             * @enum {string|null}
             */
            schedule_status: "pending" | "synced" | "error" | null;
            /** @description Why the last attempt to make the Temporal Schedule match failed (null once it matches). */
            schedule_error: string | null;
            /** @description Paused with the integration. */
            paused: boolean;
            /** @description The next times the schedule will start a sync (none while paused). */
            next_run_times: string[];
            recent_runs: {
                /**
                 * Format: date-time
                 * @description When the run was due.
                 */
                scheduled_at: string;
                /**
                 * Format: date-time
                 * @description When Temporal started it.
                 */
                started_at: string;
                /** @description The scheduled run's workflow; the sync it stored (if any) lists `trigger: schedule`. */
                workflow_id: string;
            }[];
            runs_started: number;
            /** @description Runs Temporal skipped because the previous scheduled run was still going. */
            runs_skipped_overlap: number;
        };
        ConnectionCheck: {
            /** @constant */
            object: "connection_check";
            integration_id: string;
            /** @enum {string} */
            status: "succeeded" | "failed";
            /** @description Why it failed (unreachable, refused destination, rejected credentials, bad query). */
            message: string | null;
            latency_ms: number;
        };
        PutFieldMappingRequest: {
            /** @description The integration's stream to map. */
            stream: string;
            /** @description The target dataset: the built-in `employees` (fields: employee_id, name, email, department, title, location, manager_id, employment_type, start_date, end_date, salary, currency, fte, status) or one the tenant defined (POST /api/v1/datasets). */
            target: string;
            /** @description Per target field: `source` (the source field, a rename), `transforms` applied in order, a `default` for what is still empty, then a cast to the target field's type. The dataset's primary key (`employee_id` for `employees`) is required. */
            fields: {
                [key: string]: {
                    source?: string;
                    transforms?: ({
                        /** @constant */
                        type: "cast";
                        /** @enum {unknown} */
                        to: "string" | "number" | "integer" | "boolean" | "date" | "date-time";
                    } | {
                        /** @constant */
                        type: "date_format";
                        /** @description Parses a date written in this format into `YYYY-MM-DD`. Tokens: `YYYY` (four-digit year), `YY` (two digits: 69–99 → 19xx, 00–68 → 20xx), `MM`/`DD` (two digits), `M`/`D` (one or two digits, so they must be followed by a separator); any other non-letter is a literal. Strict: the whole value must match, and the date must exist. E.g. `MM/DD/YYYY`, `DD.MM.YYYY`, `YYYYMMDD`, `M/D/YY`. */
                        format: string;
                    } | {
                        /** @constant */
                        type: "value_map";
                        /** @description Source value → target value (`{"FT": "full_time"}`). */
                        values: {
                            [key: string]: string | number | boolean | null;
                        };
                        /** @description What a non-empty value not in `values` becomes; without it, such values pass unchanged. */
                        default_value?: string | number | boolean | null;
                    } | {
                        /** @constant */
                        type: "concat";
                        /** @description Source fields (strings) and literals (`{"literal": "…"}`), in order. */
                        fields: (string | {
                            literal: string;
                        })[];
                        /** @description Put between the non-empty parts (empty parts are skipped); none by default. */
                        separator?: string;
                    } | {
                        /** @constant */
                        type: "expression";
                        /** @description zen-engine (the JDM models' language) with `value` and `record` in scope, e.g. `value * 12` or `record.first + " " + record.last`. Evaluated off the API's event loop within the expression budget (EXPRESSION_BUDGET_MS): past it, 422 naming this expression. */
                        expression: string;
                    })[];
                    default?: string | number | boolean;
                };
            };
        };
        FieldMapping: {
            /** @constant */
            object: "field_mapping";
            integration_id: string;
            /** @description Each PUT adds the next version. */
            version: number;
            stream: string;
            target: string;
            fields: Record<string, unknown>;
            created_by: components["schemas"]["Actor"];
            /**
             * Format: date-time
             * @description When this version was saved.
             */
            created_at: string;
        };
        ValidateFieldMappingRequest: {
            mapping: components["schemas"]["PutFieldMappingRequest"];
            /** @description Records to preview (default 10). */
            limit?: number;
        };
        FieldMappingValidation: {
            /** @constant */
            object: "field_mapping_validation";
            integration_id: string;
            records_read: number;
            records_rejected: number;
            preview: {
                source_record: Record<string, unknown>;
                /** @description The mapped record; null when it would be rejected. */
                record: Record<string, unknown> | null;
                /** @description Why the record would be rejected: `path` names the target field. */
                errors: {
                    path: string;
                    message: string;
                }[];
            }[];
        };
        Catalog: {
            /** @constant */
            object: "catalog";
            integration_id: string;
            streams: {
                name: string;
                fields: {
                    name: string;
                    /** @enum {string} */
                    type: "string" | "number" | "integer" | "boolean" | "date" | "date-time" | "object" | "array" | "unknown";
                }[];
                primary_key: string[];
                cursor_field: string | null;
                supported_sync_modes: ("full" | "incremental")[];
            }[];
        };
        CreateIntegrationSyncRequest: {
            /**
             * @description `full` reads the whole stream and flags the integration's records it did not see as deleted; `incremental` reads from where the last finished sync stopped (inclusively: rows sharing the last cursor value are read again and de-duplicated on the primary key).
             * @default incremental
             * @enum {string}
             */
            mode?: "full" | "incremental";
            /**
             * @description Records read per page; each page is committed in one transaction.
             * @default 1000
             */
            page_size?: number;
            /** @description csv integrations: the upload (`upl_…`) to read; default the latest (422 naming `/upload_id` when there is none, or for other connector types). A csv `full` sync flags the integration's records missing from the file as deleted; `incremental` only upserts the file's rows. */
            upload_id?: string;
        };
        /**
         * @example {
         *       "id": "syn_01jd3m2n4p5q6r7s8t9v0w1x2y",
         *       "object": "integration_sync",
         *       "integration_id": "int_01jd3k9x7y8z0a1b2c3d4e5f6g",
         *       "status": "partially_completed",
         *       "mode": "full",
         *       "dataset": "employees",
         *       "stream": "employees",
         *       "mapping_version": 2,
         *       "page_size": 500,
         *       "counts": {
         *         "read": 1200,
         *         "inserted": 1190,
         *         "updated": 0,
         *         "unchanged": 0,
         *         "rejected": 10,
         *         "deleted": 3
         *       },
         *       "pages_committed": 3,
         *       "error": null,
         *       "upload_id": null,
         *       "field_fill_rates": {
         *         "employee_id": 1,
         *         "name": 1,
         *         "start_date": 0.12
         *       },
         *       "warnings": [
         *         {
         *           "code": "fill_rate_dropped",
         *           "field": "start_date",
         *           "previous": 0.98,
         *           "current": 0.12
         *         }
         *       ],
         *       "trigger": "api",
         *       "workflow_id": "integration_sync/syn_01jd3m2n4p5q6r7s8t9v0w1x2y",
         *       "created_by": {
         *         "type": "api_key",
         *         "id": "key_01jd3k9x7y8z0a1b2c3d4e5f6g"
         *       },
         *       "cancelled_by": null,
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "updated_at": "2026-11-23T10:00:09.000Z",
         *       "started_at": "2026-11-23T10:00:01.000Z",
         *       "completed_at": "2026-11-23T10:00:09.000Z",
         *       "duration_ms": 8000
         *     }
         */
        IntegrationSync: {
            /** @description `syn_…` */
            id: string;
            /** @constant */
            object: "integration_sync";
            integration_id: string;
            /**
             * @description `queued` → `syncing` → `completed`, or `partially_completed` (some records rejected by the mapping, see the rejections; or a mapped field's fill rate dropped sharply, see `warnings`), or `failed` (`error` says why; pages committed before stay), or `cancelled` (POST …/cancel; pages committed before stay, and the next incremental sync continues from its last committed page).
             * @enum {string}
             */
            status: "queued" | "syncing" | "completed" | "partially_completed" | "failed" | "cancelled";
            /** @enum {string} */
            mode: "full" | "incremental";
            /** @description The target dataset (`employees` or a tenant-defined one). */
            dataset: string;
            /** @description The source stream the field mapping reads. */
            stream: string;
            /** @description The field-mapping version this sync applies (the latest when it was requested). */
            mapping_version: number;
            page_size: number;
            counts: {
                /** @description Source records read. */
                read: number;
                /** @description Records new to the dataset. */
                inserted: number;
                /** @description Records whose content changed (or that come back after being flagged deleted). */
                updated: number;
                /** @description Records read again with the same content (by content hash). */
                unchanged: number;
                /** @description Records the mapping refused. */
                rejected: number;
                /** @description Full syncs: the integration's records not seen, now flagged deleted. */
                deleted: number;
            };
            /** @description Pages committed so far; a retried attempt resumes after the last one. */
            pages_committed: number;
            error: {
                /** @description `sync_failed` or `sync_cancelled`. */
                code: string;
                detail: string;
            } | null;
            /** @description Per mapped target field, the share of mapped records that had a value (not null, not blank), over the pages committed so far. */
            field_fill_rates: {
                [key: string]: number;
            };
            /** @description Data-quality warnings: `fill_rate_dropped` when a mapped field's fill rate fell by more than SYNC_FILL_RATE_DROP_POINTS percentage points (default 30) against the previous completed sync of the integration's stream, where that rate was at least SYNC_FILL_RATE_MIN_PREVIOUS_PERCENT (default 50) and this sync mapped at least SYNC_FILL_RATE_MIN_RECORDS records (default 100). Any warning makes the sync `partially_completed`. */
            warnings: {
                /** @enum {string} */
                code: "fill_rate_dropped";
                field: string;
                previous: number;
                current: number;
            }[];
            /**
             * @description Requested through the API, or started by the integration's schedule.
             * @enum {string}
             */
            trigger: "api" | "schedule";
            /** @description Who cancelled it (null: not cancelled, or cancelled through Temporal directly). */
            cancelled_by: components["schemas"]["Actor"] | null;
            /** @description csv integrations: the upload this sync reads (`upl_…`); null for other connectors. */
            upload_id: string | null;
            /** @description The Temporal workflow running the sync (`integration_sync/syn_…`). */
            workflow_id: string;
            created_by: components["schemas"]["Actor"];
            /**
             * Format: date-time
             * @description When the sync was requested.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description Last status or count change.
             */
            updated_at: string;
            /**
             * Format: date-time
             * @description When reading began.
             */
            started_at: string | null;
            /**
             * Format: date-time
             * @description When it completed or failed.
             */
            completed_at: string | null;
            /** @description From `started_at` to `completed_at`. */
            duration_ms: number | null;
        };
        IntegrationSyncList: {
            data: components["schemas"]["IntegrationSync"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        SyncRejection: {
            /** @constant */
            object: "sync_rejection";
            sync_id: string;
            /** @description The record's mapped primary key, when it could be mapped. */
            primary_key: string | null;
            /** @description The record as the source returned it; for a CSV row that could not be read as a record, `{ "line": <line number>, "raw": "<the row's text, up to 1,000 bytes>" }`. */
            source_record: Record<string, unknown>;
            /** @description Why it was refused: `path` names the target field. */
            errors: {
                path: string;
                message: string;
            }[];
            /**
             * Format: date-time
             * @description When it was read.
             */
            created_at: string;
        };
        SyncRejectionList: {
            data: components["schemas"]["SyncRejection"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        Dataset: {
            /** @constant */
            object: "dataset";
            name: string;
            primary_key: string;
            /** @description Field names and their types. */
            fields: {
                [key: string]: string;
            };
            /** @description Records not flagged deleted. */
            records: number;
            /** @description Records flagged deleted by a full sync. */
            deleted_records: number;
            /**
             * Format: date-time
             * @description When a record last changed; null while the dataset is empty.
             */
            updated_at: string | null;
        };
        DatasetList: {
            data: components["schemas"]["Dataset"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        DatasetRecord: {
            /** @constant */
            object: "dataset_record";
            dataset: string;
            primary_key: string;
            /** @description The mapped record. */
            data: Record<string, unknown>;
            /** @description The integration that last wrote it. */
            integration_id: string;
            first_seen_sync_id: string;
            /** @description The last sync that read it (read `as_of` a past point: the sync that wrote the version shown). */
            last_seen_sync_id: string;
            /**
             * Format: date-time
             * @description When a full sync stopped finding it.
             */
            deleted_at: string | null;
            /**
             * Format: date-time
             * @description When it first arrived.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When its content last changed (read `as_of` a past point: when the version shown began).
             */
            updated_at: string;
        };
        DatasetRecordList: {
            data: components["schemas"]["DatasetRecord"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
            /** @description The point the data was read at: the sync it comes from (the one named, or the dataset's last finished sync at or before the time; null if none) and the time. */
            as_of: {
                sync_id: string | null;
                /** Format: date-time */
                at: string;
            };
        };
        /**
         * @example {
         *       "id": "upl_01jd3n8v2w3x4y5z6a7b8c9d0e",
         *       "object": "integration_upload",
         *       "integration_id": "int_01jd3k9x7y8z0a1b2c3d4e5f6g",
         *       "filename": "employees-2026-11.csv",
         *       "bytes": 1843221,
         *       "sha256": "9f2c4b1d6e8a0c3f5b7d9e1a2c4f6b8d0e2a4c6f8b0d2e4a6c8f0b2d4e6a8c0f",
         *       "columns": [
         *         "id",
         *         "full_name",
         *         "department",
         *         "monthly_pay",
         *         "type"
         *       ],
         *       "created_by": {
         *         "type": "api_key",
         *         "id": "key_01jd3k9x7y8z0a1b2c3d4e5f6g"
         *       },
         *       "created_at": "2026-11-23T09:58:00.000Z"
         *     }
         */
        IntegrationUpload: {
            /** @description `upl_…` */
            id: string;
            /** @constant */
            object: "integration_upload";
            integration_id: string;
            /** @description The `filename` given on upload, if any. */
            filename: string | null;
            bytes: number;
            /** @description Lowercase hex SHA-256 of the file's bytes as received. */
            sha256: string;
            /** @description The column names: the header row (trimmed), or the configured `columns` of a file without one. */
            columns: string[];
            created_by: components["schemas"]["Actor"];
            /**
             * Format: date-time
             * @description When the upload was stored.
             */
            created_at: string;
        };
        IntegrationUploadList: {
            data: components["schemas"]["IntegrationUpload"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        /**
         * @description Field name → a value (equality; `null`: missing or null) or operators → values, e.g. `{ "department": "Engineering", "salary": { "gte": 100000 }, "status": { "in": ["active", "on_leave"] } }`. `eq`, `ne`, `gt`, `gte`, `lt`, `lte` and `in`, on the dataset's fields (an unknown field or operator is refused, naming it). Number fields compare as numbers, dates and strings as text (byte order); booleans take only `eq` and `ne`. `ne` keeps records where the field is missing; the other operators do not.
         * @example {
         *       "department": "Engineering",
         *       "salary": {
         *         "gte": 100000
         *       }
         *     }
         */
        DatasetFilter: {
            [key: string]: (string | number | boolean | null) | {
                eq?: string | number | boolean | null;
                ne?: string | number | boolean | null;
                gt?: string | number | boolean | null;
                gte?: string | number | boolean | null;
                lt?: string | number | boolean | null;
                lte?: string | number | boolean | null;
                in?: (string | number | boolean | null)[];
            };
        };
        DatasetMetric: {
            /**
             * @description `count` (records, or with `field` the records where it is present), `sum`/`avg` (number fields), `min`/`max` (number, date or string fields), `percentile` (number fields; continuous, interpolated between records).
             * @enum {string}
             */
            function: "count" | "sum" | "avg" | "min" | "max" | "percentile";
            /** @description The field to aggregate; required except for `count`. */
            field?: string;
            /** @description For `percentile`: 50 is the median. */
            percentile?: number;
            /** @description The value's name in the result. Default: `count`, `count_<field>`, `<function>_<field>`, `p<percentile>_<field>`. */
            as?: string;
        };
        DatasetAggregateRequest: {
            metrics: components["schemas"]["DatasetMetric"][];
            /** @description One group per distinct combination of these fields' values (at most 1,000 groups, in key order). */
            group_by?: string[];
            filter?: components["schemas"]["DatasetFilter"];
            /** @description Read the dataset as it stood at a past point: a sync id (`syn_…`: as that sync finished; another tenant's sync is a 404 like a missing one, a sync still running a 4xx) or an RFC 3339 time (`2026-11-23T10:00:00Z`; a time before any data reads an empty dataset). Default: now. */
            as_of?: string;
        };
        /**
         * @description Records flagged deleted are never counted. Without `group_by`: `values`; with it: `groups`.
         * @example {
         *       "object": "dataset_aggregate",
         *       "dataset": "employees",
         *       "as_of": {
         *         "sync_id": "syn_01jd3m2n4p5q6r7s8t9v0w1x2y",
         *         "at": "2026-11-23T10:00:09.000Z"
         *       },
         *       "groups": [
         *         {
         *           "key": {
         *             "department": "Engineering"
         *           },
         *           "values": {
         *             "count": 42,
         *             "avg_salary": 128500,
         *             "p90_salary": 171000
         *           }
         *         },
         *         {
         *           "key": {
         *             "department": "Sales"
         *           },
         *           "values": {
         *             "count": 17,
         *             "avg_salary": 97250,
         *             "p90_salary": 131000
         *           }
         *         }
         *       ],
         *       "groups_truncated": false
         *     }
         */
        DatasetAggregate: {
            /** @constant */
            object: "dataset_aggregate";
            dataset: string;
            /** @description The point the data was read at: the sync it comes from (the one named, or the dataset's last finished sync at or before the time; null if none) and the time. */
            as_of: {
                sync_id: string | null;
                /** Format: date-time */
                at: string;
            };
            /** @description Value name → value (null: nothing to aggregate, e.g. the average of no records; a count is 0). */
            values?: {
                [key: string]: number | string | null;
            };
            groups?: {
                /** @description The group's value of each `group_by` field (null: missing). */
                key: Record<string, unknown>;
                values: {
                    [key: string]: number | string | null;
                };
            }[];
            /** @description More than 1,000 groups: only the first 1,000 (in key order) are listed. */
            groups_truncated?: boolean;
        };
        DatasetFieldDefinition: {
            /**
             * @description Mapped values are cast to it (`date`: `YYYY-MM-DD`; `date-time`: RFC 3339 UTC).
             * @enum {string}
             */
            type: "string" | "number" | "integer" | "boolean" | "date" | "date-time";
            description?: string;
        };
        /**
         * @example {
         *       "object": "dataset_definition",
         *       "name": "contractors",
         *       "description": "Contractors from the vendor-management system",
         *       "primary_key": "contractor_id",
         *       "fields": {
         *         "contractor_id": {
         *           "type": "string"
         *         },
         *         "full_name": {
         *           "type": "string"
         *         },
         *         "day_rate": {
         *           "type": "number",
         *           "description": "In the contract currency"
         *         },
         *         "start_date": {
         *           "type": "date"
         *         },
         *         "active": {
         *           "type": "boolean"
         *         }
         *       },
         *       "built_in": false,
         *       "created_by": {
         *         "type": "api_key",
         *         "id": "key_01jd3k9x7y8z0a1b2c3d4e5f6g"
         *       },
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "updated_at": "2026-11-23T10:00:00.000Z"
         *     }
         */
        DatasetDefinition: {
            /** @constant */
            object: "dataset_definition";
            name: string;
            description: string | null;
            /** @description `employees` is built in (fields: employee_id, name, email, department, title, location, manager_id, employment_type, start_date, end_date, salary, currency, fte, status); it cannot be changed. */
            built_in: boolean;
            primary_key: string;
            fields: {
                [key: string]: components["schemas"]["DatasetFieldDefinition"];
            };
            /** @description Null for the built-in dataset. */
            created_by: components["schemas"]["Actor"] | null;
            /**
             * Format: date-time
             * @description Null for the built-in dataset.
             */
            created_at: string | null;
            /**
             * Format: date-time
             * @description Last change; null for the built-in dataset.
             */
            updated_at: string | null;
        };
        CreateDatasetRequest: {
            /** @description Lowercase letters, digits and `_`, starting with a letter; not `employees`. */
            name: string;
            description?: string | null;
            /** @description The field that identifies a record (a sync upserts by it); one of `fields`, of type string or integer. */
            primary_key: string;
            /** @description Field name (lowercase letters, digits, `_`) → its type and description. */
            fields: {
                [key: string]: {
                    /**
                     * @description Mapped values are cast to it (`date`: `YYYY-MM-DD`; `date-time`: RFC 3339 UTC).
                     * @enum {string}
                     */
                    type: "string" | "number" | "integer" | "boolean" | "date" | "date-time";
                    description?: string;
                };
            };
        };
        UpdateDatasetRequest: {
            description?: string | null;
            /** @description The field that identifies a record (a sync upserts by it); one of `fields`, of type string or integer. */
            primary_key?: string;
            /** @description Merged into the definition: new names add fields; a field already defined keeps its type unless the dataset is still empty (409 `dataset_has_records` otherwise). Fields are never removed. */
            fields?: {
                [key: string]: {
                    /**
                     * @description Mapped values are cast to it (`date`: `YYYY-MM-DD`; `date-time`: RFC 3339 UTC).
                     * @enum {string}
                     */
                    type: "string" | "number" | "integer" | "boolean" | "date" | "date-time";
                    description?: string;
                };
            };
        };
        WebhookRetryPolicy: {
            /**
             * @description `standard` (default): the Standard Webhooks schedule — immediately, then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. `exponential`: `initial_interval_ms` × `backoff_coefficient`^n, capped at `max_interval_ms`.
             * @enum {string}
             */
            schedule: "standard" | "exponential";
            /** @description Attempts in all, the first included (default 8 for standard, 10 for exponential). */
            max_attempts: number;
            /** @description Exponential: the first retry delay (default 5000). */
            initial_interval_ms: number;
            /** @description Exponential: growth of the delay per attempt (default 2). */
            backoff_coefficient: number;
            /** @description Exponential: the longest delay (default 36,000,000 = 10 h). */
            max_interval_ms: number;
            /** @description Total deadline of one delivery, every attempt included (default 259,200 = 3 days). */
            max_duration_seconds: number;
        };
        Webhook: {
            /** @example whk_01jd2x0m3f8q4w7e5r6t9y2v1k */
            id: string;
            /** @constant */
            object: "webhook";
            url: string;
            description: string;
            event_types: string[];
            enabled: boolean;
            /**
             * @description `endpoint_gone`: the endpoint answered 410. `failing_continuously`: every attempt failed for WEBHOOK_DISABLE_AFTER_SECONDS (5 days).
             * @enum {string|null}
             */
            disabled_reason: "endpoint_gone" | "failing_continuously" | "disabled_by_user" | null;
            /**
             * Format: date-time
             * @description When it was disabled.
             */
            disabled_at?: string | null;
            retry_policy: components["schemas"]["WebhookRetryPolicy"];
            /**
             * Format: date-time
             * @description Last secret rotation.
             */
            secret_rotated_at?: string | null;
            /**
             * Format: date-time
             * @description Until when the secret replaced by the last rotation still signs (a second `v1,` signature).
             */
            previous_secret_expires_at?: string | null;
            /**
             * Format: date-time
             * @description Start of the current run of failed attempts; null after any success.
             */
            failing_since?: string | null;
            created_by: components["schemas"]["Actor"];
            /**
             * Format: date-time
             * @description Creation time.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description Last change.
             */
            updated_at: string;
        };
        WebhookWithSecret: components["schemas"]["Webhook"] & {
            /** @description The signing secret (`whsec_…`). Shown only in this response: store it now. */
            secret: string;
        };
        WebhookList: {
            data: components["schemas"]["Webhook"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        CreateWebhookRequest: {
            /**
             * Format: uri
             * @description The endpoint. https (http only for allow-listed development hosts outside production).
             */
            url: string;
            /**
             * @description Event types to receive: exact names, `family.*` wildcards (`scenario.*`, `model.*`) or `*`. Each must match a type in the catalogue.
             * @example [
             *       "scenario.*",
             *       "batch.completed"
             *     ]
             */
            event_types: string[];
            description?: string;
            /** @description false pauses deliveries; true re-enables a disabled subscription. */
            enabled?: boolean;
            retry_policy?: {
                /**
                 * @description `standard` (default): the Standard Webhooks schedule — immediately, then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. `exponential`: `initial_interval_ms` × `backoff_coefficient`^n, capped at `max_interval_ms`.
                 * @enum {string}
                 */
                schedule?: "standard" | "exponential";
                /** @description Attempts in all, the first included (default 8 for standard, 10 for exponential). */
                max_attempts?: number;
                /** @description Exponential: the first retry delay (default 5000). */
                initial_interval_ms?: number;
                /** @description Exponential: growth of the delay per attempt (default 2). */
                backoff_coefficient?: number;
                /** @description Exponential: the longest delay (default 36,000,000 = 10 h). */
                max_interval_ms?: number;
                /** @description Total deadline of one delivery, every attempt included (default 259,200 = 3 days). */
                max_duration_seconds?: number;
            };
        };
        UpdateWebhookRequest: {
            /**
             * Format: uri
             * @description The endpoint. https (http only for allow-listed development hosts outside production).
             */
            url?: string;
            /**
             * @description Event types to receive: exact names, `family.*` wildcards (`scenario.*`, `model.*`) or `*`. Each must match a type in the catalogue.
             * @example [
             *       "scenario.*",
             *       "batch.completed"
             *     ]
             */
            event_types?: string[];
            description?: string;
            /** @description false pauses deliveries; true re-enables a disabled subscription. */
            enabled?: boolean;
            retry_policy?: {
                /**
                 * @description `standard` (default): the Standard Webhooks schedule — immediately, then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. `exponential`: `initial_interval_ms` × `backoff_coefficient`^n, capped at `max_interval_ms`.
                 * @enum {string}
                 */
                schedule?: "standard" | "exponential";
                /** @description Attempts in all, the first included (default 8 for standard, 10 for exponential). */
                max_attempts?: number;
                /** @description Exponential: the first retry delay (default 5000). */
                initial_interval_ms?: number;
                /** @description Exponential: growth of the delay per attempt (default 2). */
                backoff_coefficient?: number;
                /** @description Exponential: the longest delay (default 36,000,000 = 10 h). */
                max_interval_ms?: number;
                /** @description Total deadline of one delivery, every attempt included (default 259,200 = 3 days). */
                max_duration_seconds?: number;
            };
        };
        RotateWebhookSecretRequest: {
            /** @description How long the old secret keeps signing beside the new one (default 86400; 0 ends it at once). */
            grace_period_seconds?: number;
        };
        WebhookDeliveryAttempt: {
            attempt: number;
            /**
             * Format: date-time
             * @description When the request was sent.
             */
            attempted_at: string;
            /** @enum {string} */
            outcome: "succeeded" | "retryable" | "retry_after" | "gone" | "refused";
            /** @description The headers sent (no secrets: signatures only). */
            request_headers: {
                [key: string]: string;
            };
            response_status: number | null;
            /** @description The first 1,024 characters of the response body. */
            response_body_excerpt: string | null;
            latency_ms: number;
            /** @description Why the attempt failed: status, timeout, connection error, refused destination. */
            error: string | null;
        };
        WebhookDelivery: {
            /** @example dlv_01jd2x0m3f8q4w7e5r6t9y2v1k */
            id: string;
            /** @constant */
            object: "webhook_delivery";
            webhook_id: string;
            event_id: string;
            event_type: string;
            /** @enum {string} */
            status: "pending" | "retrying" | "succeeded" | "failed";
            attempt_count: number;
            last_response_status?: number | null;
            last_error?: string | null;
            /**
             * Format: date-time
             * @description Last attempt.
             */
            last_attempt_at?: string | null;
            /** @description For a redelivery: the delivery it repeats. */
            redelivery_of?: string | null;
            /**
             * Format: date-time
             * @description When it succeeded or finally failed.
             */
            completed_at?: string | null;
            /**
             * Format: date-time
             * @description While `pending` or `retrying`: when its next attempt is due (the retry policy decides it after each failed attempt).
             */
            next_attempt_at?: string | null;
            /**
             * @description The Temporal workflow that delivers it, for operators: its subscription's lane, `webhook_lane/<webhook_id>` (deliveries made before the lanes name their own `webhook_delivery/…` workflow).
             * @example webhook_lane/whk_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            workflow_id?: string;
            /**
             * Format: date-time
             * @description Creation time.
             */
            created_at: string;
            attempts: components["schemas"]["WebhookDeliveryAttempt"][];
        };
        WebhookDeliveryList: {
            data: components["schemas"]["WebhookDelivery"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        Event: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /**
             * @description New event types may be added: ignore one you do not know.
             * @enum {string}
             */
            type: "scenario.completed" | "scenario.failed" | "scenario.deleted" | "batch.completed" | "model.version.created" | "model.version.submitted" | "model.version.approved" | "model.version.rejected" | "model.version.published" | "model.version.retired" | "model.deprecated" | "api_key.expiring" | "usage.quota.warning" | "usage.quota.exceeded" | "webhook.disabled" | "webhook.test" | "decision.created" | "decision.submitted" | "decision.step.approved" | "decision.approved" | "decision.rejected" | "decision.changes_requested" | "decision.resubmitted" | "decision.step.escalated" | "decision.step.reminder" | "decision.step.reassigned" | "decision.commented" | "decision.withdrawn" | "decision.expired" | "decision.implemented" | "decision.closed" | "decision.outcome.due" | "decision.outcome.recorded" | "decision.outcome_kpi.linked" | "decision.outcome_kpi.unlinked" | "kpi.value.recorded" | "kpi.alert.triggered" | "kpi.alert.resolved" | "integration.sync.started" | "integration.sync.completed" | "integration.sync.failed";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            /** @description The payload; its schema per type is in the `webhooks` section and GET /webhooks/event-types. */
            data: Record<string, unknown>;
        };
        EventList: {
            data: components["schemas"]["Event"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        EventType: {
            /** @constant */
            object: "event_type";
            /**
             * @description New event types may be added: ignore one you do not know.
             * @enum {string}
             */
            type: "scenario.completed" | "scenario.failed" | "scenario.deleted" | "batch.completed" | "model.version.created" | "model.version.submitted" | "model.version.approved" | "model.version.rejected" | "model.version.published" | "model.version.retired" | "model.deprecated" | "api_key.expiring" | "usage.quota.warning" | "usage.quota.exceeded" | "webhook.disabled" | "webhook.test" | "decision.created" | "decision.submitted" | "decision.step.approved" | "decision.approved" | "decision.rejected" | "decision.changes_requested" | "decision.resubmitted" | "decision.step.escalated" | "decision.step.reminder" | "decision.step.reassigned" | "decision.commented" | "decision.withdrawn" | "decision.expired" | "decision.implemented" | "decision.closed" | "decision.outcome.due" | "decision.outcome.recorded" | "decision.outcome_kpi.linked" | "decision.outcome_kpi.unlinked" | "kpi.value.recorded" | "kpi.alert.triggered" | "kpi.alert.resolved" | "integration.sync.started" | "integration.sync.completed" | "integration.sync.failed";
            summary: string;
            description: string;
            /** @description JSON Schema of the event's `data`. */
            data_schema: Record<string, unknown>;
        };
        EventTypeList: {
            data: components["schemas"]["EventType"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        Event_ScenarioCompleted: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "scenario.completed";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                scenario: {
                    /** @example scn_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    id: string;
                    name?: string | null;
                    model_id: string;
                    model_version: string;
                    run_number: number;
                    /** @constant */
                    status: "completed";
                    /** @description The run's metrics, as in GET /scenarios/{id}. */
                    metrics?: Record<string, unknown>;
                    /** Format: date-time */
                    completed_at: string;
                };
            };
        };
        Event_ScenarioFailed: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "scenario.failed";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                scenario: {
                    /** @example scn_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    id: string;
                    name?: string | null;
                    model_id: string;
                    model_version: string;
                    run_number: number;
                    /** @constant */
                    status: "failed";
                    /** @description A problem object: why the run failed. */
                    error?: Record<string, unknown>;
                    /** Format: date-time */
                    completed_at: string;
                };
            };
        };
        Event_ScenarioDeleted: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "scenario.deleted";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                scenario: {
                    id: string;
                    /** Format: date-time */
                    deleted_at: string;
                };
                actor: {
                    type: string;
                    id: string;
                    via_client?: string;
                };
            };
        };
        Event_BatchCompleted: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "batch.completed";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                batch: {
                    /** @example bat_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    id: string;
                    /** @enum {string} */
                    status: "completed" | "cancelled";
                    progress: {
                        total: number;
                        completed: number;
                        failed: number;
                        invalid: number;
                        cancelled: number;
                    };
                    /** Format: date-time */
                    completed_at: string;
                };
            };
        };
        Event_ModelVersionCreated: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "model.version.created";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                model: {
                    id: string;
                    name: string;
                };
                version: {
                    /** @example 2 */
                    version: string;
                    graph_sha256: string;
                    /** Format: date-time */
                    created_at: string;
                };
                actor: {
                    type: string;
                    id: string;
                    via_client?: string;
                };
            };
        };
        Event_ModelVersionSubmitted: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "model.version.submitted";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                model: {
                    id: string;
                    name: string;
                };
                version: {
                    /** @example 2 */
                    version: string;
                    /** @enum {string} */
                    status: "draft" | "in_review" | "published" | "retired" | "rejected";
                    content_revision: number;
                    graph_sha256: string;
                };
                /** @description The release decision that reviews the version. */
                decision_id?: string | null;
                release?: {
                    id: string;
                    /** @enum {string} */
                    kind: "review" | "rollback";
                    replaced_version: string | null;
                    reason: string | null;
                };
                comment?: string | null;
                actor: {
                    type: string;
                    id: string;
                    via_client?: string;
                };
            };
        };
        Event_ModelVersionApproved: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "model.version.approved";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                model: {
                    id: string;
                    name: string;
                };
                version: {
                    /** @example 2 */
                    version: string;
                    /** @enum {string} */
                    status: "draft" | "in_review" | "published" | "retired" | "rejected";
                    content_revision: number;
                    graph_sha256: string;
                };
                /** @description The release decision that reviews the version. */
                decision_id?: string | null;
                release?: {
                    id: string;
                    /** @enum {string} */
                    kind: "review" | "rollback";
                    replaced_version: string | null;
                    reason: string | null;
                };
                comment?: string | null;
                actor: {
                    type: string;
                    id: string;
                    via_client?: string;
                };
            };
        };
        Event_ModelVersionRejected: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "model.version.rejected";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                model: {
                    id: string;
                    name: string;
                };
                version: {
                    /** @example 2 */
                    version: string;
                    /** @enum {string} */
                    status: "draft" | "in_review" | "published" | "retired" | "rejected";
                    content_revision: number;
                    graph_sha256: string;
                };
                /** @description The release decision that reviews the version. */
                decision_id?: string | null;
                release?: {
                    id: string;
                    /** @enum {string} */
                    kind: "review" | "rollback";
                    replaced_version: string | null;
                    reason: string | null;
                };
                comment?: string | null;
                actor: {
                    type: string;
                    id: string;
                    via_client?: string;
                };
            };
        };
        Event_ModelVersionPublished: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "model.version.published";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                model: {
                    id: string;
                    name: string;
                };
                version: {
                    /** @example 2 */
                    version: string;
                    /** @enum {string} */
                    status: "draft" | "in_review" | "published" | "retired" | "rejected";
                    content_revision: number;
                    graph_sha256: string;
                };
                /** @description The release decision that reviews the version. */
                decision_id?: string | null;
                release?: {
                    id: string;
                    /** @enum {string} */
                    kind: "review" | "rollback";
                    replaced_version: string | null;
                    reason: string | null;
                };
                comment?: string | null;
                actor: {
                    type: string;
                    id: string;
                    via_client?: string;
                };
            };
        };
        Event_ModelVersionRetired: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "model.version.retired";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                model: {
                    id: string;
                    name: string;
                };
                version: {
                    /** @example 2 */
                    version: string;
                    /** @enum {string} */
                    status: "draft" | "in_review" | "published" | "retired" | "rejected";
                    content_revision: number;
                    graph_sha256: string;
                };
                /** @description The release decision that reviews the version. */
                decision_id?: string | null;
                release?: {
                    id: string;
                    /** @enum {string} */
                    kind: "review" | "rollback";
                    replaced_version: string | null;
                    reason: string | null;
                };
                comment?: string | null;
                actor: {
                    type: string;
                    id: string;
                    via_client?: string;
                };
            };
        };
        Event_ModelDeprecated: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "model.deprecated";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                model: {
                    id: string;
                    name: string;
                    /** Format: date-time */
                    deprecated_at: string;
                };
                actor: {
                    type: string;
                    id: string;
                    via_client?: string;
                };
            };
        };
        Event_ApiKeyExpiring: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "api_key.expiring";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                api_key: {
                    id: string;
                    name: string;
                    key_prefix: string;
                    /** Format: date-time */
                    expires_at: string;
                };
                /** @description The configured lead time, in days. */
                days_before: number;
            };
        };
        Event_UsageQuotaWarning: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "usage.quota.warning";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                quota: {
                    /** @enum {string} */
                    kind: "api_requests" | "scenario_runs" | "evaluations" | "records_synced" | "webhook_deliveries";
                    /** @enum {string} */
                    period: "month" | "day";
                    limit: number;
                    /** @example scenario_runs per month */
                    name: string;
                };
                /** @description The count when the threshold was crossed. */
                used: number;
                /** @description The count that was crossed: 80 % of the limit (rounded up), or the limit. */
                threshold: number;
                /** @enum {string} */
                policy: "refuse" | "allow_overage";
                /** Format: date-time */
                period_start: string;
                /** Format: date-time */
                period_end: string;
            };
        };
        Event_UsageQuotaExceeded: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "usage.quota.exceeded";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                quota: {
                    /** @enum {string} */
                    kind: "api_requests" | "scenario_runs" | "evaluations" | "records_synced" | "webhook_deliveries";
                    /** @enum {string} */
                    period: "month" | "day";
                    limit: number;
                    /** @example scenario_runs per month */
                    name: string;
                };
                /** @description The count when the threshold was crossed. */
                used: number;
                /** @description The count that was crossed: 80 % of the limit (rounded up), or the limit. */
                threshold: number;
                /** @enum {string} */
                policy: "refuse" | "allow_overage";
                /** Format: date-time */
                period_start: string;
                /** Format: date-time */
                period_end: string;
            };
        };
        Event_WebhookDisabled: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "webhook.disabled";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                webhook: {
                    id: string;
                    url: string;
                    /** @enum {string} */
                    disabled_reason: "endpoint_gone" | "failing_continuously";
                    /** Format: date-time */
                    disabled_at: string;
                };
            };
        };
        Event_WebhookTest: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "webhook.test";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                webhook: {
                    id: string;
                };
                message: string;
            };
        };
        Event_DecisionCreated: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "decision.created";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                decision: {
                    /** @example dec_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    id: string;
                    title: string;
                    /** @constant */
                    status: "draft";
                    owner_id: string | null;
                    option_count: number;
                    tags: string[];
                    /** Format: date-time */
                    due_at: string | null;
                    /** Format: date-time */
                    created_at: string;
                };
                actor: {
                    type: string;
                    id: string;
                    via_client?: string;
                };
            };
        };
        Event_DecisionSubmitted: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "decision.submitted";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                decision: {
                    /** @example dec_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    id: string;
                    title: string;
                    /** @enum {string} */
                    status: "pending_approval" | "approved" | "rejected";
                    current_step: number | null;
                    approval_policy_id: string;
                    approval_policy_version: number;
                };
                actor: {
                    type: string;
                    id: string;
                    via_client?: string;
                };
                transition: {
                    policy_id: string;
                    policy_version: number;
                    step_count: number;
                    /** @description The review round: 1 at submission, +1 per resubmission. */
                    round?: number;
                    workflow_id?: string;
                    steps?: string[];
                    /** @description Steps whose condition is false for the chosen scenario. */
                    skipped_steps?: string[];
                };
            };
        };
        Event_DecisionStepApproved: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "decision.step.approved";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                decision: {
                    /** @example dec_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    id: string;
                    title: string;
                    /** @enum {string} */
                    status: "pending_approval" | "approved" | "rejected";
                    current_step: number | null;
                    approval_policy_id: string;
                    approval_policy_version: number;
                };
                actor: {
                    type: string;
                    id: string;
                    via_client?: string;
                };
                transition: {
                    policy_id: string;
                    policy_version: number;
                    step_count: number;
                    /** @description The review round: 1 at submission, +1 per resubmission. */
                    round?: number;
                    step?: number;
                    step_name?: string;
                    comment?: string | null;
                    approvals_given?: number;
                    approvals_required?: number;
                    step_complete?: boolean;
                };
            };
        };
        Event_DecisionApproved: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "decision.approved";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                decision: {
                    /** @example dec_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    id: string;
                    title: string;
                    /** @enum {string} */
                    status: "pending_approval" | "approved" | "rejected";
                    current_step: number | null;
                    approval_policy_id: string;
                    approval_policy_version: number;
                };
                actor: {
                    type: string;
                    id: string;
                    via_client?: string;
                };
                transition: {
                    policy_id: string;
                    policy_version: number;
                    step_count: number;
                    /** @description The review round: 1 at submission, +1 per resubmission. */
                    round?: number;
                    approvers?: string[];
                };
            };
        };
        Event_DecisionRejected: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "decision.rejected";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                decision: {
                    /** @example dec_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    id: string;
                    title: string;
                    /** @enum {string} */
                    status: "pending_approval" | "approved" | "rejected";
                    current_step: number | null;
                    approval_policy_id: string;
                    approval_policy_version: number;
                };
                actor: {
                    type: string;
                    id: string;
                    via_client?: string;
                };
                transition: {
                    policy_id: string;
                    policy_version: number;
                    step_count: number;
                    /** @description The review round: 1 at submission, +1 per resubmission. */
                    round?: number;
                    step?: number;
                    step_name?: string;
                    comment?: string | null;
                };
            };
        };
        Event_DecisionChangesRequested: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "decision.changes_requested";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                decision: {
                    /** @example dec_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    id: string;
                    title: string;
                    /** @enum {string} */
                    status: "pending_approval" | "approved" | "rejected";
                    current_step: number | null;
                    approval_policy_id: string;
                    approval_policy_version: number;
                };
                actor: {
                    type: string;
                    id: string;
                    via_client?: string;
                };
                transition: {
                    policy_id: string;
                    policy_version: number;
                    step_count: number;
                    /** @description The review round: 1 at submission, +1 per resubmission. */
                    round?: number;
                    step?: number;
                    step_name?: string;
                    comment?: string | null;
                };
            };
        };
        Event_DecisionResubmitted: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "decision.resubmitted";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                decision: {
                    /** @example dec_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    id: string;
                    title: string;
                    /** @enum {string} */
                    status: "pending_approval" | "approved" | "rejected";
                    current_step: number | null;
                    approval_policy_id: string;
                    approval_policy_version: number;
                };
                actor: {
                    type: string;
                    id: string;
                    via_client?: string;
                };
                transition: {
                    policy_id: string;
                    policy_version: number;
                    step_count: number;
                    /** @description The review round: 1 at submission, +1 per resubmission. */
                    round?: number;
                    content_changed?: boolean;
                    dismissed_approvals?: {
                        step?: number;
                        user_id?: string;
                    }[];
                    editors?: string[];
                    step?: number | null;
                    comment?: string | null;
                };
            };
        };
        Event_DecisionStepEscalated: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "decision.step.escalated";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                decision: {
                    /** @example dec_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    id: string;
                    title: string;
                    /** @enum {string} */
                    status: "pending_approval" | "approved" | "rejected";
                    current_step: number | null;
                    approval_policy_id: string;
                    approval_policy_version: number;
                };
                actor: {
                    type: string;
                    id: string;
                    via_client?: string;
                };
                transition: {
                    policy_id: string;
                    policy_version: number;
                    step_count: number;
                    /** @description The review round: 1 at submission, +1 per resubmission. */
                    round?: number;
                    step?: number;
                    step_name?: string;
                    /** Format: date-time */
                    sla_due_at?: string;
                    escalated_to?: {
                        role?: string;
                        user_ids?: string[];
                    } | null;
                };
            };
        };
        Event_DecisionStepReminder: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "decision.step.reminder";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                decision: {
                    /** @example dec_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    id: string;
                    title: string;
                    /** @enum {string} */
                    status: "pending_approval" | "approved" | "rejected";
                    current_step: number | null;
                    approval_policy_id: string;
                    approval_policy_version: number;
                };
                actor: {
                    type: string;
                    id: string;
                    via_client?: string;
                };
                transition: {
                    policy_id: string;
                    policy_version: number;
                    step_count: number;
                    /** @description The review round: 1 at submission, +1 per resubmission. */
                    round?: number;
                    step?: number;
                    step_name?: string;
                    /** Format: date-time */
                    sla_due_at?: string;
                    approvals_given?: number;
                    approvals_required?: number;
                    /** @description true: the reminder before the SLA ends; false: after it escalated. Absent in events of before 2026-11-28. */
                    before_sla?: boolean;
                };
            };
        };
        Event_DecisionStepReassigned: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "decision.step.reassigned";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                decision: {
                    /** @example dec_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    id: string;
                    title: string;
                    /** @enum {string} */
                    status: "pending_approval" | "approved" | "rejected";
                    current_step: number | null;
                    approval_policy_id: string;
                    approval_policy_version: number;
                };
                actor: {
                    type: string;
                    id: string;
                    via_client?: string;
                };
                transition: {
                    policy_id: string;
                    policy_version: number;
                    step_count: number;
                    /** @description The review round: 1 at submission, +1 per resubmission. */
                    round?: number;
                    step?: number;
                    step_name?: string;
                    comment?: string | null;
                    from?: {
                        role?: string;
                        user_ids?: string[];
                    } | null;
                    to?: {
                        role?: string;
                        user_ids?: string[];
                    } | null;
                };
            };
        };
        Event_DecisionCommented: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "decision.commented";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                decision: {
                    /** @example dec_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    id: string;
                    title: string;
                    /** @enum {string} */
                    status: "pending_approval" | "approved" | "rejected";
                    current_step: number | null;
                    approval_policy_id: string;
                    approval_policy_version: number;
                };
                actor: {
                    type: string;
                    id: string;
                    via_client?: string;
                };
                transition: {
                    policy_id: string;
                    policy_version: number;
                    step_count: number;
                    /** @description The review round: 1 at submission, +1 per resubmission. */
                    round?: number;
                    status?: string;
                    step?: number | null;
                    comment?: string;
                };
            };
        };
        Event_DecisionWithdrawn: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "decision.withdrawn";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                decision: {
                    /** @example dec_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    id: string;
                    title: string;
                    /** @enum {string} */
                    status: "pending_approval" | "approved" | "rejected";
                    current_step: number | null;
                    approval_policy_id: string;
                    approval_policy_version: number;
                };
                actor: {
                    type: string;
                    id: string;
                    via_client?: string;
                };
                transition: {
                    policy_id: string;
                    policy_version: number;
                    step_count: number;
                    /** @description The review round: 1 at submission, +1 per resubmission. */
                    round?: number;
                    step?: number | null;
                    comment?: string | null;
                };
            };
        };
        Event_DecisionExpired: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "decision.expired";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                decision: {
                    /** @example dec_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    id: string;
                    title: string;
                    /** @enum {string} */
                    status: "pending_approval" | "approved" | "rejected";
                    current_step: number | null;
                    approval_policy_id: string;
                    approval_policy_version: number;
                };
                actor: {
                    type: string;
                    id: string;
                    via_client?: string;
                };
                transition: {
                    policy_id: string;
                    policy_version: number;
                    step_count: number;
                    /** @description The review round: 1 at submission, +1 per resubmission. */
                    round?: number;
                    step?: number;
                    step_name?: string;
                    /** Format: date-time */
                    deadline_at?: string;
                };
            };
        };
        Event_DecisionImplemented: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "decision.implemented";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                decision: {
                    /** @example dec_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    id: string;
                    title: string;
                    /** @enum {string} */
                    status: "pending_approval" | "approved" | "rejected";
                    current_step: number | null;
                    approval_policy_id: string;
                    approval_policy_version: number;
                };
                actor: {
                    type: string;
                    id: string;
                    via_client?: string;
                };
                transition: {
                    policy_id: string;
                    policy_version: number;
                    step_count: number;
                    /** @description The review round: 1 at submission, +1 per resubmission. */
                    round?: number;
                    comment?: string | null;
                };
            };
        };
        Event_DecisionClosed: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "decision.closed";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                decision: {
                    /** @example dec_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    id: string;
                    title: string;
                    /** @enum {string} */
                    status: "pending_approval" | "approved" | "rejected";
                    current_step: number | null;
                    approval_policy_id: string;
                    approval_policy_version: number;
                };
                actor: {
                    type: string;
                    id: string;
                    via_client?: string;
                };
                transition: {
                    policy_id: string;
                    policy_version: number;
                    step_count: number;
                    /** @description The review round: 1 at submission, +1 per resubmission. */
                    round?: number;
                    outcome_reviews_cancelled?: string[];
                    comment?: string | null;
                };
            };
        };
        Event_DecisionOutcomeDue: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "decision.outcome.due";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                decision: {
                    /** @example dec_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    id: string;
                    title: string;
                    /** @enum {string} */
                    status: "pending_approval" | "approved" | "rejected";
                    current_step: number | null;
                    approval_policy_id: string;
                    approval_policy_version: number;
                };
                actor: {
                    type: string;
                    id: string;
                    via_client?: string;
                };
                transition: {
                    policy_id: string;
                    policy_version: number;
                    step_count: number;
                    /** @description The review round: 1 at submission, +1 per resubmission. */
                    round?: number;
                    /** Format: date-time */
                    review_at?: string;
                    review_number?: number;
                    review_count?: number;
                };
            };
        };
        Event_DecisionOutcomeRecorded: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "decision.outcome.recorded";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                decision: {
                    /** @example dec_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    id: string;
                    title: string;
                    /** @enum {string} */
                    status: "approved" | "implemented";
                };
                outcome: {
                    /** @example out_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    id: string;
                    metric: string;
                    expected_value: number;
                    /** @enum {string} */
                    expected_source: "given" | "scenario_snapshot";
                    actual_value: number;
                    /** @description actual − expected. */
                    variance: number | null;
                    /** @description (actual − expected) / |expected| × 100; null when expected is 0. */
                    relative_variance_percent: number | null;
                    /** Format: date-time */
                    observed_at: string;
                    note: string | null;
                    /** @description The earlier outcome this one corrects. */
                    supersedes: string | null;
                    /** Format: date-time */
                    recorded_at: string;
                };
                actor: {
                    type: string;
                    id: string;
                    via_client?: string;
                };
            };
        };
        Event_DecisionOutcomeKpiLinked: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "decision.outcome_kpi.linked";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                decision: {
                    /** @example dec_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    id: string;
                    title: string;
                    /** @enum {string} */
                    status: "approved" | "implemented";
                };
                link: {
                    /** @example okl_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    id: string;
                    metric: string;
                    /** @example kpi_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    kpi_id: string;
                    expected_value: number;
                    /** @enum {string} */
                    expected_source: "given" | "scenario_snapshot";
                    /** Format: date-time */
                    linked_at: string;
                };
                actor: {
                    type: string;
                    id: string;
                    via_client?: string;
                };
            };
        };
        Event_DecisionOutcomeKpiUnlinked: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "decision.outcome_kpi.unlinked";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                decision: {
                    /** @example dec_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    id: string;
                    title: string;
                    /** @enum {string} */
                    status: "approved" | "implemented";
                };
                link: {
                    /** @example okl_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    id: string;
                    metric: string;
                    /** @example kpi_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    kpi_id: string;
                    expected_value: number;
                    /** @enum {string} */
                    expected_source: "given" | "scenario_snapshot";
                    /** Format: date-time */
                    linked_at: string;
                };
                actor: {
                    type: string;
                    id: string;
                    via_client?: string;
                };
            };
        };
        Event_KpiValueRecorded: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "kpi.value.recorded";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                kpi: {
                    /** @example kpi_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    id: string;
                    name: string;
                };
                /** @enum {string} */
                source: "api" | "scenario" | "sync" | "schedule";
                /** @description The completed scenario the point came from (source `scenario`). */
                scenario_id: string | null;
                /** @description Source `sync`: the integration sync after which a `dataset` KPI was recomputed; source `schedule`: the sync that had last changed the dataset. */
                sync_id?: string;
                count: number;
                replaced: number;
                /** Format: date-time */
                first_timestamp: string;
                /** Format: date-time */
                last_timestamp: string;
                /** @description The point, when exactly one was recorded. */
                point: {
                    /** Format: date-time */
                    timestamp?: string;
                    value?: number;
                    scenario_id?: string | null;
                } | null;
            };
        };
        Event_KpiAlertTriggered: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "kpi.alert.triggered";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                kpi: {
                    /** @example kpi_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    id: string;
                    name: string;
                };
                rule: {
                    /** @example kar_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    id: string;
                    name: string;
                    /** @enum {string} */
                    kind: "threshold" | "rate_of_change" | "no_data";
                };
                alert: {
                    /** @example kal_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    id: string;
                    /** @enum {string} */
                    severity: "warning" | "critical";
                    /** @enum {string} */
                    state: "pending" | "firing" | "acknowledged" | "resolved";
                    /** Format: date-time */
                    started_at: string;
                    /** Format: date-time */
                    fired_at: string | null;
                    /** Format: date-time */
                    resolved_at: string | null;
                    /** @enum {string|null} */
                    resolution: "recovery" | "cancelled" | "manual" | "revision" | null;
                };
                /** @enum {string} */
                notification?: "first" | "renotification";
                /** @description Why it fired, in one sentence. */
                summary?: string | null;
            };
        };
        Event_KpiAlertResolved: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "kpi.alert.resolved";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                kpi: {
                    /** @example kpi_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    id: string;
                    name: string;
                };
                rule: {
                    /** @example kar_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    id: string;
                    name: string;
                    /** @enum {string} */
                    kind: "threshold" | "rate_of_change" | "no_data";
                };
                alert: {
                    /** @example kal_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    id: string;
                    /** @enum {string} */
                    severity: "warning" | "critical";
                    /** @enum {string} */
                    state: "pending" | "firing" | "acknowledged" | "resolved";
                    /** Format: date-time */
                    started_at: string;
                    /** Format: date-time */
                    fired_at: string | null;
                    /** Format: date-time */
                    resolved_at: string | null;
                    /** @enum {string|null} */
                    resolution: "recovery" | "cancelled" | "manual" | "revision" | null;
                };
            };
        };
        Event_IntegrationSyncStarted: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "integration.sync.started";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                sync: {
                    /** @example syn_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    id: string;
                    integration_id: string;
                    /** @enum {string} */
                    mode: "full" | "incremental";
                    dataset: string;
                    /** @enum {string} */
                    status: "syncing" | "completed" | "partially_completed" | "failed" | "cancelled";
                    mapping_version: number;
                    counts: {
                        read: number;
                        inserted: number;
                        updated: number;
                        unchanged: number;
                        rejected: number;
                        deleted: number;
                    };
                    error: {
                        code?: string;
                        detail?: string;
                    } | null;
                    /** @description Data-quality warnings (`fill_rate_dropped`), as on the sync. */
                    warnings?: {
                        code?: string;
                        field?: string;
                        previous?: number;
                        current?: number;
                    }[];
                };
            };
        };
        Event_IntegrationSyncCompleted: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "integration.sync.completed";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                sync: {
                    /** @example syn_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    id: string;
                    integration_id: string;
                    /** @enum {string} */
                    mode: "full" | "incremental";
                    dataset: string;
                    /** @enum {string} */
                    status: "syncing" | "completed" | "partially_completed" | "failed" | "cancelled";
                    mapping_version: number;
                    counts: {
                        read: number;
                        inserted: number;
                        updated: number;
                        unchanged: number;
                        rejected: number;
                        deleted: number;
                    };
                    error: {
                        code?: string;
                        detail?: string;
                    } | null;
                    /** @description Data-quality warnings (`fill_rate_dropped`), as on the sync. */
                    warnings?: {
                        code?: string;
                        field?: string;
                        previous?: number;
                        current?: number;
                    }[];
                };
            };
        };
        Event_IntegrationSyncFailed: {
            /**
             * @description The event id (`evt_…`), also sent as `webhook-id`: the same on every retry and redelivery.
             * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "event";
            /** @constant */
            type: "integration.sync.failed";
            /**
             * @description The payload version: fields are only added within v1.
             * @constant
             */
            api_version: "v1";
            tenant_id: string;
            /** @description Per tenant, strictly increasing in commit order: receivers can reorder by it and spot gaps. */
            sequence: number;
            /**
             * Format: date-time
             * @description When the change that caused the event was made.
             */
            created_at: string;
            data: {
                sync: {
                    /** @example syn_01jd2x0m3f8q4w7e5r6t9y2v1k */
                    id: string;
                    integration_id: string;
                    /** @enum {string} */
                    mode: "full" | "incremental";
                    dataset: string;
                    /** @enum {string} */
                    status: "syncing" | "completed" | "partially_completed" | "failed" | "cancelled";
                    mapping_version: number;
                    counts: {
                        read: number;
                        inserted: number;
                        updated: number;
                        unchanged: number;
                        rejected: number;
                        deleted: number;
                    };
                    error: {
                        code?: string;
                        detail?: string;
                    } | null;
                    /** @description Data-quality warnings (`fill_rate_dropped`), as on the sync. */
                    warnings?: {
                        code?: string;
                        field?: string;
                        previous?: number;
                        current?: number;
                    }[];
                };
            };
        };
        NotificationPreferences: {
            /** @constant */
            object: "notification_preferences";
            /**
             * @description IANA time zone: dates in messages and the digest's day.
             * @example Europe/Berlin
             */
            time_zone: string;
            kinds: {
                /** @enum {string} */
                kind: "approval_requested" | "approval_reminder" | "decision_result" | "mention" | "model_review_requested" | "model_review_result" | "kpi_alert" | "operations";
                title: string;
                description: string;
                /** @enum {string} */
                default: "immediate" | "digest" | "off";
                /** @description The tenant made it mandatory: `off` is not possible. */
                mandatory: boolean;
                /**
                 * @description The person's choice; null: the default.
                 * @enum {string|null}
                 */
                chosen: "immediate" | "digest" | "off" | null;
                /**
                 * @description What applies.
                 * @enum {string}
                 */
                delivery: "immediate" | "digest" | "off";
            }[];
        };
        UpdateNotificationPreferencesRequest: {
            /** @example Europe/Berlin */
            time_zone?: string;
            /**
             * @description Kind → `immediate`, `digest` or `off`. Kinds not named keep their setting.
             * @example {
             *       "kpi_alert": "digest",
             *       "mention": "off"
             *     }
             */
            preferences?: {
                [key: string]: "immediate" | "digest" | "off";
            };
        };
        Notification: {
            /**
             * @description Also the email's Message-ID (`<ntf_…@host>`).
             * @example ntf_01jd2x0m3f8q4w7e5r6t9y2v1k
             */
            id: string;
            /** @constant */
            object: "notification";
            /** @enum {string} */
            channel: "email" | "chat";
            /** @description A notification kind, `invitation` or `digest`. */
            kind: string;
            /** @description The member it is for (email). */
            user_id: string | null;
            chat_destination_id: string | null;
            /** @description The email address, or the chat destination's host. */
            recipient: string;
            subject: string;
            /** @description The event it tells of. */
            event_id: string | null;
            event_type: string | null;
            /** @enum {string} */
            delivery: "immediate" | "digest";
            /** @enum {string} */
            status: "pending" | "sending" | "sent" | "failed" | "digested" | "cancelled";
            attempts: number;
            /** @description The server's answer to the last failed attempt. */
            last_error: string | null;
            /** @description The SMTP reply code (or HTTP status for chat) of the last attempt. */
            last_response_code: number | null;
            /** @description For an item that went out in a digest: that digest. */
            digest_id: string | null;
            /**
             * Format: date-time
             * @description When it is (or was) due: now, a retry's time, or the digest's hour.
             */
            due_at: string;
            /**
             * Format: date-time
             * @description When the server accepted it.
             */
            sent_at: string | null;
            /**
             * Format: date-time
             * @description Creation time.
             */
            created_at: string;
        };
        NotificationList: {
            data: components["schemas"]["Notification"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        NotificationSettings: {
            /** @constant */
            object: "notification_settings";
            mandatory_kinds: ("approval_requested" | "approval_reminder" | "decision_result" | "mention" | "model_review_requested" | "model_review_result" | "kpi_alert" | "operations")[];
        };
        UpdateNotificationSettingsRequest: {
            mandatory_kinds: ("approval_requested" | "approval_reminder" | "decision_result" | "mention" | "model_review_requested" | "model_review_result" | "kpi_alert" | "operations")[];
        };
        ChatDestination: {
            /** @example chd_01jd2x0m3f8q4w7e5r6t9y2v1k */
            id: string;
            /** @constant */
            object: "chat_destination";
            name: string;
            /** @enum {string} */
            format: "slack" | "teams";
            /** @description The webhook URL's host (the URL itself is a credential and is not shown). */
            url_host: string;
            kinds: ("approval_requested" | "approval_reminder" | "decision_result" | "mention" | "model_review_requested" | "model_review_result" | "kpi_alert" | "operations")[];
            enabled: boolean;
            created_by: components["schemas"]["Actor"];
            /**
             * Format: date-time
             * @description Creation time.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description Last change.
             */
            updated_at: string;
        };
        ChatDestinationList: {
            data: components["schemas"]["ChatDestination"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        CreateChatDestinationRequest: {
            name: string;
            /**
             * @description `slack`: a Slack incoming webhook (Block Kit). `teams`: a Microsoft Teams Workflows webhook (Adaptive Card).
             * @enum {string}
             */
            format: "slack" | "teams";
            /**
             * Format: uri
             * @description The incoming-webhook URL. Checked by the webhooks' destination rules (https; no private addresses). Never shown again: it is a credential.
             */
            url: string;
            /** @description The kinds posted to it. */
            kinds: ("approval_requested" | "approval_reminder" | "decision_result" | "mention" | "model_review_requested" | "model_review_result" | "kpi_alert" | "operations")[];
            enabled?: boolean;
        };
        UpdateChatDestinationRequest: {
            name?: string;
            /**
             * @description `slack`: a Slack incoming webhook (Block Kit). `teams`: a Microsoft Teams Workflows webhook (Adaptive Card).
             * @enum {string}
             */
            format?: "slack" | "teams";
            /**
             * Format: uri
             * @description The incoming-webhook URL. Checked by the webhooks' destination rules (https; no private addresses). Never shown again: it is a credential.
             */
            url?: string;
            /** @description The kinds posted to it. */
            kinds?: ("approval_requested" | "approval_reminder" | "decision_result" | "mention" | "model_review_requested" | "model_review_result" | "kpi_alert" | "operations")[];
            enabled?: boolean;
        };
        KpiWatchers: {
            /** @constant */
            object: "kpi_watchers";
            kpi_id: string;
            data: {
                user_id: string;
                /**
                 * Format: date-time
                 * @description Watching since.
                 */
                since: string;
            }[];
        };
        /**
         * @description One audit record, with every stored field.
         *
         *     **The hash chain.** Each record has the fields `tenant_id`, `sequence` (a JSON number: 1, 2, 3, … per tenant, in commit
         *     order, without gaps), `id` (`aud_…`), `occurred_at` (RFC 3339 UTC with milliseconds, `2026-11-23T10:00:00.000Z`), `actor`
         *     (`{"type","id"}` plus `via_client` for a user acting through a client), `action`, `resource_type` (the API's `object` name:
         *     `api_key`, `oauth_client`, `member`), `resource_id`, `payload` (a JSON object), `previous_hash` and `hash`. In API
         *     responses a record also carries `object: "audit_record"`, which is not hashed.
         *
         *     - `hash` = lowercase hex SHA-256 of the UTF-8 **canonical JSON** of the object made of every field *except* `hash` (and
         *       `object`): object keys sorted (by UTF-16 code units, as JavaScript sorts) at every depth, no whitespace, strings and numbers
         *       as `JSON.stringify` writes them, members whose value is absent left out.
         *     - `previous_hash` = the `hash` of the same tenant's record `sequence - 1`; for `sequence` 1 it is the genesis value, 64
         *       zeros (`0000…0000`).
         *     - A chain verifies when, walking by ascending `sequence` from 1, every sequence follows the one before, every
         *       `previous_hash` equals the previous record's `hash`, and every `hash` recomputes. The first record where one of these
         *       fails is the *first broken sequence* (for a deleted record, the missing number). The walk must also end at the tenant's
         *       head (its last sequence and hash), which catches records deleted from the end and a last record rewritten with a
         *       recomputed hash.
         * @example {
         *       "object": "audit_record",
         *       "tenant_id": "ten_01m7yvtgfnhh2184xs5k41gnd7",
         *       "sequence": 1,
         *       "id": "aud_01m84a2b3c4d5e6f7g8h9j0k1m",
         *       "occurred_at": "2026-11-23T10:00:00.000Z",
         *       "actor": {
         *         "type": "api_key",
         *         "id": "key_01m7yvtbhsa3cnfee9tx337zfn"
         *       },
         *       "action": "api_key.created",
         *       "resource_type": "api_key",
         *       "resource_id": "key_01m84a2a9qkd3e5v7w8x0y1z2a",
         *       "payload": {
         *         "name": "ci",
         *         "scopes": [
         *           "scenarios:read"
         *         ],
         *         "expires_at": null
         *       },
         *       "previous_hash": "0000000000000000000000000000000000000000000000000000000000000000",
         *       "hash": "44108249f63dd513d56ae60273f4d72db01faf17f48db9b4a3c27a3d92e0507a"
         *     }
         */
        AuditRecord: {
            /**
             * @description Not hashed.
             * @constant
             */
            object: "audit_record";
            /** @description The tenant whose chain this is (hashed, so a record cannot move between tenants). */
            tenant_id: string;
            /** @description Position in the tenant's chain: 1, 2, 3, … in commit order, without gaps. */
            sequence: number;
            /** @description Audit record id (`aud_…`). */
            id: string;
            /**
             * Format: date-time
             * @description When the change was made (RFC 3339 UTC with milliseconds; hashed as this exact string).
             */
            occurred_at: string;
            actor: components["schemas"]["Actor"];
            /**
             * @description `<resource_type>.<verb>`. New actions may be added as more families are audited.
             * @enum {string}
             */
            action: "api_key.created" | "api_key.rotated" | "api_key.revoked" | "oauth_client.created" | "oauth_client.revoked" | "member.created" | "member.role_changed" | "member.removed" | "member.invited" | "member.invitation_revoked" | "member.invitation_accepted" | "decision.created" | "decision.updated" | "decision.deleted" | "decision.evidence_attached" | "decision.evidence_detached" | "decision.submitted" | "decision.step.approved" | "decision.approved" | "decision.rejected" | "decision.changes_requested" | "decision.resubmitted" | "decision.step.escalated" | "decision.step.reminder" | "decision.step.reassigned" | "decision.commented" | "decision.withdrawn" | "decision.expired" | "decision.implemented" | "decision.closed" | "decision.outcome.due" | "decision.outcome_recorded" | "decision.outcome_kpi_linked" | "decision.outcome_kpi_unlinked" | "model.version.created" | "model.version.replaced" | "model.version.submitted" | "model.version.approved" | "model.version.rejected" | "model.version.changes_requested" | "model.version.returned_to_draft" | "model.version.published" | "model.version.retired" | "model.updated" | "model.legal_hold_placed" | "model.legal_hold_lifted" | "model_settings.updated" | "approval_policy.created" | "approval_policy.version_created" | "approval_policy.archived" | "integration.created" | "integration.updated" | "integration.deleted" | "integration.field_mapping_created" | "integration.sync_requested" | "integration.file_uploaded" | "integration.sync_cancelled" | "dataset.created" | "dataset.updated" | "dataset.deleted" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated" | "webhook.test_sent" | "webhook.redelivery_requested" | "notification_settings.updated" | "chat_destination.created" | "chat_destination.updated" | "chat_destination.deleted" | "usage_quotas.updated" | "dedicated_endpoint.updated" | "dedicated_workers.updated";
            /**
             * @description The API `object` name of the resource changed.
             * @enum {string}
             */
            resource_type: "api_key" | "oauth_client" | "member" | "decision" | "model" | "approval_policy" | "integration" | "dataset" | "webhook" | "notification_settings" | "model_settings" | "chat_destination" | "usage_quotas" | "dedicated_endpoint" | "dedicated_workers";
            /** @description The id of the resource changed (`key_…`, `cli_…`, `usr_…`). */
            resource_id: string;
            /** @description What changed: ids, names, scopes, roles, expiry. Never a secret or a secret's hash. */
            payload: Record<string, unknown>;
            /** @description The `hash` of the tenant's record `sequence - 1`; 64 zeros for sequence 1. */
            previous_hash: string;
            /** @description SHA-256 (lowercase hex) of the canonical JSON of every other field except `object`. */
            hash: string;
        };
        AuditRecordList: {
            data: components["schemas"]["AuditRecord"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        /**
         * @description The result of re-walking the tenant's whole chain from sequence 1 to its head as it stood when the walk began.
         * @example {
         *       "object": "audit_log_verification",
         *       "verified": false,
         *       "records_checked": 3,
         *       "first_broken_sequence": 3,
         *       "head_sequence": 9,
         *       "head_hash": "44108249f63dd513d56ae60273f4d72db01faf17f48db9b4a3c27a3d92e0507a",
         *       "checked_at": "2026-11-23T10:05:00.000Z"
         *     }
         */
        AuditLogVerification: {
            /** @constant */
            object: "audit_log_verification";
            /** @description true when every record links, every hash recomputes and the walk ends at the head. */
            verified: boolean;
            /** @description Records read up to and including the first broken one (all of them when verified). */
            records_checked: number;
            /** @description The first sequence that breaks the chain: an edited or replaced record, or the missing number of a deleted one. null when verified. */
            first_broken_sequence: number | null;
            /** @description The tenant's last sequence (0 for an empty log). */
            head_sequence: number;
            /** @description The `hash` of the head record (64 zeros for an empty log): keep it to detect a later rewrite of history. */
            head_hash: string;
            /**
             * Format: date-time
             * @description When the walk began.
             */
            checked_at: string;
        };
        /** @description Every filter is optional: an empty body exports the whole log. */
        CreateAuditExportRequest: {
            /**
             * Format: date-time
             * @description Only records at or after this time.
             */
            occurred_after?: string;
            /**
             * Format: date-time
             * @description Only records before this time; must be later than `occurred_after`.
             */
            occurred_before?: string;
            /** @description Only records about these resource types (`api_key`, `oauth_client`, `member`, `decision`, `approval_policy`). */
            resource_types?: string[];
            /** @description Only records about decisions whose **current** status (when the export is read, not when the record was written) is one of these. Records about anything other than a decision, and about deleted decisions, are left out. */
            decision_statuses?: ("draft" | "pending_approval" | "changes_requested" | "approved" | "rejected" | "withdrawn" | "expired" | "implemented" | "closed")[];
            /** @description Only records about decisions that currently carry **any** of these tags. Records about anything other than a decision, and about deleted decisions, are left out. With `decision_statuses` as well, a decision must match both. */
            decision_tags?: string[];
        };
        /** @description The filters as applied (times normalised to RFC 3339 UTC with milliseconds, lists sorted). */
        AuditExportFilters: {
            /**
             * Format: date-time
             * @description Only records at or after this time.
             */
            occurred_after?: string;
            /**
             * Format: date-time
             * @description Only records before this time; must be later than `occurred_after`.
             */
            occurred_before?: string;
            /** @description Only records about these resource types (`api_key`, `oauth_client`, `member`, `decision`, `approval_policy`). */
            resource_types?: string[];
            /** @description Only records about decisions whose **current** status (when the export is read, not when the record was written) is one of these. Records about anything other than a decision, and about deleted decisions, are left out. */
            decision_statuses?: ("draft" | "pending_approval" | "changes_requested" | "approved" | "rejected" | "withdrawn" | "expired" | "implemented" | "closed")[];
            /** @description Only records about decisions that currently carry **any** of these tags. Records about anything other than a decision, and about deleted decisions, are left out. With `decision_statuses` as well, a decision must match both. */
            decision_tags?: string[];
        };
        /** @description What the digest JWS signs. */
        AuditExportDigest: {
            tenant_id: string;
            export_id: string;
            filters: components["schemas"]["AuditExportFilters"];
            record_count: number;
            /** @description Sequence of the first exported record; null for an empty export. */
            first_sequence: number | null;
            /** @description Sequence of the last exported record; null for an empty export. */
            last_sequence: number | null;
            /** @description The `hash` of the last exported record. */
            chain_head_hash: string | null;
            /** @description The tenant's last audit sequence when the export was read (0 for an empty log); every exported record is at or below it. */
            log_head_sequence: number;
            /** @description The hash of the tenant's record `log_head_sequence` (64 zeros for an empty log): the whole chain up to there, signed. */
            log_head_hash: string;
            /** @description SHA-256 of the JSON Lines file, lowercase hex. */
            jsonl_sha256: string;
            /** @description SHA-256 of the CSV file, lowercase hex. */
            csv_sha256: string;
            /**
             * Format: date-time
             * @description When the digest was signed.
             */
            created_at: string;
        };
        /**
         * @example {
         *       "id": "aex_01jd3m2n4p5q6r7s8t9v0w1x2y",
         *       "object": "audit_export",
         *       "status": "completed",
         *       "filters": {
         *         "resource_types": [
         *           "api_key"
         *         ]
         *       },
         *       "progress": {
         *         "records_written": 2000
         *       },
         *       "digest": {
         *         "tenant_id": "ten_01jd3k9x7y8z0a1b2c3d4e5f6g",
         *         "export_id": "aex_01jd3m2n4p5q6r7s8t9v0w1x2y",
         *         "filters": {
         *           "resource_types": [
         *             "api_key"
         *           ]
         *         },
         *         "record_count": 2000,
         *         "first_sequence": 1,
         *         "last_sequence": 2000,
         *         "chain_head_hash": "9f2c4e6a8b0d1f3e5a7c9b1d3f5e7a9c1b3d5f7e9a1c3b5d7f9e1a3c5b7d9f1e",
         *         "log_head_sequence": 2000,
         *         "log_head_hash": "9f2c4e6a8b0d1f3e5a7c9b1d3f5e7a9c1b3d5f7e9a1c3b5d7f9e1a3c5b7d9f1e",
         *         "jsonl_sha256": "3b7d9f1e5a7c9b1d3f5e7a9c1b3d5f7e9a1c3b5d7f9e1a3c5b7d9f1e9f2c4e6a",
         *         "csv_sha256": "5a7c9b1d3f5e7a9c1b3d5f7e9a1c3b5d7f9e1a3c5b7d9f1e9f2c4e6a3b7d9f1e",
         *         "created_at": "2026-11-23T10:00:05.000Z"
         *       },
         *       "error": null,
         *       "workflow_id": "audit_export/aex_01jd3m2n4p5q6r7s8t9v0w1x2y",
         *       "created_by": {
         *         "type": "api_key",
         *         "id": "key_01jd3k9x7y8z0a1b2c3d4e5f6g"
         *       },
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "updated_at": "2026-11-23T10:00:05.000Z",
         *       "completed_at": "2026-11-23T10:00:05.000Z"
         *     }
         */
        AuditExport: {
            /** @description `aex_…` */
            id: string;
            /** @enum {string} */
            object: "audit_export";
            /**
             * @description `pending` → `running` → `completed` (files and digest available) or `failed` (every attempt failed; create a new export).
             * @enum {string}
             */
            status: "pending" | "running" | "completed" | "failed";
            filters: components["schemas"]["AuditExportFilters"];
            progress: {
                /** @description Records written so far (updated about every second while running). */
                records_written: number;
            };
            /** @description The signed digest's payload, once completed. */
            digest: components["schemas"]["AuditExportDigest"] | null;
            error: {
                code: string;
                detail: string;
            } | null;
            /** @description The Temporal workflow writing the export (`audit_export/aex_…`). */
            workflow_id: string;
            created_by: components["schemas"]["Actor"];
            /**
             * Format: date-time
             * @description When the export was requested.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description Last status or progress change.
             */
            updated_at: string;
            /**
             * Format: date-time
             * @description When it completed or failed.
             */
            completed_at: string | null;
        };
        AuditJwks: {
            keys: {
                kty: string;
                crv?: string;
                x?: string;
                y?: string;
                kid: string;
                alg: string;
                use?: string;
            }[];
        };
    };
    responses: {
        /** @description Malformed request: a body that is not valid JSON or not valid UTF-8 (`malformed_json`), invalid query parameters (`invalid_parameters`: numbers not in plain decimal digits, values out of range, any U+0000 character) or a cursor this API did not issue (`invalid_cursor`). */
        BadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Missing, malformed, unknown, expired (`api_key_expired`, `token_expired`) or revoked (`api_key_revoked`, `token_revoked`) credentials, or an access token that is not valid here (`invalid_token`). */
        Unauthorized: {
            headers: {
                /** @description Bearer challenge; for a refused access token with `error="invalid_token"` (RFC 6750). */
                "WWW-Authenticate"?: string;
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The credentials lack the scope this operation needs (`insufficient_scope`, see `required_scope`). */
        Forbidden: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description No such resource in this tenant (another tenant's resources answer the same way). */
        NotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The resource is in a state that does not allow this, or a request with the same Idempotency-Key is in progress. */
        Conflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The request body exceeds 1 MiB (configurable with BODY_LIMIT_BYTES). */
        PayloadTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description `unsupported_media_type`: the body is not `application/json` (no other media type, `application/*+json` included), its charset is not UTF-8 (`charset=utf-8` or none), or it has a `Content-Encoding` other than `identity` (compressed bodies are not accepted). */
        UnsupportedMediaType: {
            headers: {
                /** @description On a refused Content-Encoding: `identity`, the only coding accepted. */
                "Accept-Encoding"?: string;
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The body is well-formed JSON but invalid (`validation_failed`, with `errors`): it breaks the operation's schema, or a rule every body follows (no U+0000 character or lone UTF-16 surrogate in any string or field name; at most 64 levels of nested arrays and objects), each named by its JSON Pointer. Or an Idempotency-Key was reused with another body (`idempotency_key_reused`). */
        UnprocessableContent: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The tenant's quota is used up. Problem type `https://iana.org/assignments/http-problem-types#quota-exceeded`. Or, on an operation that evaluates tenant expressions (model evaluate, uploads, test runs and diffs; approval policies; field mappings; decision submission), `sandbox_busy`: the tenant already has EXPRESSION_SANDBOX_TENANT_QUEUE evaluations waiting or running in the expression sandbox; nothing was changed, retry after `Retry-After` seconds. */
        TooManyRequests: {
            headers: {
                /** @description Seconds until the violated quota resets. */
                "Retry-After"?: number;
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description An unexpected error. Nothing internal is exposed; quote the request id. */
        InternalError: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Postgres is unreachable (`database_unavailable`): nothing was changed. Retry after `Retry-After` seconds; the service recovers by itself when the database returns. On an operation that evaluates tenant expressions, also `sandbox_unavailable`: no expression sandbox process became free within EXPRESSION_SANDBOX_QUEUE_WAIT_MS; nothing was changed, retry after `Retry-After` seconds. */
        ServiceUnavailable: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                /** @description Seconds to wait before retrying. */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description A dependency is unreachable: Postgres (`database_unavailable`) or Temporal (`workflow_engine_unavailable`, the operation starts or messages a workflow). Nothing was changed. Retry after `Retry-After` seconds; the service recovers by itself when the dependency returns. On an operation that evaluates tenant expressions, also `sandbox_unavailable` (no expression sandbox process became free in time). */
        ServiceOrWorkflowEngineUnavailable: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                /** @description Seconds to wait before retrying. */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
    };
    parameters: {
        /** @description Page size, 1 to 100, in plain decimal digits. */
        Limit: number;
        /** @description Opaque cursor from a previous page's `next_cursor`. */
        Cursor: string;
        /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
        IdempotencyKey: string;
    };
    requestBodies: never;
    headers: {
        /** @description The request id (the client's own X-Request-Id when it sent a sane one). */
        "X-Request-Id": string;
        /** @description draft-ietf-httpapi-ratelimit-headers: remaining quota `r` and seconds until reset `t` per policy, e.g. `"per-minute";r=49;t=60, "per-day";r=999;t=86400`. */
        RateLimit: string;
        /** @description The tenant's quota policies, e.g. `"per-minute";q=50;w=60, "per-day";q=1000;w=86400`. */
        "RateLimit-Policy": string;
        /** @description The URL of the created or running resource. */
        Location: string;
        /** @description `true` when this response is a stored one replayed for a repeated Idempotency-Key. */
        "Idempotent-Replayed": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Alive. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready to serve. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
            /** @description A dependency is unreachable. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, unknown>;
                };
            };
        };
    };
    getUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tenant's quotas and their use in the current period. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Usage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCurrentPrincipal: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Principal"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listApiKeys: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100, in plain decimal digits. */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor from a previous page's `next_cursor`. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of keys, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "CI pipeline",
                 *       "scopes": [
                 *         "scenarios:read",
                 *         "scenarios:write",
                 *         "models:read"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateApiKeyRequest"];
            };
        };
        responses: {
            /** @description The key, with its secret shown this once. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyWithSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API key id (`key_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key (never its secret). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description API key id (`key_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked key. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    rotateApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description API key id (`key_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "grace_period_seconds": 3600
                 *     }
                 */
                "application/json": components["schemas"]["RotateApiKeyRequest"];
            };
        };
        responses: {
            /** @description The key with its new secret, shown this once. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyWithSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listMembers: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100, in plain decimal digits. */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor from a previous page's `next_cursor`. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of members. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    addMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.com",
                 *       "display_name": "Ada Lovelace",
                 *       "role": "analyst"
                 *     }
                 */
                "application/json": components["schemas"]["AddMemberRequest"];
            };
        };
        responses: {
            /** @description The member. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Member"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    resendInvitation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description User id (`usr_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The member, with the new invitation. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Member"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    revokeInvitation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description User id (`usr_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The member. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Member"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description User id (`usr_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The member. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Member"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    removeMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description User id (`usr_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    changeMemberRole: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description User id (`usr_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "role": "approver"
                 *     }
                 */
                "application/json": components["schemas"]["ChangeMemberRoleRequest"];
            };
        };
        responses: {
            /** @description The member. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Member"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listOAuthClients: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100, in plain decimal digits. */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor from a previous page's `next_cursor`. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of clients, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthClientList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createOAuthClient: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Reporting dashboard",
                 *       "grant_types": [
                 *         "authorization_code",
                 *         "refresh_token"
                 *       ],
                 *       "redirect_uris": [
                 *         "https://dashboard.example.com/oauth/callback"
                 *       ],
                 *       "scopes": [
                 *         "scenarios:read",
                 *         "models:read"
                 *       ],
                 *       "token_endpoint_auth_method": "client_secret_basic"
                 *     }
                 */
                "application/json": components["schemas"]["CreateOAuthClientRequest"];
            };
        };
        responses: {
            /** @description The client, with its secret shown this once. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthClientWithSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getOAuthClient: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description OAuth client id (`cli_…`), which is also its `client_id`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The client (never its secret). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthClient"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    revokeOAuthClient: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description OAuth client id (`cli_…`), which is also its `client_id`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked client. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthClient"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listModels: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100, in plain decimal digits. */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor from a previous page's `next_cursor`. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Only this category. */
                category?: string;
                /** @description Only this status. */
                status?: "active" | "deprecated";
                /** @description Only built-in or only tenant models. */
                source?: "builtin" | "tenant";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of models. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createModel: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateModelRequest"];
            };
        };
        responses: {
            /** @description The model, with its schemas. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Model"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Model id: `mdl_<slug>` for built-in models, `mdl_<ulid>` for tenant models. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The model. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Model"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateModel: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Tenant model id (`mdl_<ulid>`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateModelRequest"];
            };
        };
        responses: {
            /** @description The model. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Model"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listModelVersions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Model id: `mdl_<slug>` for built-in models, `mdl_<ulid>` for tenant models. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every version, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelVersionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createModelVersion: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Model id: `mdl_<slug>` for built-in models, `mdl_<ulid>` for tenant models. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateModelVersionRequest"];
            };
        };
        responses: {
            /** @description The new version. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelVersion"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    diffModelVersions: {
        parameters: {
            query?: {
                /** @description The version to compare with (default: the published version; for the published version itself, the one before it). */
                against?: string;
            };
            header?: never;
            path: {
                /** @description Model id: `mdl_<slug>` for built-in models, `mdl_<ulid>` for tenant models. */
                id: string;
                /** @description The version to review. */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The differences. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelVersionDiff"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deprecateModel: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Model id: `mdl_<slug>` for built-in models, `mdl_<ulid>` for tenant models. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deprecated model. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Model"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    evaluateModel: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Model id: `mdl_<slug>` for built-in models, `mdl_<ulid>` for tenant models. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EvaluateModelRequest"];
            };
        };
        responses: {
            /** @description The evaluation (`model_evaluation`), or for `items` the batch's results in order (`model_evaluation_batch`). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelEvaluation"] | components["schemas"]["ModelEvaluationBatch"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listModelTestCases: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100, in plain decimal digits. */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor from a previous page's `next_cursor`. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path: {
                /** @description Model id: `mdl_<slug>` for built-in models, `mdl_<ulid>` for tenant models. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of test cases, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelTestCaseList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createModelTestCase: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Model id: `mdl_<slug>` for built-in models, `mdl_<ulid>` for tenant models. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "A large order",
                 *       "inputs": {
                 *         "order_total": 60000
                 *       },
                 *       "expected": {
                 *         "discount_rate": 0.1
                 *       },
                 *       "tolerances": {
                 *         "discount_rate": {
                 *           "absolute": 0.0001
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CreateModelTestCaseRequest"];
            };
        };
        responses: {
            /** @description The test case. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelTestCase"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    importModelTestCases: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Model id: `mdl_<slug>` for built-in models, `mdl_<ulid>` for tenant models. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "csv": "name,order_total,expected.discount_rate\nsmall,500,0\nmedium,20000,0.05\nlarge,60000,0.1\n"
                 *     }
                 */
                "application/json": components["schemas"]["ImportModelTestCasesRequest"];
            };
        };
        responses: {
            /** @description The cases added, in order. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelTestCaseList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getModelTestCase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Model id: `mdl_<slug>` for built-in models, `mdl_<ulid>` for tenant models. */
                id: string;
                /** @description Test case id (`mtc_…`). */
                case_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The test case. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelTestCase"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteModelTestCase: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Model id: `mdl_<slug>` for built-in models, `mdl_<ulid>` for tenant models. */
                id: string;
                /** @description Test case id (`mtc_…`). */
                case_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateModelTestCase: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Model id: `mdl_<slug>` for built-in models, `mdl_<ulid>` for tenant models. */
                id: string;
                /** @description Test case id (`mtc_…`). */
                case_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "expected": {
                 *         "discount_rate": 0.1
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["UpdateModelTestCaseRequest"];
            };
        };
        responses: {
            /** @description The test case. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelTestCase"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listModelTestRuns: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100, in plain decimal digits. */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor from a previous page's `next_cursor`. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Only runs against this version (the first is its latest report). */
                version?: string;
            };
            header?: never;
            path: {
                /** @description Model id: `mdl_<slug>` for built-in models, `mdl_<ulid>` for tenant models. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of runs, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelTestRunList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    runModelTests: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Model id: `mdl_<slug>` for built-in models, `mdl_<ulid>` for tenant models. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["RunModelTestsRequest"];
            };
        };
        responses: {
            /** @description The run's report. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelTestRun"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getModelTestRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Model id: `mdl_<slug>` for built-in models, `mdl_<ulid>` for tenant models. */
                id: string;
                /** @description Test run id (`mtr_…`). */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelTestRun"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    validateModelInputs: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Model id: `mdl_<slug>` for built-in models, `mdl_<ulid>` for tenant models. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "inputs": {
                 *         "arrival_rate_per_hour": 100,
                 *         "average_handle_time_seconds": 180,
                 *         "target_service_level": 0.8,
                 *         "target_answer_time_seconds": 20
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ValidateInputsRequest"];
            };
        };
        responses: {
            /** @description Whether the inputs are valid, and if not, every problem. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InputValidationResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getModelVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Model id. */
                id: string;
                /** @description The version number (`1`, `2`, …). */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The version. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelVersionDetail"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    replaceModelVersion: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Tenant model id (`mdl_<ulid>`). */
                id: string;
                /** @description The version number (`1`, `2`, …). */
                version: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReplaceModelVersionRequest"];
            };
        };
        responses: {
            /** @description The draft with its new content. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelVersion"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    submitModelVersion: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Tenant model id (`mdl_<ulid>`). */
                id: string;
                /** @description The version number (`1`, `2`, …). */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["SubmitModelVersionRequest"];
            };
        };
        responses: {
            /** @description The version, in review. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelVersionDetail"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceOrWorkflowEngineUnavailable"];
        };
    };
    publishModelVersion: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Tenant model id (`mdl_<ulid>`). */
                id: string;
                /** @description The version number (`1`, `2`, …). */
                version: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reason": "Version 3 overstates discounts for gold customers."
                 *     }
                 */
                "application/json": components["schemas"]["PublishModelVersionRequest"];
            };
        };
        responses: {
            /** @description The release record. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelRelease"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listModelReleases: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Model id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The releases. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelReleaseList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    simulateModel: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Tenant model id (`mdl_<ulid>`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SimulateModelRequest"];
            };
        };
        responses: {
            /** @description The simulation. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelSimulation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    simulateModelTests: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Tenant model id (`mdl_<ulid>`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "content": {
                 *         "nodes": [
                 *           {
                 *             "id": "request",
                 *             "type": "inputNode",
                 *             "name": "Request",
                 *             "position": {
                 *               "x": 0,
                 *               "y": 0
                 *             }
                 *           },
                 *           {
                 *             "id": "discount",
                 *             "type": "expressionNode",
                 *             "name": "Discount",
                 *             "position": {
                 *               "x": 300,
                 *               "y": 0
                 *             },
                 *             "content": {
                 *               "expressions": [
                 *                 {
                 *                   "id": "rate",
                 *                   "key": "discount_rate",
                 *                   "value": "order_total >= 50000 ? 0.1 : (order_total >= 10000 ? 0.05 : 0)"
                 *                 }
                 *               ]
                 *             }
                 *           },
                 *           {
                 *             "id": "response",
                 *             "type": "outputNode",
                 *             "name": "Response",
                 *             "position": {
                 *               "x": 600,
                 *               "y": 0
                 *             }
                 *           }
                 *         ],
                 *         "edges": [
                 *           {
                 *             "id": "request-discount",
                 *             "type": "edge",
                 *             "sourceId": "request",
                 *             "targetId": "discount"
                 *           },
                 *           {
                 *             "id": "discount-response",
                 *             "type": "edge",
                 *             "sourceId": "discount",
                 *             "targetId": "response"
                 *           }
                 *         ]
                 *       },
                 *       "input_schema": {
                 *         "type": "object",
                 *         "required": [
                 *           "order_total"
                 *         ],
                 *         "properties": {
                 *           "order_total": {
                 *             "type": "number",
                 *             "minimum": 0,
                 *             "maximum": 10000000,
                 *             "description": "Order value, in EUR."
                 *           }
                 *         }
                 *       },
                 *       "output_schema": {
                 *         "type": "object",
                 *         "required": [
                 *           "discount_rate"
                 *         ],
                 *         "properties": {
                 *           "discount_rate": {
                 *             "type": "number"
                 *           }
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["SimulateModelTestsRequest"];
            };
        };
        responses: {
            /** @description The suite's report on the working copy. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelSuiteSimulation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listModelReplays: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100, in plain decimal digits. */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor from a previous page's `next_cursor`. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path: {
                /** @description Tenant model id (`mdl_<ulid>`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of replays, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelReplayList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createModelReplay: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Tenant model id (`mdl_<ulid>`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "version": "2",
                 *       "limit": 1000,
                 *       "tolerance": {
                 *         "absolute": 0.0001
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CreateModelReplayRequest"];
            };
        };
        responses: {
            /** @description The replay has been accepted; poll it. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelReplay"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceOrWorkflowEngineUnavailable"];
        };
    };
    getModelReplay: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Tenant model id (`mdl_<ulid>`). */
                id: string;
                /** @description Replay id (`rpl_…`). */
                replay_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The replay. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelReplay"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    cancelModelReplay: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Tenant model id (`mdl_<ulid>`). */
                id: string;
                /** @description Replay id (`rpl_…`). */
                replay_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The replay, as it was when asked to stop. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelReplay"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceOrWorkflowEngineUnavailable"];
        };
    };
    listDecisionInstances: {
        parameters: {
            query?: {
                /** @description Only instances of this model. */
                model_id?: string;
                /** @description Only of this version (needs model_id). */
                version?: string;
                /** @description Only those recorded with this correlation id. */
                correlation_id?: string;
                /** @description Only those that hit this rule or branch: `<node id>:<rule id>` (or `<node id>:#<index>`). */
                rule?: string;
                /** @description `output[approved]=true`: only those whose output field holds the value. */
                output?: {
                    [key: string]: string;
                };
                /** @description Only those evaluated at or after this time (RFC 3339). */
                from?: string;
                /** @description Only those evaluated before this time (RFC 3339). */
                to?: string;
                /** @description Only succeeded or failed evaluations. */
                status?: "succeeded" | "failed";
                /** @description Only those from this source. */
                source?: "evaluate" | "scenario" | "batch" | "test";
                /** @description Page size, 1 to 100, in plain decimal digits. */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor from a previous page's `next_cursor`. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of decision instances, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DecisionInstanceList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getDecisionInstance: {
        parameters: {
            query?: {
                /** @description Trace the evaluation again on its kept inputs (its version is immutable), with whether the outputs came out as recorded. */
                trace?: boolean;
            };
            header?: never;
            path: {
                /** @description Decision instance id (`din_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The decision instance. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DecisionInstance"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getModelRuleHits: {
        parameters: {
            query?: {
                /** @description Start (RFC 3339; taken to the hour). */
                from?: string;
                /** @description End (RFC 3339; default now). */
                to?: string;
                /** @description The series bucket (UTC). */
                bucket?: "hour" | "day";
            };
            header?: never;
            path: {
                /** @description Tenant model id (`mdl_<ulid>`). */
                id: string;
                /** @description The version. */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rule hits. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RuleHits"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    placeModelLegalHold: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Tenant model id (`mdl_<ulid>`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reason": "Litigation 2026-114"
                 *     }
                 */
                "application/json": components["schemas"]["PlaceLegalHoldRequest"];
            };
        };
        responses: {
            /** @description The model, with its hold. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Model"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    liftModelLegalHold: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Tenant model id (`mdl_<ulid>`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The model, without a hold. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Model"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    analyseModelVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Tenant model id (`mdl_<ulid>`). */
                id: string;
                /** @description The version number (`1`, `2`, …). */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The analysis. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelVersionAnalysis"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    generateModelTestCases: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Tenant model id (`mdl_<ulid>`). */
                id: string;
                /** @description The version number (`1`, `2`, …). */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GenerateModelTestCasesRequest"];
            };
        };
        responses: {
            /** @description The proposals (nothing stored). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeneratedModelTestCases"];
                };
            };
            /** @description The cases, added to the suite. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeneratedModelTestCases"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getModelSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelSettings"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateModelSettings: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "verification": {
                 *         "gaps": "block",
                 *         "subsumed": "off"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["UpdateModelSettingsRequest"];
            };
        };
        responses: {
            /** @description The settings. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelSettings"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listScenarios: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100, in plain decimal digits. */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor from a previous page's `next_cursor`. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Only scenarios of this model. */
                model_id?: string;
                /** @description Only this status. */
                status?: "pending" | "running" | "completed" | "failed" | "cancelled";
                /** @description Only scenarios with this tag. */
                tag?: string;
                /** @description Only scenarios of this batch. */
                batch_id?: string;
                /** @description Created at or after (RFC 3339). */
                created_after?: string;
                /** @description Created before (RFC 3339). */
                created_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of scenarios, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScenarioList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createScenario: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateScenarioRequest"];
            };
        };
        responses: {
            /** @description The run completed (or failed) within the synchronous wait: the stored scenario with its results. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Scenario"];
                };
            };
            /** @description The run is still going: poll `Location` until `status` is `completed` or `failed`. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Scenario"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceOrWorkflowEngineUnavailable"];
        };
    };
    compareScenarios: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CompareScenariosRequest"];
            };
        };
        responses: {
            /** @description The comparison. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScenarioComparison"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createScenarioBatch: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "compare": true,
                 *       "items": [
                 *         {
                 *           "model_id": "mdl_service_queue_staffing",
                 *           "name": "100 calls/h",
                 *           "inputs": {
                 *             "arrival_rate_per_hour": 100,
                 *             "average_handle_time_seconds": 180,
                 *             "target_service_level": 0.8,
                 *             "target_answer_time_seconds": 20
                 *           }
                 *         },
                 *         {
                 *           "model_id": "mdl_service_queue_staffing",
                 *           "name": "300 calls/h",
                 *           "inputs": {
                 *             "arrival_rate_per_hour": 300,
                 *             "average_handle_time_seconds": 180,
                 *             "target_service_level": 0.8,
                 *             "target_answer_time_seconds": 20
                 *           }
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateBatchRequest"];
            };
        };
        responses: {
            /** @description The batch is running. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScenarioBatch"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceOrWorkflowEngineUnavailable"];
        };
    };
    getScenarioBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Batch id (`bat_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batch. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScenarioBatch"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    cancelScenarioBatch: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Batch id (`bat_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cancellation requested; poll the batch. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScenarioBatch"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceOrWorkflowEngineUnavailable"];
        };
    };
    getScenario: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Scenario id (`scn_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The scenario. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Scenario"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteScenario: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Scenario id (`scn_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateScenario: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Scenario id (`scn_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Support desk, Q3 (busier)",
                 *       "inputs": {
                 *         "arrival_rate_per_hour": 120
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["UpdateScenarioRequest"];
            };
        };
        responses: {
            /** @description Updated (and, for a re-run, finished within the synchronous wait). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Scenario"];
                };
            };
            /** @description The re-run is still going: poll the scenario. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Scenario"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceOrWorkflowEngineUnavailable"];
        };
    };
    listScenarioRuns: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Scenario id (`scn_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every run, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScenarioRunList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listDecisions: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100, in plain decimal digits. */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor from a previous page's `next_cursor`. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Only decisions in this state. */
                status?: "draft" | "pending_approval" | "changes_requested" | "approved" | "rejected" | "withdrawn" | "expired" | "implemented" | "closed";
                /** @description Only decisions this person owns. */
                owner_id?: string;
                /** @description Only decisions with this tag. */
                tag?: string;
                /** @description Due at or after (RFC 3339). */
                due_after?: string;
                /** @description Due before (RFC 3339). */
                due_before?: string;
                /** @description Created at or after (RFC 3339). */
                created_after?: string;
                /** @description Created before (RFC 3339). */
                created_before?: string;
                /** @description `me`: only decisions whose current step awaits the signed-in user (as in GET /approvals?assigned_to=me). Needs a user's access token (403 `user_actor_required` for an API key). */
                awaiting?: "me";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of decisions, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DecisionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createDecision: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateDecisionRequest"];
            };
        };
        responses: {
            /** @description The decision. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Decision"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getDecision: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Decision id (`dec_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The decision. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Decision"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteDecision: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Decision id (`dec_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateDecision: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Decision id (`dec_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "rationale": "Growth is already visible in October.",
                 *       "chosen_option": "opt_2"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateDecisionRequest"];
            };
        };
        responses: {
            /** @description The decision. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Decision"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listDecisionEvidence: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100, in plain decimal digits. */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor from a previous page's `next_cursor`. */
                cursor?: components["parameters"]["Cursor"];
                /** @description `true`: only items still attached. */
                attached?: boolean;
            };
            header?: never;
            path: {
                /** @description Decision id (`dec_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of evidence, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DecisionEvidenceList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    attachDecisionEvidence: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Decision id (`dec_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "link",
                 *       "title": "Call volume forecast",
                 *       "url": "https://wiki.example.com/support/forecast-2027"
                 *     }
                 */
                "application/json": components["schemas"]["AttachEvidenceRequest"];
            };
        };
        responses: {
            /** @description The evidence item. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DecisionEvidence"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    detachDecisionEvidence: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Decision id (`dec_…`). */
                id: string;
                /** @description Evidence id (`evd_…`). */
                evidence_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The evidence item. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DecisionEvidence"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getDecisionHistory: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100, in plain decimal digits. */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor from a previous page's `next_cursor`. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path: {
                /** @description Decision id (`dec_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of changes, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DecisionHistory"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    compareDecisionOptions: {
        parameters: {
            query?: {
                /** @description The baseline option (default: the first linked one). */
                baseline?: string;
            };
            header?: never;
            path: {
                /** @description Decision id (`dec_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The comparison, keyed by option id. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DecisionComparison"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    submitDecision: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Decision id (`dec_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubmitDecisionRequest"];
            };
        };
        responses: {
            /** @description The decision, pending approval. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Decision"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceOrWorkflowEngineUnavailable"];
        };
    };
    approveDecision: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Decision id (`dec_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "expected_step": 1,
                 *       "comment": "Reviewed: approve."
                 *     }
                 */
                "application/json": components["schemas"]["ApprovalActionRequest"];
            };
        };
        responses: {
            /** @description The decision as it now stands (read after the workflow recorded the transition). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Decision"];
                };
            };
            /** @description The review accepted the action but has not applied it yet (it will be): the decision as it stands now; poll `Location`. A retry with the same `Idempotency-Key` attaches to the same action instead of applying it twice. A 503 `workflow_engine_unavailable` means Temporal could not be reached and nothing was applied. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Decision"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceOrWorkflowEngineUnavailable"];
        };
    };
    rejectDecision: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Decision id (`dec_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "expected_step": 1,
                 *       "comment": "Reviewed: reject."
                 *     }
                 */
                "application/json": components["schemas"]["ApprovalActionRequest"];
            };
        };
        responses: {
            /** @description The decision as it now stands (read after the workflow recorded the transition). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Decision"];
                };
            };
            /** @description The review accepted the action but has not applied it yet (it will be): the decision as it stands now; poll `Location`. A retry with the same `Idempotency-Key` attaches to the same action instead of applying it twice. A 503 `workflow_engine_unavailable` means Temporal could not be reached and nothing was applied. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Decision"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceOrWorkflowEngineUnavailable"];
        };
    };
    requestDecisionChanges: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Decision id (`dec_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "expected_step": 1,
                 *       "comment": "Reviewed: request changes."
                 *     }
                 */
                "application/json": components["schemas"]["ApprovalActionRequest"];
            };
        };
        responses: {
            /** @description The decision as it now stands (read after the workflow recorded the transition). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Decision"];
                };
            };
            /** @description The review accepted the action but has not applied it yet (it will be): the decision as it stands now; poll `Location`. A retry with the same `Idempotency-Key` attaches to the same action instead of applying it twice. A 503 `workflow_engine_unavailable` means Temporal could not be reached and nothing was applied. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Decision"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceOrWorkflowEngineUnavailable"];
        };
    };
    resubmitDecision: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Decision id (`dec_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "comment": "Done in the November release."
                 *     }
                 */
                "application/json": components["schemas"]["OptionalCommentRequest"];
            };
        };
        responses: {
            /** @description The decision as it now stands (read after the workflow recorded the transition). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Decision"];
                };
            };
            /** @description The review accepted the action but has not applied it yet (it will be): the decision as it stands now; poll `Location`. A retry with the same `Idempotency-Key` attaches to the same action instead of applying it twice. A 503 `workflow_engine_unavailable` means Temporal could not be reached and nothing was applied. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Decision"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceOrWorkflowEngineUnavailable"];
        };
    };
    commentOnDecision: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Decision id (`dec_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "comment": "Could we see the growth case with 10% more volume?"
                 *     }
                 */
                "application/json": components["schemas"]["DecisionCommentRequest"];
            };
        };
        responses: {
            /** @description The decision as it now stands (read after the workflow recorded the transition). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Decision"];
                };
            };
            /** @description The review accepted the action but has not applied it yet (it will be): the decision as it stands now; poll `Location`. A retry with the same `Idempotency-Key` attaches to the same action instead of applying it twice. A 503 `workflow_engine_unavailable` means Temporal could not be reached and nothing was applied. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Decision"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceOrWorkflowEngineUnavailable"];
        };
    };
    withdrawDecision: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Decision id (`dec_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "comment": "Done in the November release."
                 *     }
                 */
                "application/json": components["schemas"]["OptionalCommentRequest"];
            };
        };
        responses: {
            /** @description The decision as it now stands (read after the workflow recorded the transition). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Decision"];
                };
            };
            /** @description The review accepted the action but has not applied it yet (it will be): the decision as it stands now; poll `Location`. A retry with the same `Idempotency-Key` attaches to the same action instead of applying it twice. A 503 `workflow_engine_unavailable` means Temporal could not be reached and nothing was applied. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Decision"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceOrWorkflowEngineUnavailable"];
        };
    };
    reassignDecisionStep: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Decision id (`dec_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "step": 1,
                 *       "approvers": {
                 *         "role": "admin"
                 *       },
                 *       "comment": "The finance approvers are away this week."
                 *     }
                 */
                "application/json": components["schemas"]["ReassignStepRequest"];
            };
        };
        responses: {
            /** @description The decision as it now stands (read after the workflow recorded the transition). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Decision"];
                };
            };
            /** @description The review accepted the action but has not applied it yet (it will be): the decision as it stands now; poll `Location`. A retry with the same `Idempotency-Key` attaches to the same action instead of applying it twice. A 503 `workflow_engine_unavailable` means Temporal could not be reached and nothing was applied. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Decision"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceOrWorkflowEngineUnavailable"];
        };
    };
    implementDecision: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Decision id (`dec_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "comment": "Done in the November release."
                 *     }
                 */
                "application/json": components["schemas"]["OptionalCommentRequest"];
            };
        };
        responses: {
            /** @description The decision as it now stands (read after the workflow recorded the transition). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Decision"];
                };
            };
            /** @description The review accepted the action but has not applied it yet (it will be): the decision as it stands now; poll `Location`. A retry with the same `Idempotency-Key` attaches to the same action instead of applying it twice. A 503 `workflow_engine_unavailable` means Temporal could not be reached and nothing was applied. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Decision"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceOrWorkflowEngineUnavailable"];
        };
    };
    closeDecision: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Decision id (`dec_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "comment": "Done in the November release."
                 *     }
                 */
                "application/json": components["schemas"]["OptionalCommentRequest"];
            };
        };
        responses: {
            /** @description The decision as it now stands (read after the workflow recorded the transition). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Decision"];
                };
            };
            /** @description The review accepted the action but has not applied it yet (it will be): the decision as it stands now; poll `Location`. A retry with the same `Idempotency-Key` attaches to the same action instead of applying it twice. A 503 `workflow_engine_unavailable` means Temporal could not be reached and nothing was applied. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Decision"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceOrWorkflowEngineUnavailable"];
        };
    };
    listApprovalInbox: {
        parameters: {
            query: {
                /**
                 * @description `me`: the signed-in user.
                 * @example me
                 */
                assigned_to: "me";
                /** @description Page size, 1 to 100, in plain decimal digits. */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's pending approval tasks. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalInbox"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listDecisionOutcomes: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100, in plain decimal digits. */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor from a previous page's `next_cursor`. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Only outcomes of this metric. */
                metric?: string;
            };
            header?: never;
            path: {
                /** @description Decision id (`dec_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of outcomes, oldest observation first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DecisionOutcomeList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    recordDecisionOutcome: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Decision id (`dec_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecordDecisionOutcomeRequest"];
            };
        };
        responses: {
            /** @description The outcome. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DecisionOutcome"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listDecisionOutcomeKpis: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100, in plain decimal digits. */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor from a previous page's `next_cursor`. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path: {
                /** @description Decision id (`dec_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of links, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DecisionOutcomeKpiList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    linkDecisionOutcomeKpi: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Decision id (`dec_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LinkDecisionOutcomeKpiRequest"];
            };
        };
        responses: {
            /** @description The link. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DecisionOutcomeKpi"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getDecisionOutcomeKpi: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Decision id (`dec_…`). */
                id: string;
                /** @description Outcome KPI link id (`okl_…`). */
                link_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The link. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DecisionOutcomeKpi"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    unlinkDecisionOutcomeKpi: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Decision id (`dec_…`). */
                id: string;
                /** @description Outcome KPI link id (`okl_…`). */
                link_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unlinked. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getDecisionOutcomeSummary: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Decision id (`dec_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The summary. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DecisionOutcomeSummary"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listApprovalPolicies: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100, in plain decimal digits. */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor from a previous page's `next_cursor`. */
                cursor?: components["parameters"]["Cursor"];
                /** @description `true`: only archived policies; `false`: only active ones. Default: both. */
                archived?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of policies with their current versions, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalPolicyList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createApprovalPolicy: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Capital spending",
                 *       "description": "Spending decisions above the team budget.",
                 *       "steps": [
                 *         {
                 *           "name": "Team lead review",
                 *           "approvals_required": 1,
                 *           "approvers": {
                 *             "role": "approver"
                 *           },
                 *           "sla": "PT4H",
                 *           "escalate_to": {
                 *             "role": "admin"
                 *           }
                 *         },
                 *         {
                 *           "name": "Finance sign-off",
                 *           "approvals_required": 2,
                 *           "approvers": {
                 *             "role": "admin"
                 *           },
                 *           "sla": "P2D",
                 *           "deadline": "P5D",
                 *           "condition": "total_cost > 1000000"
                 *         }
                 *       ],
                 *       "flags": {
                 *         "scenario_author_cannot_approve": true
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CreateApprovalPolicyRequest"];
            };
        };
        responses: {
            /** @description The policy, with version 1. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalPolicy"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getApprovalPolicy: {
        parameters: {
            query?: {
                /** @description A past version to show instead of the current one. */
                version?: number;
            };
            header?: never;
            path: {
                /** @description Approval policy id (`apl_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The policy. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalPolicy"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listApprovalPolicyVersions: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100, in plain decimal digits. */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor from a previous page's `next_cursor`. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path: {
                /** @description Approval policy id (`apl_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of versions, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalPolicyVersionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createApprovalPolicyVersion: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Approval policy id (`apl_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "steps": [
                 *         {
                 *           "name": "Team lead review",
                 *           "approvals_required": 1,
                 *           "approvers": {
                 *             "role": "approver"
                 *           },
                 *           "sla": "PT2H",
                 *           "escalate_to": {
                 *             "role": "admin"
                 *           }
                 *         },
                 *         {
                 *           "name": "Finance sign-off",
                 *           "approvals_required": 2,
                 *           "approvers": {
                 *             "role": "admin"
                 *           },
                 *           "sla": "P2D",
                 *           "deadline": "P5D",
                 *           "condition": "total_cost > 1000000"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateApprovalPolicyVersionRequest"];
            };
        };
        responses: {
            /** @description The policy, with the new version. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalPolicy"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    archiveApprovalPolicy: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Approval policy id (`apl_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description The policy. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalPolicy"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listKpis: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100, in plain decimal digits. */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor from a previous page's `next_cursor`. */
                cursor?: components["parameters"]["Cursor"];
                status?: "active" | "paused" | "archived";
                tag?: string;
                owner_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of KPIs, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KpiList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createKpi: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Service level",
                 *       "description": "Share of calls answered within 20 seconds.",
                 *       "unit": "ratio",
                 *       "direction": "higher_is_better",
                 *       "target": 0.8,
                 *       "warning_threshold": {
                 *         "percent": 5
                 *       },
                 *       "critical_threshold": {
                 *         "value": 0.7
                 *       },
                 *       "aggregation_period": "week",
                 *       "tags": [
                 *         "support"
                 *       ],
                 *       "source": {
                 *         "type": "model_output",
                 *         "model_id": "mdl_service_queue_staffing",
                 *         "metric": "service_level",
                 *         "scenario_tag": "daily"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CreateKpiRequest"];
            };
        };
        responses: {
            /** @description The KPI. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Kpi"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getKpi: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description KPI id (`kpi_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The KPI with its current value and status. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Kpi"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteKpi: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description KPI id (`kpi_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateKpi: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description KPI id (`kpi_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "critical_threshold": {
                 *         "value": 0.65
                 *       },
                 *       "tags": [
                 *         "support",
                 *         "weekly-review"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["UpdateKpiRequest"];
            };
        };
        responses: {
            /** @description The updated KPI. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Kpi"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    putKpiSource: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description KPI id (`kpi_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "model_output",
                 *       "model_id": "mdl_service_queue_staffing",
                 *       "metric": "occupancy"
                 *     }
                 */
                "application/json": components["schemas"]["PutKpiSourceRequest"];
            };
        };
        responses: {
            /** @description The KPI. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Kpi"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteKpiSource: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description KPI id (`kpi_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The KPI. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Kpi"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getKpiPointHistory: {
        parameters: {
            query: {
                /**
                 * @description The point's timestamp.
                 * @example 2026-11-02T00:00:00.000Z
                 */
                timestamp: string;
            };
            header?: never;
            path: {
                /** @description KPI id (`kpi_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The point's history. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KpiPointHistory"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    recordKpiPoints: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description KPI id (`kpi_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "points": [
                 *         {
                 *           "timestamp": "2026-11-02T00:00:00.000Z",
                 *           "value": 0.82
                 *         },
                 *         {
                 *           "timestamp": "2026-11-03T00:00:00.000Z",
                 *           "value": 0.78,
                 *           "note": "storm outage"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["RecordKpiPointsRequest"];
            };
        };
        responses: {
            /** @description What was recorded. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KpiPointsRecorded"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getKpiValues: {
        parameters: {
            query?: {
                /**
                 * @description Inclusive start.
                 * @example 2026-01-01T00:00:00.000Z
                 */
                from?: string;
                /**
                 * @description Exclusive end.
                 * @example 2027-01-01T00:00:00.000Z
                 */
                to?: string;
                /** @example day */
                bucket?: "raw" | "day" | "week" | "month" | "quarter";
                /** @description Entries per page, 1 to 10,000. */
                limit?: number;
                /** @description Opaque cursor from a previous page's `next_cursor`. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path: {
                /** @description KPI id (`kpi_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of values. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KpiValues"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getKpiStatus: {
        parameters: {
            query?: {
                /** @description Periods in the trend window, 2 to 100. */
                periods?: number;
            };
            header?: never;
            path: {
                /** @description KPI id (`kpi_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The KPI's status. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KpiStatus"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listKpiAlertRules: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100, in plain decimal digits. */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor from a previous page's `next_cursor`. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path: {
                /** @description KPI id (`kpi_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of rules, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KpiAlertRuleList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createKpiAlertRule: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description KPI id (`kpi_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Service level critical",
                 *       "kind": "threshold",
                 *       "severity": "critical",
                 *       "recovery_threshold": {
                 *         "value": 0.75
                 *       },
                 *       "for_points": 3,
                 *       "renotify_seconds": 3600
                 *     }
                 */
                "application/json": components["schemas"]["CreateKpiAlertRuleRequest"];
            };
        };
        responses: {
            /** @description The rule. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KpiAlertRule"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getKpiAlertRule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description KPI id (`kpi_…`). */
                id: string;
                /** @description Alert rule id (`kar_…`). */
                rule_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rule. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KpiAlertRule"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteKpiAlertRule: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description KPI id (`kpi_…`). */
                id: string;
                /** @description Alert rule id (`kar_…`). */
                rule_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateKpiAlertRule: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description KPI id (`kpi_…`). */
                id: string;
                /** @description Alert rule id (`kar_…`). */
                rule_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "for_points": 2,
                 *       "renotify_seconds": 7200
                 *     }
                 */
                "application/json": components["schemas"]["UpdateKpiAlertRuleRequest"];
            };
        };
        responses: {
            /** @description The rule. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KpiAlertRule"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listKpiAlerts: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100, in plain decimal digits. */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor from a previous page's `next_cursor`. */
                cursor?: components["parameters"]["Cursor"];
                /** @description `open`: pending, firing or acknowledged. */
                state?: "pending" | "firing" | "acknowledged" | "resolved" | "open";
                severity?: "warning" | "critical";
                rule_id?: string;
            };
            header?: never;
            path: {
                /** @description KPI id (`kpi_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of alerts, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KpiAlertList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listAlerts: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100, in plain decimal digits. */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor from a previous page's `next_cursor`. */
                cursor?: components["parameters"]["Cursor"];
                /** @description `open`: pending, firing or acknowledged. */
                state?: "pending" | "firing" | "acknowledged" | "resolved" | "open";
                severity?: "warning" | "critical";
                kpi_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of alerts, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KpiAlertList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getAlert: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Alert id (`kal_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The alert. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KpiAlert"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    acknowledgeAlert: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Alert id (`kal_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["EmptyKpiAlertActionRequest"];
            };
        };
        responses: {
            /** @description The alert. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KpiAlert"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    silenceAlert: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Alert id (`kal_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "until": "2099-01-01T00:00:00.000Z",
                 *       "reason": "Known outage, fix in progress"
                 *     }
                 */
                "application/json": components["schemas"]["SilenceKpiAlertRequest"];
            };
        };
        responses: {
            /** @description The alert. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KpiAlert"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    resolveAlert: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Alert id (`kal_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "reason": "Fixed upstream"
                 *     }
                 */
                "application/json": components["schemas"]["ResolveKpiAlertRequest"];
            };
        };
        responses: {
            /** @description The alert. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KpiAlert"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listConnectorTypes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The connector types. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectorTypeList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listIntegrations: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100, in plain decimal digits. */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor from a previous page's `next_cursor`. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of integrations, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createIntegration: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "HRIS directory",
                 *       "connector_type": "rest",
                 *       "config": {
                 *         "base_url": "https://hris.example.com",
                 *         "auth": {
                 *           "type": "bearer"
                 *         },
                 *         "pagination": {
                 *           "type": "cursor",
                 *           "cursor_path": "next_cursor",
                 *           "cursor_param": "cursor",
                 *           "page_size": 100
                 *         },
                 *         "streams": [
                 *           {
                 *             "name": "employees",
                 *             "path": "/v1/employees",
                 *             "records_path": "data",
                 *             "primary_key": [
                 *               "id"
                 *             ],
                 *             "incremental_field": "updated_at",
                 *             "incremental_param": "updated_since"
                 *           }
                 *         ]
                 *       },
                 *       "credentials": {
                 *         "token": "example-token"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CreateIntegrationRequest"];
            };
        };
        responses: {
            /** @description The integration (never its credentials). */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Integration"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Integration id (`int_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The integration (never its credentials). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Integration"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteIntegration: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Integration id (`int_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateIntegration: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Integration id (`int_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateIntegrationRequest"];
            };
        };
        responses: {
            /** @description The updated integration. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Integration"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getIntegrationSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Integration id (`int_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The schedule. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationSchedule"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceOrWorkflowEngineUnavailable"];
        };
    };
    checkIntegration: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Integration id (`int_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The outcome of the check. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectionCheck"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getIntegrationFieldMapping: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Integration id (`int_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The current version. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FieldMapping"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    putIntegrationFieldMapping: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Integration id (`int_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "stream": "employees",
                 *       "target": "employees",
                 *       "fields": {
                 *         "employee_id": {
                 *           "source": "id"
                 *         },
                 *         "name": {
                 *           "transforms": [
                 *             {
                 *               "type": "concat",
                 *               "fields": [
                 *                 "first_name",
                 *                 "last_name"
                 *               ],
                 *               "separator": " "
                 *             }
                 *           ]
                 *         },
                 *         "start_date": {
                 *           "source": "hire_date",
                 *           "transforms": [
                 *             {
                 *               "type": "date_format",
                 *               "format": "MM/DD/YYYY"
                 *             }
                 *           ]
                 *         },
                 *         "employment_type": {
                 *           "source": "type",
                 *           "transforms": [
                 *             {
                 *               "type": "value_map",
                 *               "values": {
                 *                 "FT": "full_time",
                 *                 "PT": "part_time"
                 *               },
                 *               "default_value": "other"
                 *             }
                 *           ]
                 *         },
                 *         "salary": {
                 *           "source": "monthly_pay",
                 *           "transforms": [
                 *             {
                 *               "type": "cast",
                 *               "to": "number"
                 *             },
                 *             {
                 *               "type": "expression",
                 *               "expression": "value * 12"
                 *             }
                 *           ]
                 *         },
                 *         "status": {
                 *           "default": "active"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["PutFieldMappingRequest"];
            };
        };
        responses: {
            /** @description The new version. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FieldMapping"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    validateIntegrationFieldMapping: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Integration id (`int_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "mapping": {
                 *         "stream": "people",
                 *         "target": "employees",
                 *         "fields": {
                 *           "employee_id": {
                 *             "source": "id"
                 *           },
                 *           "start_date": {
                 *             "source": "updated_at",
                 *             "transforms": [
                 *               {
                 *                 "type": "cast",
                 *                 "to": "date"
                 *               }
                 *             ]
                 *           },
                 *           "status": {
                 *             "default": "active"
                 *           }
                 *         }
                 *       },
                 *       "limit": 5
                 *     }
                 */
                "application/json": components["schemas"]["ValidateFieldMappingRequest"];
            };
        };
        responses: {
            /** @description The preview. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FieldMappingValidation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    discoverIntegration: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Integration id (`int_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The streams. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Catalog"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listIntegrationSyncs: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100, in plain decimal digits. */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor from a previous page's `next_cursor`. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path: {
                /** @description The integration id (`int_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of syncs, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationSyncList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createIntegrationSync: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The integration id (`int_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "mode": "full",
                 *       "page_size": 500
                 *     }
                 */
                "application/json": components["schemas"]["CreateIntegrationSyncRequest"];
            };
        };
        responses: {
            /** @description A sync of this integration is already queued or running: that one. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationSync"];
                };
            };
            /** @description The sync has been accepted; poll it. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationSync"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceOrWorkflowEngineUnavailable"];
        };
    };
    getIntegrationSync: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The integration id (`int_…`). */
                id: string;
                /** @description The sync id (`syn_…`). */
                sync_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sync. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationSync"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    cancelIntegrationSync: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The integration id (`int_…`). */
                id: string;
                /** @description The sync id (`syn_…`). */
                sync_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": Record<string, unknown>;
            };
        };
        responses: {
            /** @description The cancelled sync. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationSync"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceOrWorkflowEngineUnavailable"];
        };
    };
    listIntegrationSyncRejections: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100, in plain decimal digits. */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor from a previous page's `next_cursor`. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path: {
                /** @description The integration id (`int_…`). */
                id: string;
                /** @description The sync id (`syn_…`). */
                sync_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of rejections, in the order they were read. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SyncRejectionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listDatasets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The datasets. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DatasetList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createDataset: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "contractors",
                 *       "description": "Contractors from the vendor-management system",
                 *       "primary_key": "contractor_id",
                 *       "fields": {
                 *         "contractor_id": {
                 *           "type": "string"
                 *         },
                 *         "full_name": {
                 *           "type": "string"
                 *         },
                 *         "day_rate": {
                 *           "type": "number",
                 *           "description": "In the contract currency"
                 *         },
                 *         "start_date": {
                 *           "type": "date"
                 *         },
                 *         "active": {
                 *           "type": "boolean"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CreateDatasetRequest"];
            };
        };
        responses: {
            /** @description The definition. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DatasetDefinition"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listDatasetRecords: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100, in plain decimal digits. */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor from a previous page's `next_cursor`. */
                cursor?: components["parameters"]["Cursor"];
                /** @description `true`: also records flagged deleted. */
                include_deleted?: boolean;
                /** @description Read the dataset as it stood at a past point: a sync id (`syn_…`: as that sync finished; another tenant's sync is a 404 like a missing one, a sync still running a 4xx) or an RFC 3339 time (`2026-11-23T10:00:00Z`; a time before any data reads an empty dataset). Default: now. */
                as_of?: string;
                /** @description `filter[department]=Engineering` (equality) or `filter[salary][gte]=100000`, `filter[status][in]=active,on_leave` (comma-separated): `eq`, `ne`, `gt`, `gte`, `lt`, `lte` and `in`, on the dataset's fields (an unknown field or operator is refused, naming it). Number fields compare as numbers, dates and strings as text (byte order); booleans take only `eq` and `ne`. `ne` keeps records where the field is missing; the other operators do not. */
                filter?: {
                    [key: string]: string | {
                        eq?: string;
                        ne?: string;
                        gt?: string;
                        gte?: string;
                        lt?: string;
                        lte?: string;
                        in?: string;
                    };
                };
            };
            header?: never;
            path: {
                /** @description The dataset name (`employees` or a tenant-defined one). */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of records. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DatasetRecordList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listIntegrationUploads: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100, in plain decimal digits. */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor from a previous page's `next_cursor`. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path: {
                /** @description The integration id (`int_…`), of connector type `csv`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of uploads, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationUploadList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createIntegrationUpload: {
        parameters: {
            query?: {
                /**
                 * @description The file's name, kept for reference.
                 * @example employees-2026-11.csv
                 */
                filename?: string;
            };
            header?: never;
            path: {
                /** @description The integration id (`int_…`), of connector type `csv`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example id,full_name,department,monthly_pay,type
                 *     e1001,Ada Lovelace,Engineering,9100,FT
                 *     e1002,"Hopper, Grace",Engineering,8800,PT
                 */
                "text/csv": string;
            };
        };
        responses: {
            /** @description The stored upload. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationUpload"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getIntegrationUpload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The integration id (`int_…`), of connector type `csv`. */
                id: string;
                /** @description The upload id (`upl_…`). */
                upload_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The upload. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationUpload"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    aggregateDataset: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The dataset name (`employees`). */
                name: "employees";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "metrics": [
                 *         {
                 *           "function": "count"
                 *         },
                 *         {
                 *           "function": "avg",
                 *           "field": "salary"
                 *         },
                 *         {
                 *           "function": "percentile",
                 *           "field": "salary",
                 *           "percentile": 90
                 *         }
                 *       ],
                 *       "group_by": [
                 *         "department"
                 *       ],
                 *       "filter": {
                 *         "status": "active",
                 *         "salary": {
                 *           "gt": 0
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["DatasetAggregateRequest"];
            };
        };
        responses: {
            /** @description The aggregate values. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DatasetAggregate"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getDataset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The dataset name (`employees` or one the tenant defined).
                 * @example contractors
                 */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The definition. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DatasetDefinition"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteDataset: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The dataset name (`employees` or one the tenant defined).
                 * @example contractors
                 */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateDataset: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The dataset name (`employees` or one the tenant defined).
                 * @example contractors
                 */
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "fields": {
                 *         "agency": {
                 *           "type": "string",
                 *           "description": "The staffing agency"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["UpdateDatasetRequest"];
            };
        };
        responses: {
            /** @description The changed definition. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DatasetDefinition"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWebhookEventTypes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The catalogue. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventTypeList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWebhooks: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100, in plain decimal digits. */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor from a previous page's `next_cursor`. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of subscriptions, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://hooks.example.com/decision-events",
                 *       "event_types": [
                 *         "scenario.*",
                 *         "batch.completed"
                 *       ],
                 *       "description": "Analytics pipeline"
                 *     }
                 */
                "application/json": components["schemas"]["CreateWebhookRequest"];
            };
        };
        responses: {
            /** @description The subscription, with its signing secret shown this once. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook subscription id (`whk_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription (never its secret). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Webhook subscription id (`whk_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Webhook subscription id (`whk_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event_types": [
                 *         "scenario.*"
                 *       ],
                 *       "description": "Analytics pipeline (scenarios only)"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateWebhookRequest"];
            };
        };
        responses: {
            /** @description The updated subscription. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Webhook subscription id (`whk_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "grace_period_seconds": 3600
                 *     }
                 */
                "application/json": components["schemas"]["RotateWebhookSecretRequest"];
            };
        };
        responses: {
            /** @description The subscription with its new secret, shown this once. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    sendWebhookTest: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Webhook subscription id (`whk_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The test event, queued for delivery. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100, in plain decimal digits. */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor from a previous page's `next_cursor`. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Only deliveries in this state. */
                status?: "pending" | "retrying" | "succeeded" | "failed";
                /** @description Only deliveries of this event type. */
                event_type?: string;
                /** @description Only deliveries of this event. */
                event_id?: string;
            };
            header?: never;
            path: {
                /** @description Webhook subscription id (`whk_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deliveries, newest first, each with every attempt. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    redeliverWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Webhook subscription id (`whk_…`). */
                id: string;
                /** @description Delivery id (`dlv_…`). */
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new delivery. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceOrWorkflowEngineUnavailable"];
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100, in plain decimal digits. */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor from a previous page's `next_cursor`. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Only events of this type. */
                type?: "scenario.completed" | "scenario.failed" | "scenario.deleted" | "batch.completed" | "model.version.created" | "model.version.submitted" | "model.version.approved" | "model.version.rejected" | "model.version.published" | "model.version.retired" | "model.deprecated" | "api_key.expiring" | "usage.quota.warning" | "usage.quota.exceeded" | "webhook.disabled" | "webhook.test" | "decision.created" | "decision.submitted" | "decision.step.approved" | "decision.approved" | "decision.rejected" | "decision.changes_requested" | "decision.resubmitted" | "decision.step.escalated" | "decision.step.reminder" | "decision.step.reassigned" | "decision.commented" | "decision.withdrawn" | "decision.expired" | "decision.implemented" | "decision.closed" | "decision.outcome.due" | "decision.outcome.recorded" | "decision.outcome_kpi.linked" | "decision.outcome_kpi.unlinked" | "kpi.value.recorded" | "kpi.alert.triggered" | "kpi.alert.resolved" | "integration.sync.started" | "integration.sync.completed" | "integration.sync.failed";
                /** @description Only events created at or after this time. */
                created_after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Event id (`evt_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getNotificationPreferences: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your preferences. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationPreferences"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateNotificationPreferences: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "time_zone": "Europe/Berlin",
                 *       "preferences": {
                 *         "kpi_alert": "digest"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["UpdateNotificationPreferencesRequest"];
            };
        };
        responses: {
            /** @description Your preferences. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationPreferences"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listMyNotifications: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100, in plain decimal digits. */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor from a previous page's `next_cursor`. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Only notifications in this state. */
                status?: "pending" | "sending" | "sent" | "failed" | "cancelled";
                /** @description Only this channel. */
                channel?: "email" | "chat";
                /** @description Only this kind (`invitation` and `digest` included). */
                kind?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of your notifications. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listNotifications: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100, in plain decimal digits. */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor from a previous page's `next_cursor`. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Only notifications in this state. */
                status?: "pending" | "sending" | "sent" | "failed" | "cancelled";
                /** @description Only this channel. */
                channel?: "email" | "chat";
                /** @description Only this kind (`invitation` and `digest` included). */
                kind?: string;
                /** @description Only this member's. */
                user_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of notifications. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getNotification: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Notification id (`ntf_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The notification. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Notification"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getNotificationSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationSettings"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateNotificationSettings: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "mandatory_kinds": [
                 *         "approval_requested",
                 *         "approval_reminder"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["UpdateNotificationSettingsRequest"];
            };
        };
        responses: {
            /** @description The settings. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationSettings"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listChatDestinations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every destination (one page). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatDestinationList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createChatDestination: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Approvals channel",
                 *       "format": "slack",
                 *       "url": "https://hooks.slack.com/services/T000/B000/XXXX",
                 *       "kinds": [
                 *         "approval_requested",
                 *         "kpi_alert"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateChatDestinationRequest"];
            };
        };
        responses: {
            /** @description The destination. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatDestination"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getChatDestination: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Chat destination id (`chd_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The destination. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatDestination"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteChatDestination: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Chat destination id (`chd_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateChatDestination: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Chat destination id (`chd_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "kinds": [
                 *         "approval_requested",
                 *         "approval_reminder",
                 *         "kpi_alert"
                 *       ],
                 *       "enabled": true
                 *     }
                 */
                "application/json": components["schemas"]["UpdateChatDestinationRequest"];
            };
        };
        responses: {
            /** @description The destination. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatDestination"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listKpiWatchers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description KPI id (`kpi_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The KPI's watchers. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KpiWatchers"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    watchKpi: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description KPI id (`kpi_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The KPI's watchers. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KpiWatchers"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    unwatchKpi: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description KPI id (`kpi_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The KPI's watchers. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KpiWatchers"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listAuditRecords: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100, in plain decimal digits. */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor from a previous page's `next_cursor`. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Only records about this kind of resource. */
                resource_type?: "api_key" | "oauth_client" | "member" | "decision" | "model" | "approval_policy" | "integration" | "dataset" | "webhook" | "notification_settings" | "model_settings" | "chat_destination" | "usage_quotas" | "dedicated_endpoint" | "dedicated_workers";
                /** @description Only records about this resource (`key_…`, `cli_…`, `usr_…`). */
                resource_id?: string;
                /** @description Only records of writes by this actor (its `actor.id`). */
                actor_id?: string;
                /** @description Only records of this action. */
                action?: "api_key.created" | "api_key.rotated" | "api_key.revoked" | "oauth_client.created" | "oauth_client.revoked" | "member.created" | "member.role_changed" | "member.removed" | "member.invited" | "member.invitation_revoked" | "member.invitation_accepted" | "decision.created" | "decision.updated" | "decision.deleted" | "decision.evidence_attached" | "decision.evidence_detached" | "decision.submitted" | "decision.step.approved" | "decision.approved" | "decision.rejected" | "decision.changes_requested" | "decision.resubmitted" | "decision.step.escalated" | "decision.step.reminder" | "decision.step.reassigned" | "decision.commented" | "decision.withdrawn" | "decision.expired" | "decision.implemented" | "decision.closed" | "decision.outcome.due" | "decision.outcome_recorded" | "decision.outcome_kpi_linked" | "decision.outcome_kpi_unlinked" | "model.version.created" | "model.version.replaced" | "model.version.submitted" | "model.version.approved" | "model.version.rejected" | "model.version.changes_requested" | "model.version.returned_to_draft" | "model.version.published" | "model.version.retired" | "model.updated" | "model.legal_hold_placed" | "model.legal_hold_lifted" | "model_settings.updated" | "approval_policy.created" | "approval_policy.version_created" | "approval_policy.archived" | "integration.created" | "integration.updated" | "integration.deleted" | "integration.field_mapping_created" | "integration.sync_requested" | "integration.file_uploaded" | "integration.sync_cancelled" | "dataset.created" | "dataset.updated" | "dataset.deleted" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated" | "webhook.test_sent" | "webhook.redelivery_requested" | "notification_settings.updated" | "chat_destination.created" | "chat_destination.updated" | "chat_destination.deleted" | "usage_quotas.updated" | "dedicated_endpoint.updated" | "dedicated_workers.updated";
                /** @description Only records at or after this time (RFC 3339). */
                occurred_after?: string;
                /** @description Only records before this time (RFC 3339); must be later than `occurred_after`. */
                occurred_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of audit records, newest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditRecordList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    verifyAuditLog: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The verification result (200 whether or not the chain is intact). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditLogVerification"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getAuditRecord: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Audit record id (`aud_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditRecord"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createAuditExport: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write (POST, PUT, PATCH, DELETE) safe to retry: the first successful response is stored for 24 h and replayed for the same key and body; the same key with another body is refused with 422. While the first request runs, a repeat gets 409 `idempotency_request_in_progress` with `Retry-After`; if the process handling it died, a repeat after its lease gets the outcome its committed work recorded (or does the work, if none committed), never a second execution. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "occurred_after": "2026-11-01T00:00:00Z",
                 *       "decision_statuses": [
                 *         "approved",
                 *         "pending_approval"
                 *       ],
                 *       "decision_tags": [
                 *         "capex"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateAuditExportRequest"];
            };
        };
        responses: {
            /** @description The export has been accepted; poll it. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditExport"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceOrWorkflowEngineUnavailable"];
        };
    };
    getAuditExport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The export id (`aex_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The export. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditExport"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    downloadAuditExport: {
        parameters: {
            query?: {
                /** @description The file to download. */
                format?: "jsonl" | "csv";
            };
            header?: never;
            path: {
                /** @description The export id (`aex_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description `attachment; filename="aex_….jsonl"` */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/x-ndjson": string;
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getAuditExportDigest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The export id (`aex_…`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The compact JWS. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/jose": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getAuditExportJwks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A JWK Set (RFC 7517). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditJwks"];
                };
            };
        };
    };
    event_scenario_completed: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_ScenarioCompleted"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_scenario_failed: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_ScenarioFailed"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_scenario_deleted: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_ScenarioDeleted"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_batch_completed: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_BatchCompleted"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_model_version_created: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_ModelVersionCreated"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_model_version_submitted: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_ModelVersionSubmitted"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_model_version_approved: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_ModelVersionApproved"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_model_version_rejected: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_ModelVersionRejected"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_model_version_published: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_ModelVersionPublished"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_model_version_retired: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_ModelVersionRetired"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_model_deprecated: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_ModelDeprecated"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_api_key_expiring: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_ApiKeyExpiring"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_usage_quota_warning: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_UsageQuotaWarning"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_usage_quota_exceeded: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_UsageQuotaExceeded"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_webhook_disabled: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_WebhookDisabled"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_webhook_test: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_WebhookTest"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_decision_created: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_DecisionCreated"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_decision_submitted: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_DecisionSubmitted"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_decision_step_approved: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_DecisionStepApproved"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_decision_approved: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_DecisionApproved"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_decision_rejected: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_DecisionRejected"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_decision_changes_requested: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_DecisionChangesRequested"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_decision_resubmitted: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_DecisionResubmitted"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_decision_step_escalated: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_DecisionStepEscalated"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_decision_step_reminder: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_DecisionStepReminder"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_decision_step_reassigned: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_DecisionStepReassigned"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_decision_commented: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_DecisionCommented"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_decision_withdrawn: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_DecisionWithdrawn"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_decision_expired: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_DecisionExpired"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_decision_implemented: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_DecisionImplemented"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_decision_closed: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_DecisionClosed"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_decision_outcome_due: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_DecisionOutcomeDue"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_decision_outcome_recorded: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_DecisionOutcomeRecorded"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_decision_outcome_kpi_linked: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_DecisionOutcomeKpiLinked"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_decision_outcome_kpi_unlinked: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_DecisionOutcomeKpiUnlinked"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_kpi_value_recorded: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_KpiValueRecorded"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_kpi_alert_triggered: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_KpiAlertTriggered"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_kpi_alert_resolved: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_KpiAlertResolved"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_integration_sync_started: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_IntegrationSyncStarted"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_integration_sync_completed: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_IntegrationSyncCompleted"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_integration_sync_failed: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id; the same on retries and redeliveries.
                 * @example evt_01jd2x0m3f8q4w7e5r6t9y2v1k
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds when this attempt was signed.
                 * @example 1795000000
                 */
                "webhook-timestamp": string;
                /**
                 * @description One or two (during a secret rotation) space-separated `v1,<base64 HMAC-SHA256>` signatures.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Event_IntegrationSyncFailed"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried after `Retry-After` (or on the retry policy without it); 503 alike. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
