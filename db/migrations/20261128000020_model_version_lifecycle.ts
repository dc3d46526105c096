import type { Knex } from 'knex';
import { enableTenantRowSecurity } from './20261121000001_platform_spine';

export const MODEL_VERSION_STATUSES = ['draft', 'in_review', 'published', 'retired', 'rejected'] as const;

export async function up(knex: Knex): Promise<void> {
  // A version's place in its lifecycle: draft → in_review → published → retired (or rejected, or back to draft).
  await knex.schema.alterTable('model_versions', (t) => {
    t.text('status').notNullable().defaultTo('draft');
    /** Bumped each time a draft's content is replaced: approvals given to an earlier content no longer stand. */
    t.integer('content_revision').notNullable().defaultTo(1);
    /** The release decision that reviews this version (decisions.model_release names it back). */
    t.text('review_decision_id');
    t.jsonb('updated_by');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('submitted_at', { useTz: true });
    t.timestamp('published_at', { useTz: true });
    t.timestamp('retired_at', { useTz: true });
  });
  await knex.raw(
    `alter table model_versions add constraint model_versions_status_check check (status in (${MODEL_VERSION_STATUSES.map((s) => `'${s}'`).join(', ')}))`,
  );
  await knex.schema.alterTable('models', (t) => {
    t.integer('published_version');
    /** The share of decision-table rules a suite must hit before a draft may be submitted; null: the default (1). */
    t.double('coverage_threshold');
  });
  // Before this migration every upload went live at once: the latest version is the published one, earlier ones retired.
  await knex.raw(`update model_versions v set status = case when v.version = m.latest_version then 'published' else 'retired' end,
    published_at = v.created_at from models m where m.id = v.model_id`);
  await knex.raw('update models set published_version = latest_version');
  // Exactly one published version per model, whatever two concurrent approvals try.
  await knex.raw(
    `create unique index model_versions_one_published on model_versions (model_id) where status = 'published'`,
  );

  // Every time a version goes live: through a review, or again as a rollback (who, when, why, what it replaced).
  await knex.schema.createTable('model_releases', (t) => {
    t.text('id').primary();
    t.text('tenant_id').notNullable().references('tenants.id').onDelete('CASCADE');
    t.text('model_id').notNullable().references('models.id').onDelete('CASCADE');
    t.integer('version').notNullable();
    t.integer('replaced_version');
    t.text('kind').notNullable();
    t.text('reason');
    t.text('decision_id');
    t.jsonb('released_by').notNullable();
    t.timestamp('released_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['tenant_id', 'model_id', 'released_at']);
  });
  await knex.raw(
    `alter table model_releases add constraint model_releases_kind_check check (kind in ('review', 'rollback'))`,
  );
  await enableTenantRowSecurity(knex, 'model_releases');

  // A release decision reviews one model version; ordinary decisions leave it null.
  await knex.schema.alterTable('decisions', (t) => {
    t.jsonb('model_release');
  });
  // A scenario its author ran on an unpublished version: never linkable to a decision option.
  await knex.schema.alterTable('scenarios', (t) => {
    t.boolean('draft_run').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('scenarios', (t) => t.dropColumn('draft_run'));
  await knex.schema.alterTable('decisions', (t) => t.dropColumn('model_release'));
  await knex.schema.dropTable('model_releases');
  await knex.raw('drop index model_versions_one_published');
  await knex.schema.alterTable('models', (t) => {
    t.dropColumn('published_version');
    t.dropColumn('coverage_threshold');
  });
  await knex.raw('alter table model_versions drop constraint model_versions_status_check');
  await knex.schema.alterTable('model_versions', (t) => {
    for (const column of [
      'status',
      'content_revision',
      'review_decision_id',
      'updated_by',
      'updated_at',
      'submitted_at',
      'published_at',
      'retired_at',
    ])
      t.dropColumn(column);
  });
}
