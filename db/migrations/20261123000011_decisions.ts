import type { Knex } from 'knex';
import { enableTenantRowSecurity } from './20261121000001_platform_spine';

const DECISION_TABLES = ['decisions', 'decision_evidence'];

// Spelled out rather than imported from the records: a shipped migration must not change when the code does.
const DECISION_STATUSES = [
  'draft',
  'pending_approval',
  'changes_requested',
  'approved',
  'rejected',
  'withdrawn',
  'expired',
  'implemented',
  'closed',
];
const EVIDENCE_TYPES = ['link', 'note', 'document', 'scenario', 'dataset_snapshot'];

const inList = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * The decision log. A decision's history is not a table of its own: every change appends to the tenant's audit log
 * (20261123000009) in the same transaction, and GET /decisions/{id}/history reads it back from there.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('decisions', (t) => {
    t.text('id').primary();
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('title').notNullable();
    t.text('context').notNullable().defaultTo('');
    /** 2–20 options, each with its frozen scenario snapshot if it links one (records/decision.ts: DecisionOption). */
    t.jsonb('options').notNullable();
    t.text('chosen_option');
    t.text('rationale');
    t.text('owner_id');
    t.specificType('tags', 'text[]').notNullable().defaultTo('{}');
    t.timestamp('due_at', { useTz: true });
    t.text('status').notNullable().defaultTo('draft');
    /** Set on submission once approval policies exist; null for drafts. */
    t.text('approval_policy_id');
    t.jsonb('created_by').notNullable();
    t.jsonb('updated_by').notNullable();
    t.timestamp('deleted_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['tenant_id', 'id']);
    t.index(['tenant_id', 'status', 'id']);
    t.index(['tenant_id', 'owner_id', 'id']);
  });
  await knex.raw(
    `alter table decisions add constraint decisions_status_check check (status in (${inList(DECISION_STATUSES)}))`,
  );
  await knex.raw(
    `alter table decisions add constraint decisions_options_check check (jsonb_array_length(options) between 2 and 20)`,
  );

  // Evidence is never deleted: detaching sets detached_at/detached_by, so what a decision was based on stays readable.
  await knex.schema.createTable('decision_evidence', (t) => {
    t.text('id').primary();
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('decision_id').notNullable().references('decisions.id').onDelete('CASCADE');
    t.text('type').notNullable();
    t.text('title');
    /** The type's own fields (url; note text; document name/media type/size/sha256; scenario snapshot; dataset reference). */
    t.jsonb('content').notNullable();
    t.jsonb('attached_by').notNullable();
    t.timestamp('attached_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.jsonb('detached_by');
    t.timestamp('detached_at', { useTz: true });
    t.index(['tenant_id', 'decision_id', 'id']);
  });
  await knex.raw(
    `alter table decision_evidence add constraint decision_evidence_type_check check (type in (${inList(EVIDENCE_TYPES)}))`,
  );

  for (const table of DECISION_TABLES) await enableTenantRowSecurity(knex, table);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [...DECISION_TABLES].reverse()) await knex.schema.dropTable(table);
}
