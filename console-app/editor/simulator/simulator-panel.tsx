import './simulator.css';
import { startTransition, useId, useMemo, useState } from 'react';
import { InputForm } from './input-form';
import { CallProblems, SimulationResults, TraceView, type DescribePath } from './simulation-results';
import {
  createSimulatorCalls,
  type CallProblem,
  type SimulationAnswer,
  type SimulatorLinks,
  type SuiteAnswer,
  type WorkingCopy,
} from './simulator-calls';
import { SaveTestCase, SubmitForReview, SuiteRun } from './suite-and-review';
import type { FieldProblem } from '../save';

/**
 * The simulator beside the editor: inputs (a form from the input schema, or raw JSON), "Run" on the unsaved working
 * copy and the published version side by side, the trace, "Save as test case", "Run the suite", "Submit for review".
 * It knows the editor only through `workingCopy()` (what to run) and `onRun` (what ran, for the editor to light), so
 * a DMN page can mount it as well: nothing here depends on the JDM editor.
 */
export interface SimulatorPanelProps {
  links: SimulatorLinks;
  csrfToken: string;
  /** What to run (a promise where the editor serialises asynchronously, as dmn-js does). */
  workingCopy: () => WorkingCopy | Promise<WorkingCopy>;
  inputSchema: Record<string, unknown>;
  /** Whether the working copy differs from the saved draft (a submission is of the saved draft). */
  unsaved: boolean;
  describe: DescribePath;
  /** A run's answer with the content that ran (undefined: refused, nothing to light). */
  onRun: (run: { answer: SimulationAnswer; content: unknown } | undefined) => void;
  /**
   * A refused run's field problems (a working copy that does not compile names its nodes, rules and cells), for the
   * editor to mark where they are; an empty list when a run is answered (the marks go).
   */
  onProblems?: (errors: FieldProblem[]) => void;
  /** The ids of the listed problems, which those marks point to. */
  problemId?: (index: number) => string;
  /** The suite's coverage on the working copy (to mark never-hit rules on the table). */
  onCoverage: (coverage: SuiteAnswer['coverage'] | undefined) => void;
}

type Run =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'done'; answer: SimulationAnswer }
  | { kind: 'refused'; problem: CallProblem };

function InputsEditor(props: {
  schema: Record<string, unknown>;
  inputs: Record<string, unknown>;
  onChange: (inputs: Record<string, unknown>) => void;
}) {
  const id = useId();
  const [tab, setTab] = useState<'form' | 'json'>('form');
  const [text, setText] = useState('');
  const [jsonError, setJsonError] = useState<string | undefined>(undefined);
  const show = (next: 'form' | 'json') => {
    if (next === 'json') setText(JSON.stringify(props.inputs, null, 2));
    setJsonError(undefined);
    setTab(next);
  };
  const tabButton = (name: 'form' | 'json', label: string) => (
    <button
      type="button"
      role="tab"
      id={`${id}-${name}-tab`}
      aria-selected={tab === name}
      aria-controls={`${id}-${name}`}
      onClick={() => show(name)}
    >
      {label}
    </button>
  );
  return (
    <div className="simulator-inputs">
      <div role="tablist" aria-label="Inputs as">
        {tabButton('form', 'Form')}
        {tabButton('json', 'JSON')}
      </div>
      <div role="tabpanel" id={`${id}-${tab}`} aria-labelledby={`${id}-${tab}-tab`}>
        {tab === 'form' ? (
          <InputForm schema={props.schema} inputs={props.inputs} onChange={props.onChange} />
        ) : (
          <div className="simulator-field">
            <label htmlFor={`${id}-raw`}>Inputs (JSON)</label>
            <textarea
              id={`${id}-raw`}
              rows={6}
              value={text}
              aria-invalid={jsonError !== undefined}
              onChange={(event) => {
                setText(event.target.value);
                try {
                  const parsed = JSON.parse(event.target.value) as unknown;
                  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
                  setJsonError(undefined);
                  props.onChange(parsed as Record<string, unknown>);
                } catch {
                  setJsonError('Not a JSON object yet.');
                }
              }}
            />
            {jsonError && <p className="simulator-error">{jsonError}</p>}
          </div>
        )}
      </div>
    </div>
  );
}

export function SimulatorPanel(props: SimulatorPanelProps) {
  const calls = useMemo(() => createSimulatorCalls(props.links, props.csrfToken), [props.links, props.csrfToken]);
  const [inputs, setInputs] = useState<Record<string, unknown>>({});
  const [run, setRun] = useState<Run>({ kind: 'idle' });
  const { onRun, onProblems } = props;

  const simulate = async () => {
    setRun({ kind: 'running' });
    const copy = await props.workingCopy();
    const answer = await calls.simulate(copy, inputs);
    if (!answer.ok) {
      onRun(undefined);
      onProblems?.(answer.problem.errors);
      return setRun({ kind: 'refused', problem: answer.problem });
    }
    onProblems?.([]);
    setRun({ kind: 'done', answer: answer.body });
    // The outputs are painted first; lighting the run on the editor's table (marks laid on its DOM, a frame on either
    // page) waits for a transition, so that nothing an editor redraws for it can hold the answer back.
    startTransition(() => onRun({ answer: answer.body, content: copy.content }));
  };
  const done = run.kind === 'done' ? run.answer : undefined;

  return (
    <aside className="simulator-panel" aria-label="Simulator">
      <h2>Simulator</h2>
      <InputsEditor schema={props.inputSchema} inputs={inputs} onChange={setInputs} />
      <div className="simulator-actions">
        <button type="button" className="primary" onClick={() => void simulate()} disabled={run.kind === 'running'}>
          Run
        </button>
        <p role="status" className="simulator-status">
          {run.kind === 'running' ? 'Running the working copy and the published version…' : ''}
        </p>
      </div>
      {run.kind === 'refused' && (
        <CallProblems
          title="Not run"
          detail={run.problem.detail}
          errors={run.problem.errors}
          describe={props.describe}
          itemId={props.problemId}
        />
      )}
      {done && <SimulationResults answer={done} />}
      {done?.working.trace && (
        <section className="simulator-section">
          <h3>Trace</h3>
          <TraceView trace={done.working.trace} />
        </section>
      )}
      <SaveTestCase calls={calls} inputs={inputs} outputs={done?.working.outputs} describe={props.describe} />
      <SuiteRun
        run={async () => calls.runSuite(await props.workingCopy())}
        onCoverage={props.onCoverage}
        describe={props.describe}
      />
      <SubmitForReview calls={calls} unsaved={props.unsaved} describe={props.describe} />
    </aside>
  );
}
