import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { resolvePinnedAddress, sendPinnedRequest, type ResolveHost } from '../../core/pinned-http-request';

/** A resolver that answers from a table and counts its lookups; a name not in it does not exist. */
function resolverOf(table: Record<string, string[]>) {
  const lookups: string[] = [];
  const resolveHost: ResolveHost = async (hostname) => {
    lookups.push(hostname);
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolveHost, lookups };
}

describe('the SSRF-pinned HTTP request (core/pinned-http-request.ts)', () => {
  let server: http.Server;
  let port: number;
  const received: Array<{ host: string | undefined; body: string }> = [];

  before(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        received.push({ host: req.headers.host, body });
        if (req.url === '/large') res.end('x'.repeat(10_000));
        else res.end(JSON.stringify({ ok: true }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const rules = (resolveHost: ResolveHost, allowedHosts: string[] = []) => ({
    resolveHost,
    allowedHosts,
    timeoutMs: 10_000,
    maxResponseBytes: 1024,
  });

  it('refuses a host that resolves to a private address, and sends nothing', async () => {
    for (const privateAddress of ['10.1.2.3', '127.0.0.1', '169.254.169.254', '::1', '::ffff:192.168.0.1']) {
      const { resolveHost } = resolverOf({ 'hooks.example.com': ['93.184.216.34', privateAddress] });
      const before = received.length;
      const outcome = await sendPinnedRequest({
        url: new URL(`http://hooks.example.com:${port}/`),
        method: 'POST',
        headers: {},
        body: '{}',
        ...rules(resolveHost),
      });
      assert.equal(outcome.kind, 'refused', privateAddress);
      assert.match(
        (outcome as { reason: string }).reason,
        new RegExp(
          `^destination_not_allowed: hooks\\.example\\.com resolves to ${privateAddress.replace(/\./g, '\\.')}`,
        ),
      );
      assert.equal(received.length, before, 'nothing reached a server');
    }
  });

  it('refuses loopback names and private IP literals without asking the resolver', async () => {
    const { resolveHost, lookups } = resolverOf({});
    for (const host of ['localhost', 'api.localhost', '127.0.0.1', '[::1]']) {
      const outcome = await sendPinnedRequest({
        url: new URL(`http://${host}:${port}/`),
        method: 'GET',
        headers: {},
        ...rules(resolveHost),
      });
      assert.equal(outcome.kind, 'refused', host);
    }
    assert.deepEqual(lookups, []);
  });

  it('connects to the address it resolved and checked, with no second lookup', async () => {
    // `pinned.test` exists only in this resolver: had the HTTP client looked the name up again itself, it would not
    // have found it. The allow-list lets the checked address be the loopback server.
    const { resolveHost, lookups } = resolverOf({ 'pinned.test': ['127.0.0.1'] });
    const outcome = await sendPinnedRequest({
      url: new URL(`http://pinned.test:${port}/hook`),
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"n":1}',
      ...rules(resolveHost, ['pinned.test']),
    });
    assert.equal(outcome.kind, 'response');
    assert.equal((outcome as { status: number }).status, 200);
    assert.deepEqual(lookups, ['pinned.test'], 'the name was looked up once, by the check');
    assert.deepEqual(
      received.at(-1),
      { host: `pinned.test:${port}`, body: '{"n":1}' },
      'the request kept its Host header',
    );
  });

  it('a rebinding resolver cannot redirect the connection: the second answer is never asked for', async () => {
    let calls = 0;
    const rebinding: ResolveHost = async () =>
      calls++ === 0 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.0.0.1', family: 4 }];
    const outcome = await sendPinnedRequest({
      url: new URL(`http://rebind.test:${port}/`),
      method: 'GET',
      headers: {},
      ...rules(rebinding, ['rebind.test']),
    });
    assert.equal(outcome.kind, 'response');
    assert.equal(calls, 1);
  });

  it('reads at most maxResponseBytes and says the answer was cut', async () => {
    const { resolveHost } = resolverOf({ 'pinned.test': ['127.0.0.1'] });
    const outcome = await sendPinnedRequest({
      url: new URL(`http://pinned.test:${port}/large`),
      method: 'GET',
      headers: {},
      ...rules(resolveHost, ['pinned.test']),
    });
    assert.equal(outcome.kind, 'response');
    const response = outcome as { body: Buffer; truncated: boolean };
    assert.equal(response.truncated, true);
    assert.ok(response.body.length <= 1024);
  });

  it('one deadline covers the resolution: a resolver that never answers is a timed-out, temporary failure', async () => {
    const hanging: ResolveHost = () => new Promise(() => undefined);
    const outcome = await resolvePinnedAddress(
      'slow.example.com',
      { resolveHost: hanging, allowedHosts: [] },
      AbortSignal.timeout(1_000),
    );
    assert.deepEqual(
      {
        kind: outcome.kind,
        timedOut: (outcome as { timedOut: boolean }).timedOut,
        temporary: (outcome as { temporary: boolean }).temporary,
      },
      {
        kind: 'unresolved',
        timedOut: true,
        temporary: true,
      },
    );
  });

  it('a name that does not exist is unresolved and not temporary', async () => {
    const { resolveHost } = resolverOf({});
    const outcome = await resolvePinnedAddress('nowhere.example.com', { resolveHost, allowedHosts: [] });
    assert.equal(outcome.kind, 'unresolved');
    assert.equal((outcome as { temporary: boolean }).temporary, false);
  });
});
