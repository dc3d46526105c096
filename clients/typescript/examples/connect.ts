/**
 * The client every example uses: the API's address and an API key from the environment.
 *
 *   DMS_BASE_URL=http://localhost:3000 DMS_API_KEY=dms_… npx tsx clients/typescript/examples/scenario-with-uncertainty.ts
 */
import { DecisionModelingClient, apiKey } from '../src/index';

export function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`set ${name} (see clients/typescript/README.md)`);
  return value;
}

export function connect(): DecisionModelingClient {
  return new DecisionModelingClient({
    baseUrl: required('DMS_BASE_URL'),
    auth: apiKey(required('DMS_API_KEY')),
    userAgent: 'dms-examples/1.0',
  });
}

/** Fails the example (exit code 1) with a message when a condition does not hold. */
export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`check failed: ${message}`);
}

/** Runs an example: exit code 0 when it finished, 1 with the error otherwise. */
export function run(example: () => Promise<void>): void {
  example().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
