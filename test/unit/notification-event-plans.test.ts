import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { effectiveDelivery } from '../../core/notification-kinds';
import { mentionedEmails, planNotifications } from '../../notifications/event-plans';

// Rendering and signing are tested in notification-rendering.test.ts, digest times in notification-digest-time.test.ts.
describe('what events notify', () => {
  const decision = {
    id: 'dec_1',
    title: 'Open Lyon',
    status: 'pending_approval',
    current_step: 2,
    approval_policy_id: 'apl_1',
    approval_policy_version: 1,
  };
  const plan = (
    type: string,
    data: Record<string, unknown>,
    facts?: { tags: string[]; model_release: { model_id: string; version: number } | null },
  ) =>
    planNotifications({
      type,
      data,
      createdAt: new Date('2026-11-28T08:00:00Z'),
      ...(facts ? { decision: facts } : {}),
    });

  it("asks the next step's approvers only once a step is complete, and never tells the actor of their own act", () => {
    const actor = { type: 'user', id: 'usr_ap1' };
    assert.deepEqual(
      plan('decision.step.approved', { decision, actor, transition: { step: 1, step_complete: false } }),
      [],
    );
    const [next] = plan('decision.step.approved', { decision, actor, transition: { step: 1, step_complete: true } });
    assert.equal(next?.kind, 'approval_requested');
    assert.deepEqual(next?.audiences, [{ type: 'decision_approvers', decisionId: 'dec_1' }]);
    assert.equal(next?.excludeMemberId, 'usr_ap1');
    assert.equal(next?.content.action.path, '/console/decisions/dec_1');
    assert.deepEqual(
      plan('decision.step.approved', {
        decision: { ...decision, status: 'approved' },
        actor,
        transition: { step: 2, step_complete: true },
      }),
      [],
    );
  });

  it('speaks of a model review for a release decision and links to the model version', () => {
    const [review] = plan(
      'decision.submitted',
      { decision, actor: { type: 'api_key', id: 'key_1' }, transition: {} },
      { tags: ['model_release'], model_release: { model_id: 'mdl_1', version: 3 } },
    );
    assert.equal(review?.kind, 'model_review_requested');
    assert.equal(review?.content.action.path, '/console/models/mdl_1/versions/3');
    const [result] = plan(
      'decision.rejected',
      { decision, transition: { comment: 'No' } },
      { tags: ['model_release'], model_release: { model_id: 'mdl_1', version: 3 } },
    );
    assert.equal(result?.kind, 'model_review_result');
    assert.equal(result?.content.quote, 'No');
  });

  it('finds mentions by email, tells admins of failed syncs and disabled webhooks, and ignores the rest', () => {
    assert.deepEqual(mentionedEmails('cc @Ada@Example.com and @bob@example.com, not foo@example.com'), [
      'ada@example.com',
      'bob@example.com',
    ]);
    assert.deepEqual(plan('decision.commented', { decision, transition: { comment: 'no mention' } }), []);
    assert.equal(
      plan('integration.sync.failed', {
        sync: {
          id: 'syn_1',
          integration_id: 'int_1',
          dataset: 'people',
          status: 'failed',
          counts: {},
          error: { detail: 'down' },
        },
      })[0]?.kind,
      'operations',
    );
    assert.deepEqual(
      plan('integration.sync.completed', { sync: { status: 'completed', counts: { rejected: 0 }, warnings: [] } }),
      [],
    );
    assert.equal(
      plan('integration.sync.completed', {
        sync: { status: 'partially_completed', counts: { rejected: 3 }, warnings: [] },
      })[0]?.kind,
      'operations',
    );
    assert.deepEqual(
      plan('webhook.disabled', { webhook: { id: 'whk_1', url: 'https://x', disabled_reason: 'endpoint_gone' } })[0]
        ?.audiences,
      [{ type: 'admins' }],
    );
    assert.deepEqual(plan('scenario.completed', {}), []);
    assert.deepEqual(
      plan('model.version.submitted', {}),
      [],
      "model reviews travel as their release decision's events",
    );
  });

  it('keeps mandatory kinds on, whatever the person chose', () => {
    assert.equal(effectiveDelivery('mention', 'off', false), 'off');
    assert.equal(effectiveDelivery('mention', 'off', true), 'digest');
    assert.equal(effectiveDelivery('approval_requested', undefined, false), 'immediate');
    assert.equal(effectiveDelivery('kpi_alert', 'digest', true), 'digest');
  });
});
