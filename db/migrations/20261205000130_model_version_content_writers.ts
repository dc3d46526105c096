import type { Knex } from 'knex';

/**
 * Who wrote each content revision of a model version: its uploader (revision 1) and everyone whose `PUT` replaced a
 * draft's content, in order. Separation of duties keeps every one of them from approving the version's release
 * (`updated_by` alone names only the last writer, and later transitions overwrite it).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('model_versions', (t) => {
    t.jsonb('content_writers').notNullable().defaultTo('[]');
  });
  // Existing versions: the uploader, then each replacement as the audit log recorded it (`model.version.replaced`
  // carries the actor and the revision it produced).
  await knex.raw(`
    update model_versions v set content_writers =
      jsonb_build_array(jsonb_build_object('content_revision', 1, 'actor', v.created_by, 'at', to_jsonb(v.created_at)))
      || coalesce((
        select jsonb_agg(jsonb_build_object('content_revision', (a.payload->>'content_revision')::int, 'actor', a.actor, 'at', to_jsonb(a.occurred_at)) order by a.sequence)
          from audit_log a
         where a.tenant_id = v.tenant_id and a.resource_type = 'model' and a.resource_id = v.model_id
           and a.action = 'model.version.replaced' and a.payload->>'version' = v.version::text
      ), '[]'::jsonb)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('model_versions', (t) => {
    t.dropColumn('content_writers');
  });
}
