import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { escapeHtml, html, unsafe } from '../../api/console/html';
import { outcomesChart } from '../../api/console/decision-pages';
import { relativeTime } from '../../api/console/layout';
import { safeReturnPath } from '../../api/console/session';

describe('console html tag', () => {
  it('escapes every interpolated value for text and attribute context', () => {
    const hostile = `<script>alert("x")</script> & 'quoted' \`tick\``;
    assert.equal(
      html`<p title="${hostile}">${hostile}</p>`.value,
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39; &#96;tick&#96;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39; &#96;tick&#96;</p>',
    );
    assert.equal(escapeHtml('"><img src=x onerror=alert(1)>'), '&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
  });

  it('passes nested templates and unsafe() through once, joins arrays, and renders nothing for null, undefined and false', () => {
    const inner = html`<b>${'<i>'}</b>`;
    assert.equal(html`<div>${inner}${unsafe('<hr>')}</div>`.value, '<div><b>&lt;i&gt;</b><hr></div>');
    assert.equal(html`<ul>${['<a>', html`<li>x</li>`]}</ul>`.value, '<ul>&lt;a&gt;<li>x</li></ul>');
    assert.equal(html`${null}${undefined}${false}${0}`.value, '0');
    // A plain object pretending to be safe HTML is escaped like any other value.
    assert.equal(html`${{ value: '<x>', toString: () => '<x>' } as never}`.value, '&lt;x&gt;');
  });

  it('renders outcomes as an inline SVG with the numbers as a table, and "no outcomes" for none', () => {
    assert.match(outcomesChart([]).value, /No outcomes recorded/);
    const chart = outcomesChart([
      { metric: 'total_cost', expected_value: 100, actual_value: 120, observed_at: '2026-12-01T00:00:00.000Z' },
      { metric: 'total_cost', expected_value: 100, actual_value: 90, observed_at: '2026-11-01T00:00:00.000Z' },
      { metric: '<svg onload=x>', expected_value: null, actual_value: 1, observed_at: '2026-11-01T00:00:00.000Z' },
    ]).value;
    assert.equal((chart.match(/<svg /g) ?? []).length, 2, 'one chart per metric');
    assert.match(chart, /<polyline points="[\d.]+,[\d.]+ [\d.]+,[\d.]+"/);
    assert.match(chart, /<td>-10<\/td>[\s\S]*<td>20<\/td>/, 'variance per observation, oldest first');
    assert.doesNotMatch(chart, /<svg onload/);
  });

  it('keeps sign-in return paths inside the console and words countdowns', () => {
    for (const bad of [
      'https://evil.example/console',
      '//evil.example',
      '/consolex',
      '/console/../api',
      '/console\\evil',
      'javascript:alert(1)',
    ]) {
      assert.equal(safeReturnPath(bad), '/console', bad);
    }
    assert.equal(safeReturnPath('/console/decisions?status=approved'), '/console/decisions?status=approved');
    const now = new Date('2026-11-23T10:00:00Z');
    assert.equal(relativeTime(new Date('2026-11-23T13:12:00Z'), now), 'in 3 h 12 min');
    assert.equal(relativeTime(new Date('2026-11-21T09:00:00Z'), now), '2 d 1 h ago');
  });
});
