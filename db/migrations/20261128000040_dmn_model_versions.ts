import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // A version's content is a JDM graph (every version before this migration) or a DMN model (the XML as uploaded).
  await knex.schema.alterTable('model_versions', (t) => {
    t.text('format').notNullable().defaultTo('jdm');
    /** DMN versions: the XML exactly as uploaded. */
    t.text('dmn');
    /** DMN versions: the model's namespace, by which other models of the tenant import it. */
    t.text('dmn_namespace');
    /**
     * DMN versions: the imports as resolved at upload (namespace, model, version, SHA-256 and the XML of that version),
     * transitive ones included, so an evaluation never depends on what the imported models became since.
     */
    t.jsonb('dmn_imports').notNullable().defaultTo('[]');
  });
  await knex.raw('alter table model_versions alter column graph drop not null');
  await knex.raw(`alter table model_versions add constraint model_versions_format_check check (
    (format = 'jdm' and graph is not null and dmn is null) or (format = 'dmn' and dmn is not null and dmn_namespace is not null))`);
  await knex.raw(
    'create index model_versions_dmn_namespace on model_versions (tenant_id, dmn_namespace) where dmn_namespace is not null',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists model_versions_dmn_namespace');
  await knex.raw('alter table model_versions drop constraint model_versions_format_check');
  await knex.raw(`delete from model_versions where format = 'dmn'`);
  await knex.raw('alter table model_versions alter column graph set not null');
  await knex.schema.alterTable('model_versions', (t) => {
    t.dropColumn('dmn_imports');
    t.dropColumn('dmn_namespace');
    t.dropColumn('dmn');
    t.dropColumn('format');
  });
}
