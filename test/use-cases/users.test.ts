import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createUserService } from '../../api/administration/service';
import { ROLE_SCOPES } from '../../core/roles';
import { createTenantForTest, rejectsWith, useDatabase } from './harness';

describe('users and roles (use cases)', () => {
  const db = useDatabase();
  // No invitation port: members are added without an invitation email (the API's invitations are tested in test/api).
  const users = () => createUserService({ db: db() });

  it('adds people with a role and its documented scopes, saying nothing about their credentials, once per tenant', async () => {
    const { context } = await createTenantForTest(db());
    const added = await users().add(context, {
      email: 'Ada@Example.com',
      display_name: 'Ada Lovelace',
      role: 'analyst',
    });
    assert.match(added.id, /^usr_[0-9a-z]{26}$/);
    assert.equal(added.email, 'ada@example.com');
    assert.equal(added.role, 'analyst');
    assert.deepEqual(added.scopes, ROLE_SCOPES.analyst);
    assert.equal(added.display_name, 'Ada Lovelace');
    assert.equal('has_password' in added, false, "credentials are not the tenant's business");

    await rejectsWith(
      users().add(context, { email: 'ada@example.com', display_name: 'Ada', role: 'viewer' }),
      409,
      'already_member',
    );

    const invited = await users().add(context, { email: 'bob@example.com', display_name: 'Bob', role: 'viewer' });
    assert.equal(invited.role, 'viewer');
    assert.equal('has_password' in invited, false);

    const list = await users().list(context, { limit: 1 });
    assert.equal(list.data.length, 1);
    const next = await users().list(context, { limit: 1, cursor: list.next_cursor ?? undefined });
    assert.deepEqual([...list.data, ...next.data].map((m) => m.email).sort(), ['ada@example.com', 'bob@example.com']);
    assert.equal(next.next_cursor, null);
  });

  it('changes roles and never lets a tenant lose its last admin', async () => {
    const { context } = await createTenantForTest(db());
    const first = await users().add(context, { email: 'first@example.com', display_name: 'First', role: 'admin' });
    await rejectsWith(users().changeRole(context, first.id, 'viewer'), 409, 'last_admin');
    const second = await users().add(context, { email: 'second@example.com', display_name: 'Second', role: 'admin' });
    const demoted = await users().changeRole(context, first.id, 'approver');
    assert.equal(demoted.role, 'approver');
    assert.deepEqual(demoted.scopes, ROLE_SCOPES.approver);
    await rejectsWith(users().remove(context, second.id), 409, 'last_admin');
    assert.equal(await users().remove(context, first.id), undefined, 'removed');
    await rejectsWith(users().get(context, first.id), 404, 'resource_not_found');
  });
});
