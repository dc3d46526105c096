/** API keys: create one (retry-safe: the client sends an Idempotency-Key), page through them, rotate, revoke, errors. */
import { ProblemError, type Body } from '../src/index';
import { check, connect, run } from './connect';

run(async () => {
  const client = connect();

  const me = await client.account.getCurrentPrincipal();
  console.log(`signed in to ${me.tenant_id} as ${me.actor.type} ${me.actor.id}`);

  // The same key twice: the second answer is the stored first one, not a second API key.
  const body: Body<'createApiKey'> = {
    name: 'ci',
    scopes: ['scenarios:*', 'models:read'],
    expires_at: '2027-01-01T00:00:00Z',
  };
  const idempotencyKey = `create-ci-key-${Date.now()}`;
  const created = await client.apiKeys.create(body, { idempotencyKey });
  const again = await client.apiKeys.create(body, { idempotencyKey });
  check(again.id === created.id, 'a repeated Idempotency-Key replays the first answer');
  console.log(`created ${created.id} (${created.key_prefix}…), scopes ${created.scopes.join(' ')}`);

  // Every key of the tenant, two per page: the iterator fetches the next page when it needs it.
  let count = 0;
  for await (const key of client.apiKeys.list({ limit: 2 })) {
    count += 1;
    console.log(`  ${key.id} ${key.name} ${key.status}`);
  }
  check(count >= 2, 'the list has the demo key and the new one');

  const rotated = await client.apiKeys.rotate(created.id, { grace_period_seconds: 3600 });
  console.log(`rotated: the old secret works until ${rotated.previous_secret_expires_at}`);
  await client.apiKeys.revoke(created.id);

  // Errors are ProblemErrors: switch on `code`; `errors` names each field.
  try {
    await client.apiKeys.create({ name: '', scopes: ['scenarios:read'] });
    check(false, 'an empty name is refused');
  } catch (error) {
    if (!(error instanceof ProblemError)) throw error;
    check(
      error.code === 'validation_failed' && error.status === 422,
      `422 validation_failed, got ${error.status} ${error.code}`,
    );
    console.log(
      `refused: ${error.errors.map((e) => `${e.path} ${e.message}`).join('; ')} (request ${error.requestId})`,
    );
  }
});
