import type { DecisionGraphRef } from '@gorules/jdm-editor';
import { useState, type RefObject } from 'react';
import type { EditorBootstrap, JdmGraphContent } from '../bootstrap';
import { simulatorProblemId } from '../problem-markers';
import { typingSettled } from '../table-tools/typing-settled';
import { describePath } from '../problems';
import type { FieldProblem } from '../save';
import { contentBody } from '../save';
import { NeverHitRows } from './never-hit-rows';
import type { Evaluation, SimulatorLinks, SuiteAnswer } from './simulator-calls';
import { SimulatorPanel } from './simulator-panel';
import { useSimulationMarks } from './use-simulation-marks';

/** The simulator's console routes, beside the version's page (api/console/model-simulator-routes.ts). */
export function simulatorLinks(versionPage: string): SimulatorLinks {
  return {
    simulate: `${versionPage}/simulate`,
    simulate_tests: `${versionPage}/simulate/tests`,
    test_cases: `${versionPage}/test-cases`,
    submit: `${versionPage}/submit`,
    review_policies: `${versionPage}/review-policies`,
  };
}

/**
 * The simulator on the JDM editor page: the working copy is the graph the editor holds, a run is lit on the graph and
 * the open table (use-simulation-marks.ts, on the editor under `container`), and a working copy's problems
 * (`/content/…`) are named like a save's (`/graph/…`: the node, the rule) and marked on the graph and table as a
 * save's are (`onProblems`, problem-markers.ts), until the next run that is answered.
 */
export function JdmSimulator(props: {
  bootstrap: EditorBootstrap;
  currentGraph: () => JdmGraphContent;
  unsaved: boolean;
  /** The editor's element, its handle and the graph it holds: where the last run is lit. */
  container: RefObject<HTMLElement | null>;
  graphRef: RefObject<DecisionGraphRef | null>;
  graph: JdmGraphContent;
  /** A refused run's problems, for the editor to mark on the graph and table (none after a run that is answered). */
  onProblems: (problems: FieldProblem[]) => void;
}) {
  const { bootstrap } = props;
  const [coverage, setCoverage] = useState<SuiteAnswer['coverage'] | undefined>(undefined);
  // The working copy's evaluation in the last run answered (none once a run is refused).
  const [lastRun, setLastRun] = useState<Evaluation | undefined>(undefined);
  useSimulationMarks(props.container, props.graphRef, lastRun, props.graph);
  const [links] = useState(() => simulatorLinks(bootstrap.links.version_page));
  const describe = (path: string) => describePath(path.replace(/^\/content(?=\/|$)/, '/graph'), props.currentGraph());
  return (
    <>
      <SimulatorPanel
        links={links}
        csrfToken={bootstrap.csrf_token}
        workingCopy={async () => {
          // What a save would send (save.ts), unsaved: the graph with the version's schemas, once a cell typed into
          // just before Run has reached the editor's store (it is handed over debounced).
          await typingSettled();
          const body = contentBody(bootstrap, props.currentGraph());
          return { content: body.graph, input_schema: body.input_schema, output_schema: body.output_schema };
        }}
        inputSchema={contentBody(bootstrap, props.currentGraph()).input_schema}
        unsaved={props.unsaved}
        describe={describe}
        onRun={(run) => setLastRun(run?.answer.working)}
        onCoverage={setCoverage}
        onProblems={props.onProblems}
        problemId={simulatorProblemId}
      />
      <NeverHitRows coverage={coverage} />
    </>
  );
}
