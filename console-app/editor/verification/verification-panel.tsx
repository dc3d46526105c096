import { useEffect, useRef, useState } from 'react';
import { countsText, findingElementId, findingsOf } from './findings';
import type { AnalysisOutcome, TableAnalysis, VersionAnalysis } from './verification-calls';
import './verification.css';

/**
 * The editors' "Verification" panel: the working copy analysed by the service after each change (debounced, so typing
 * asks once it pauses; a late answer to an older copy is dropped), its findings per decision table in words, and for
 * each gap — where the page can add rules (the JDM editor) — "Add a rule for this gap". Format-neutral: the page gives
 * the call (`analyse`) and, optionally, what adding a rule does; the findings' rules are reported for marking.
 */

const DEBOUNCE_MS = 600;

type State =
  | { kind: 'waiting' }
  | { kind: 'analysing'; previous?: VersionAnalysis }
  | { kind: 'done'; analysis: VersionAnalysis }
  | { kind: 'refused'; detail: string; errors: Array<{ path: string; message: string }> };

function TableFindings(props: {
  table: TableAnalysis;
  index: number;
  onAddRule?: ((table: TableAnalysis, gap: number) => void) | undefined;
}) {
  const { table, index } = props;
  const findings = findingsOf(table);
  const notAnalysed = table.not_analysed.length;
  return (
    <section className="verification-table" aria-labelledby={`verification-table-${index}`} data-node-id={table.node}>
      <h4 id={`verification-table-${index}`}>{table.name}</h4>
      <p className="verification-summary">
        {table.rules} rules: {countsText(findings)} —{' '}
        {table.complete
          ? 'complete'
          : `incomplete (${notAnalysed === 1 ? '1 cell' : `${notAnalysed} cells`} not analysed)`}
        .
      </p>
      {findings.length > 0 && (
        <ul className="verification-findings">
          {findings.map((finding, at) => (
            <li
              key={at}
              id={findingElementId(index, at)}
              className={`finding finding-${finding.kind}`}
              data-kind={finding.kind}
            >
              <strong>{finding.title}</strong>
              {finding.severity && (
                <span className={`severity severity-${finding.severity}`}> ({finding.severity})</span>
              )}
              : {finding.text}
              {finding.gap !== undefined && props.onAddRule && (
                <>
                  {' '}
                  <button type="button" onClick={() => props.onAddRule?.(table, finding.gap as number)}>
                    Add a rule for this gap
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function VerificationPanel(props: {
  /** Anything that changes with the working copy: a new value asks for a new analysis (debounced). */
  revision: unknown;
  analyse: () => Promise<AnalysisOutcome>;
  onAddRule?: (table: TableAnalysis, gap: number) => void;
  /** Which tables a rule can be added to (all, when not given): the others' gaps are listed without the button. */
  canAddRule?: (table: TableAnalysis) => boolean;
  /** The latest answered analysis (undefined while none is), for the page to mark the rules involved. */
  onAnalysis?: (analysis: VersionAnalysis | undefined) => void;
}) {
  const [state, setState] = useState<State>({ kind: 'waiting' });
  const asked = useRef(0);
  const analyse = useRef(props.analyse);
  analyse.current = props.analyse;
  const report = useRef(props.onAnalysis);
  report.current = props.onAnalysis;

  useEffect(() => {
    const timer = window.setTimeout(() => {
      const ask = ++asked.current;
      setState((current) => ({
        kind: 'analysing',
        ...(current.kind === 'done'
          ? { previous: current.analysis }
          : current.kind === 'analysing' && current.previous
            ? { previous: current.previous }
            : {}),
      }));
      void analyse.current().then((outcome) => {
        if (ask !== asked.current) return;
        if (outcome.ok) {
          setState({ kind: 'done', analysis: outcome.analysis });
          report.current?.(outcome.analysis);
        } else {
          setState({ kind: 'refused', detail: outcome.detail, errors: outcome.errors });
          report.current?.(undefined);
        }
      });
    }, DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [props.revision]);

  const shown = state.kind === 'done' ? state.analysis : state.kind === 'analysing' ? state.previous : undefined;
  const all = shown ? shown.tables.flatMap(findingsOf) : [];
  return (
    <section className="verification-panel" aria-labelledby="verification-heading">
      <h3 id="verification-heading">Verification</h3>
      <p className="verification-status" role="status" aria-live="polite">
        {state.kind === 'waiting' || (state.kind === 'analysing' && !shown)
          ? 'Analysing the working copy…'
          : state.kind === 'refused'
            ? `Not analysed: ${state.detail}`
            : shown
              ? `${shown.tables.length === 1 ? '1 decision table' : `${shown.tables.length} decision tables`}: ${countsText(all)} — ${shown.complete ? 'complete' : `incomplete (${shown.summary.not_analysed === 1 ? '1 cell' : `${shown.summary.not_analysed} cells`} not analysed)`}${state.kind === 'analysing' ? ' (analysing the latest change…)' : ''}.`
              : ''}
      </p>
      {state.kind === 'refused' && state.errors.length > 0 && (
        <ul className="verification-refusal">
          {state.errors.map((error, at) => (
            <li key={at}>
              <code>{error.path || '/'}</code>: {error.message}
            </li>
          ))}
        </ul>
      )}
      {shown?.tables.length === 0 && <p className="verification-hint">The working copy has no decision tables.</p>}
      {shown?.tables.map((table, index) => (
        <TableFindings
          key={table.node}
          table={table}
          index={index}
          onAddRule={!props.canAddRule || props.canAddRule(table) ? props.onAddRule : undefined}
        />
      ))}
    </section>
  );
}
