import { useEffect, useState } from 'react';
import { simulatorProblemId } from '../editor/problem-markers';
import type { FieldProblem } from '../editor/save';
import { simulatorLinks } from '../editor/simulator/jdm-simulator';
import type { Evaluation, SimulatorLinks, SuiteAnswer } from '../editor/simulator/simulator-calls';
import { SimulatorPanel } from '../editor/simulator/simulator-panel';
import type { DmnEditorBootstrap } from './bootstrap';

/**
 * The simulator on the DMN editor page: the same panel as the JDM page's. The working copy is the DMN 1.3 XML a save
 * would send (dmn-js's `saveXML`), converted back by the server exactly as a save is (`/dmn-simulate`, `/dmn-simulate/
 * tests`: api/console/model-dmn-simulator-routes.ts). A run lights the matched rules on dmn-js's decision tables (the
 * cells carry `data-row-id`, the rule's id): their rows get `dmn-rule-matched` and a bar at the rule's number; the
 * suite's never-hit rules get `dmn-rule-never-hit`. The panel names the matched rules per decision table. A refused
 * run's problems (a working copy that does not compile: the element, rule and entry in each message) go to the page,
 * which marks them as a refused save's (dmn-problem-markers.ts).
 */

type Lit = Array<{ decision_id: string; name: string; rules: Array<{ index: number; id: string | null }> }>;

export function dmnSimulatorLinks(versionPage: string): SimulatorLinks {
  return {
    ...simulatorLinks(versionPage),
    simulate: `${versionPage}/dmn-simulate`,
    simulate_tests: `${versionPage}/dmn-simulate/tests`,
  };
}

function litOf(evaluation: Evaluation): Lit {
  return (evaluation.matched_rules ?? []).map((table) => ({
    decision_id: table.node_id,
    name: table.name,
    rules: table.rule_indexes.map((index, at) => ({ index, id: table.rule_ids[at] ?? null })),
  }));
}

/** The rows of the rules with these ids, in whatever tables dmn-js shows now. */
function rowsOf(container: HTMLElement, ids: Array<string | null>): HTMLTableRowElement[] {
  const rows = new Set<HTMLTableRowElement>();
  for (const id of ids) {
    if (id === null) continue;
    for (const cell of container.querySelectorAll(`td[data-row-id="${CSS.escape(id)}"]`)) {
      const row = cell.closest('tr');
      if (row) rows.add(row);
    }
  }
  return [...rows];
}

/** Marks the rows with `className` (and unmarks the others): again whenever dmn-js renders a table. */
function useMarkedRows(container: HTMLElement | null, className: string, ids: Array<string | null>) {
  useEffect(() => {
    if (!container) return;
    const mark = () => {
      const wanted = new Set(rowsOf(container, ids));
      for (const row of container.querySelectorAll(`tr.${className}`))
        if (!wanted.has(row as HTMLTableRowElement)) row.classList.remove(className);
      for (const row of wanted) if (!row.classList.contains(className)) row.classList.add(className);
    };
    mark();
    const observer = new MutationObserver(mark);
    observer.observe(container, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      for (const row of container.querySelectorAll(`tr.${className}`)) row.classList.remove(className);
    };
  }, [container, className, ids]);
}

function MatchedRules(props: { lit: Lit | undefined }) {
  if (!props.lit) return null;
  return (
    <section className="simulator-section dmn-matched-rules" aria-label="Matched rules on the tables">
      <h3>Lit on the tables</h3>
      {props.lit.length === 0 ? (
        <p className="simulator-hint">No decision table ran.</p>
      ) : (
        <ul>
          {props.lit.map((table) => (
            <li key={table.decision_id} data-decision-id={table.decision_id}>
              <strong>{table.name}</strong>:{' '}
              {table.rules.length === 0
                ? 'no rule matched'
                : table.rules.map((rule) => `rule ${rule.index + 1}${rule.id ? ` (${rule.id})` : ''}`).join(', ')}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function DmnSimulator(props: {
  bootstrap: DmnEditorBootstrap;
  currentXml: () => Promise<string>;
  unsaved: boolean;
  canvas: HTMLElement | null;
  /** A refused run's problems, for the page to mark on the DRD and the open table (none after an answered run). */
  onProblems: (problems: FieldProblem[]) => void;
}) {
  const { bootstrap } = props;
  const [links] = useState(() => dmnSimulatorLinks(bootstrap.links.version_page));
  const [lit, setLit] = useState<Lit | undefined>(undefined);
  const [neverHit, setNeverHit] = useState<Array<string | null>>([]);
  const [matchedIds, setMatchedIds] = useState<Array<string | null>>([]);
  useMarkedRows(props.canvas, 'dmn-rule-matched', matchedIds);
  useMarkedRows(props.canvas, 'dmn-rule-never-hit', neverHit);
  const onCoverage = (coverage: SuiteAnswer['coverage'] | undefined) =>
    setNeverHit((coverage?.decision_tables ?? []).flatMap((table) => table.never_hit.map((rule) => rule.id)));
  return (
    <div className="dmn-simulator">
      <SimulatorPanel
        links={links}
        csrfToken={bootstrap.csrf_token}
        workingCopy={async () => ({ content: await props.currentXml() })}
        inputSchema={bootstrap.input_schema ?? {}}
        unsaved={props.unsaved}
        describe={(path) => (path.startsWith('/content') ? 'the DMN model' : 'the request')}
        onRun={(run) => {
          const next = run && !run.answer.working.error ? litOf(run.answer.working) : undefined;
          setLit(next);
          setMatchedIds((next ?? []).flatMap((table) => table.rules.map((rule) => rule.id)));
        }}
        onCoverage={onCoverage}
        onProblems={props.onProblems}
        problemId={simulatorProblemId}
      />
      <MatchedRules lit={lit} />
    </div>
  );
}
