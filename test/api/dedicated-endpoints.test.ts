import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { admin } from '../helpers/admin-cli';
import { createSignInClient } from '../helpers/people';
import { createTestTenant, startTestStack, type TestStack, type TestTenant } from '../helpers/stack';

/**
 * Dedicated endpoints (Enterprise): a tenant's own host takes only its credentials, another tenant's key or token
 * there is answered exactly as an unknown one, the shared host answers for the tenant until the migration window is
 * ended, all set by the admin CLI and audited. Requests carry the host in `Host`, as behind a load balancer.
 */

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Record<string, any>;
}

describe('dedicated endpoints', () => {
  let stack: TestStack;
  let acme: TestTenant;
  let other: TestTenant;
  let host: string;

  before(async () => {
    stack = await startTestStack({ env: { DEDICATED_ENDPOINT_CACHE_SECONDS: '0' } });
    acme = await createTestTenant(stack.db, { name: 'Acme' });
    other = await createTestTenant(stack.db, { name: 'Other' });
    host = `acme-${crypto.randomBytes(4).toString('hex')}.api.example.test`;
  });
  after(async () => stack?.close());

  /** GET a path of the API with this Host header and credential. */
  const get = (onHost: string, path: string, credential: string): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const url = new URL(stack.baseUrl);
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          path,
          method: 'GET',
          headers: { host: onHost, authorization: `Bearer ${credential}` },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: JSON.parse(Buffer.concat(chunks).toString() || '{}'),
            }),
          );
        },
      );
      request.on('error', reject);
      request.end();
    });
  const shared = () => new URL(stack.baseUrl).host;
  /** GET with the Host header lines given, as written on the wire (http.request would send one). */
  const rawGet = (hosts: string[], path: string, credential: string): Promise<{ head: string; body: string }> =>
    new Promise((resolve, reject) => {
      const url = new URL(stack.baseUrl);
      const socket = net.connect(Number(url.port), url.hostname, () => {
        const lines = [
          `GET ${path} HTTP/1.1`,
          ...hosts.map((value) => `Host: ${value}`),
          `Authorization: Bearer ${credential}`,
          'Connection: close',
          '',
          '',
        ];
        socket.write(lines.join('\r\n'));
      });
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        const split = text.indexOf('\r\n\r\n');
        const head = text.slice(0, split);
        let body = text.slice(split + 4);
        // A chunked answer: join its chunks.
        if (/^transfer-encoding: chunked/im.test(head))
          body = body.replace(/(?:^|\r\n)[0-9a-f]+\r\n/gi, '').replace(/\r\n$/, '');
        resolve({ head, body });
      });
      socket.on('error', reject);
    });
  /** What a refusal says, without what differs per request. */
  const refusal = (answer: Answer) => {
    const { request_id: _id, instance: _instance, ...rest } = answer.body;
    return {
      status: answer.status,
      challenge: answer.headers['www-authenticate'],
      type: answer.headers['content-type'],
      body: rest,
    };
  };

  it('is given by the admin CLI to enterprise tenants, with usage errors named, and audited', async () => {
    const given = await admin('tenant', 'endpoint', '--tenant', acme.id, '--host', host.toUpperCase());
    assert.equal(given.code, 0, given.stderr);
    assert.deepEqual(JSON.parse(given.stdout), {
      object: 'dedicated_endpoint',
      tenant_id: acme.id,
      base_url: `https://${host}`,
      shared_host_open: true,
    });
    const starter = await createTestTenant(stack.db, { plan: 'starter' });
    for (const [args, message] of [
      [['--tenant', starter.id, '--host', 'small.example.test'], /enterprise feature/],
      [['--tenant', other.id, '--host', host], /already the endpoint of another tenant/],
      [['--tenant', other.id, '--host', `${host.toUpperCase()}.`], /already the endpoint of another tenant/],
      [['--tenant', other.id, '--host', 'bad_host!.example.test'], /must be a host name/],
      [['--tenant', other.id, '--host', 'single'], /must be a full host name/],
      [['--tenant', other.id, '--shared-host', 'closed'], /only for a tenant with a dedicated endpoint/],
      [['--tenant', other.id, '--shared-host', 'ajar'], /--shared-host must be open or closed/],
      [['--tenant', other.id], /give --host, --remove or --shared-host/],
    ] as const) {
      const refused = await admin('tenant', 'endpoint', ...args);
      assert.equal(refused.code, 2, `${args.join(' ')}: ${refused.stdout}`);
      assert.match(JSON.parse(refused.stderr).error, message);
    }
    const audit = await get(shared(), '/api/v1/audit-log?action=dedicated_endpoint.updated', acme.key);
    assert.equal(audit.body.data.length, 1);
    assert.deepEqual(audit.body.data[0].payload, { host, shared_host_open: true });
  });

  it("takes only its tenant's credentials: another tenant's key or token is refused exactly as an unknown one", async () => {
    const me = await get(host, '/api/v1/me', acme.key);
    assert.equal(me.status, 200, JSON.stringify(me.body));
    assert.deepEqual(me.body.dedicated_endpoint, { base_url: `https://${host}`, shared_host_open: true });
    // The port is not part of the name.
    assert.equal((await get(`${host}:8443`, '/api/v1/me', acme.key)).status, 200);

    const otherKey = await get(host, '/api/v1/me', other.key);
    const unknownKey = await get(host, '/api/v1/me', `dms_${'0'.repeat(26)}_${'A'.repeat(43)}`);
    assert.equal(otherKey.status, 401);
    assert.deepEqual(refusal(otherKey), refusal(unknownKey));
    assert.equal(otherKey.body.code, 'invalid_api_key');

    const people = await createSignInClient(stack, other.key, ['scenarios:read']);
    const person = await people.person('other-analyst', other.id, 'analyst');
    assert.equal((await get(shared(), '/api/v1/me', person.token)).status, 200, 'the token works on the shared host');
    const otherToken = await get(host, '/api/v1/me', person.token);
    const forged = person.token.slice(0, -4) + (person.token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const unknownToken = await get(host, '/api/v1/me', forged);
    assert.equal(otherToken.status, 401);
    assert.deepEqual(refusal(otherToken), refusal(unknownToken));
    // Another tenant's request on the shared host is unaffected.
    assert.equal((await get(shared(), '/api/v1/me', other.key)).status, 200);
  });

  it('matches the host as DNS does (case, port, one trailing dot) and refuses a Host that is not one name', async () => {
    // The absolute form `name.` is the dedicated name, not the shared host: another tenant's key is refused there too.
    for (const dotted of [`${host}.`, `${host.toUpperCase()}.:8443`]) {
      assert.equal((await get(dotted, '/api/v1/me', acme.key)).status, 200, dotted);
      const otherKey = await get(dotted, '/api/v1/me', other.key);
      assert.equal(otherKey.status, 401, `${dotted}: ${JSON.stringify(otherKey.body)}`);
      assert.equal(otherKey.body.code, 'invalid_api_key');
    }
    // What is not one host name is refused before any credential is looked at.
    for (const malformed of [`${host}..`, `${shared()}, ${host}`, `.${host}`, `${host}:port`]) {
      const refused = await get(malformed, '/api/v1/me', other.key);
      assert.equal(refused.status, 400, `${malformed}: ${JSON.stringify(refused.body)}`);
      assert.equal(refused.headers['content-type'], 'application/problem+json');
      assert.equal(refused.body.code, 'invalid_host');
    }
    // Two Host headers (Node keeps the first; a proxy in front may have routed on the other), in either order.
    for (const hosts of [
      [shared(), host],
      [host, shared()],
      [shared(), shared()],
    ]) {
      const answer = await rawGet(hosts, '/api/v1/me', other.key);
      assert.match(answer.head, /^HTTP\/1\.1 400 /, `${hosts.join(' + ')}: ${answer.head}`);
      assert.equal(JSON.parse(answer.body).code, 'invalid_host');
    }
    assert.match((await rawGet([shared()], '/api/v1/me', other.key)).head, /^HTTP\/1\.1 200 /);
  });

  it('keeps the shared host answering for the tenant until the migration window is ended, then names the endpoint', async () => {
    assert.equal((await get(shared(), '/api/v1/scenarios?limit=1', acme.key)).status, 200);
    const closed = await admin('tenant', 'endpoint', '--tenant', acme.id, '--shared-host', 'closed');
    assert.equal(closed.code, 0, closed.stderr);
    const refused = await get(shared(), '/api/v1/scenarios?limit=1', acme.key);
    assert.equal(refused.status, 421, JSON.stringify(refused.body));
    assert.equal(refused.body.code, 'dedicated_endpoint_required');
    assert.equal(refused.body['dedicated-endpoint'], `https://${host}`);
    assert.match(refused.body.detail, new RegExp(`https://${host.replace(/\./g, '\\.')}/api/v1`));
    assert.equal((await get(host, '/api/v1/scenarios?limit=1', acme.key)).status, 200);
    assert.deepEqual((await get(host, '/api/v1/me', acme.key)).body.dedicated_endpoint, {
      base_url: `https://${host}`,
      shared_host_open: false,
    });
    // Removing the endpoint brings the tenant back to the shared host.
    const removed = await admin('tenant', 'endpoint', '--tenant', acme.id, '--remove');
    assert.equal(removed.code, 0, removed.stderr);
    assert.equal(JSON.parse(removed.stdout).base_url, null);
    assert.equal((await get(shared(), '/api/v1/scenarios?limit=1', acme.key)).status, 200);
    assert.equal((await get(shared(), '/api/v1/me', acme.key)).body.dedicated_endpoint, null);
  });
});
