import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { modelPage } from '../../api/console/model-pages';
import { replayImpact, withScenarioNames, type ReplayImpactView } from '../../api/console/model-replay-impact';
import type { Viewer } from '../../api/console/layout';

const viewer: Viewer = {
  name: 'Ann',
  email: 'ann@example.test',
  tenantName: 'Tenant',
  role: 'analyst',
  csrfToken: 'token',
};
const model = {
  id: 'mdl_01m7yvrz8c1x16083v41p1avpr',
  source: 'tenant' as const,
  name: 'Pricing',
  description: '',
  category: 'pricing',
  status: 'active' as const,
  latest_version: '2',
  created_by: { type: 'api_key', id: 'key_1' },
  created_at: '2026-11-28T10:00:00.000Z',
};

/** A completed replay as the replays family's list answers it, with tenant-authored text where the report carries it. */
const completed: ReplayImpactView = {
  id: 'rpl_1',
  version: '2',
  baseline_version: '1',
  status: 'completed',
  limit: 1000,
  progress: { total: 3, processed: 3 },
  report: {
    runs: 3,
    runs_compared: 2,
    runs_skipped: 0,
    runs_failing: 1,
    metrics: [
      {
        metric: 'discount.rate',
        runs_compared: 2,
        changed: 1,
        mean_abs_change: 0.02,
        max_abs_change: 0.02,
        mean_rel_change: 0.2,
        max_rel_change: 0.2,
        largest_changes: [{ scenario_id: 'scn_1', before: 0.1, after: 0.12, abs_change: 0.02, rel_change: 0.2 }],
      },
      {
        metric: 'segment',
        runs_compared: 2,
        changed: 0,
        mean_abs_change: null,
        max_abs_change: null,
        mean_rel_change: null,
        max_rel_change: null,
        largest_changes: [],
      },
    ],
    failing: [{ scenario_id: 'scn_2', code: 'inputs_invalid', message: 'quantity <b>must be</b> <= 1000' }],
  },
  error: null,
  created_by: { type: 'user', id: 'usr_1' },
  created_at: '2026-11-28T10:00:00.000Z',
  completed_at: '2026-11-28T10:00:05.000Z',
};

describe('console model pages', () => {
  it('renders a replay’s impact per metric, the largest changes and the runs that now fail, escaped', () => {
    const markup = replayImpact(completed, model.id, new Map([['usr_1', 'Ann']])).value;
    assert.match(
      markup,
      /<a href="\/console\/models\/mdl_01m7yvrz8c1x16083v41p1avpr\/versions\/2">Version 2<\/a>, against the runs of version 1/,
    );
    assert.match(markup, /2 compared, 1 now failing, 0 skipped/);
    assert.match(markup, /<td>1 of 2<\/td>\s*<td>0\.02<\/td>\s*<td>0\.02<\/td>\s*<td>20 %<\/td>\s*<td>20 %<\/td>/);
    assert.match(markup, /<code>scn_1<\/code>: <del>0\.1<\/del> → <ins>0\.12<\/ins>/);
    assert.ok(markup.includes('quantity &lt;b&gt;must be&lt;/b&gt; &lt;= 1000'));
    assert.match(markup, /by Ann/);
  });

  it('names the scenarios of the largest changes and the failing runs (ids in the title; a deleted one by its id)', async () => {
    const asked: string[] = [];
    const named = await withScenarioNames(completed, async (id) => {
      asked.push(id);
      if (id === 'scn_2') throw new Error('deleted');
      return { name: 'Gold customers, 150 units' };
    });
    assert.deepEqual(asked.sort(), ['scn_1', 'scn_2']);
    const markup = replayImpact(named, model.id, new Map()).value;
    assert.match(markup, /<span title="scn_1">Gold customers, 150 units<\/span>: <del>0\.1<\/del> → <ins>0\.12<\/ins>/);
    assert.match(markup, /<th scope="row"><code>scn_2<\/code><\/th>/);
    assert.equal(await withScenarioNames(null, async () => ({ name: 'x' })), null);
  });

  it('says a replay is running with its progress, and that there is none yet', () => {
    const running = replayImpact(
      { ...completed, status: 'running', progress: { total: 1000, processed: 250 }, report: null },
      model.id,
      new Map(),
    ).value;
    assert.match(running, /Running \(250 of 1000 runs\)/);
    assert.match(running, /The report is ready when the replay completes/);
    assert.match(replayImpact(null, model.id, new Map()).value, /No replay of live runs yet/);
  });

  it('shows the replay section on a tenant model’s page only when a replay source gives one', () => {
    const page = (replay?: ReturnType<typeof replayImpact>) =>
      modelPage({
        viewer,
        model,
        publishedVersion: '1',
        versions: [],
        releases: [],
        approvals: new Map(),
        latestRun: null,
        names: new Map(),
        replay,
      }).value;
    assert.doesNotMatch(page(), /replay-heading/);
    assert.match(
      page(replayImpact(completed, model.id, new Map())),
      /<h2 id="replay-heading">Latest replay of live runs<\/h2>/,
    );
  });
});
