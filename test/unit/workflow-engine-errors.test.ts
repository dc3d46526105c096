import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ServiceError,
  WorkflowExecutionAlreadyStartedError,
  WorkflowUpdateRPCTimeoutOrCancelledError,
} from '@temporalio/client';
import { translateWorkflowEngineError, withWorkflowEngineDeadline } from '../../orchestration/workflow-engine';

describe('workflow engine error translation', () => {
  it('answers an unreachable or overloaded Temporal with 503 workflow_engine_unavailable and Retry-After', () => {
    const grpc = (code: number) => Object.assign(new Error(`grpc ${code}`), { code });
    const outages: unknown[] = [
      new ServiceError('Failed to start workflow', { cause: grpc(14) }),
      new ServiceError('Failed to signal workflow', { cause: grpc(4) }),
      grpc(8),
      Object.assign(new Error('transport error'), { name: 'TransportError' }),
      // Waiting on an update's outcome past the client's deadline: the SDK's own error, without a gRPC code.
      new WorkflowUpdateRPCTimeoutOrCancelledError('Timed out or cancelled waiting for Workflow Update', {
        cause: new Error('deadline'),
      }),
    ];
    for (const outage of outages) {
      const translated = translateWorkflowEngineError(outage);
      assert.equal(translated?.status, 503, (outage as Error).message);
      assert.equal(translated?.code, 'workflow_engine_unavailable');
      assert.equal(translated?.extras.headers?.['Retry-After'], '5');
    }
  });
  it('leaves request-specific Temporal errors and everything else alone', () => {
    assert.equal(
      translateWorkflowEngineError(
        new ServiceError('bad request', { cause: Object.assign(new Error('x'), { code: 3 }) }),
      ),
      undefined,
    );
    assert.equal(
      translateWorkflowEngineError(new WorkflowExecutionAlreadyStartedError('started', 'wf', 'type')),
      undefined,
    );
    assert.equal(translateWorkflowEngineError({ code: '57P01' }), undefined);
    assert.equal(translateWorkflowEngineError(new Error('boom')), undefined);
  });

  it('bounds a call even when the client ignores its own deadline (a NativeConnection client retries in Rust)', async () => {
    const ignoresDeadline = { withDeadline: <R>(_deadline: number | Date, work: () => Promise<R>) => work() };
    const started = Date.now();
    const never = () => new Promise<never>(() => undefined);
    const failure = await withWorkflowEngineDeadline(ignoresDeadline, 200, never).catch((error: unknown) => error);
    const elapsed = Date.now() - started;
    assert.ok(elapsed < 2000, `gave up after ${elapsed} ms`);
    assert.equal(translateWorkflowEngineError(failure)?.code, 'workflow_engine_unavailable');
    // A call that answers in time is passed through untouched.
    assert.equal(await withWorkflowEngineDeadline(ignoresDeadline, 200, async () => 'started'), 'started');
  });
});
