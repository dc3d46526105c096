import { useEffect, useId, useState } from 'react';
import { CallProblems, type DescribePath } from './simulation-results';
import type { CallProblem, SimulatorCalls, SuiteAnswer } from './simulator-calls';

type Busy<T> =
  { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; value: T } | { kind: 'refused'; problem: CallProblem };

/** "Save as test case": the current inputs and the outputs (editable first) as a new case of the model's suite. */
export function SaveTestCase(props: {
  calls: SimulatorCalls;
  inputs: Record<string, unknown>;
  outputs: Record<string, unknown> | undefined;
  describe: DescribePath;
}) {
  const id = useId();
  const [name, setName] = useState('');
  const [expected, setExpected] = useState('');
  const [state, setState] = useState<Busy<string>>({ kind: 'idle' });
  useEffect(() => {
    if (props.outputs) setExpected(JSON.stringify(props.outputs, null, 2));
  }, [props.outputs]);
  const save = async () => {
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(expected) as Record<string, unknown>;
    } catch {
      return setState({
        kind: 'refused',
        problem: { status: 400, detail: 'The expected outputs are not valid JSON.', errors: [] },
      });
    }
    setState({ kind: 'busy' });
    const saved = await props.calls.saveCase({ name: name.trim(), inputs: props.inputs, expected: parsed });
    setState(saved.ok ? { kind: 'done', value: saved.body.name } : { kind: 'refused', problem: saved.problem });
  };
  return (
    <section className="simulator-section" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Save as test case</h3>
      <div className="simulator-field">
        <label htmlFor={`${id}-name`}>Test case name</label>
        <input id={`${id}-name`} value={name} onChange={(event) => setName(event.target.value)} />
      </div>
      <div className="simulator-field">
        <label htmlFor={`${id}-expected`}>Expected outputs (JSON)</label>
        <textarea
          id={`${id}-expected`}
          rows={5}
          value={expected}
          onChange={(event) => setExpected(event.target.value)}
        />
      </div>
      <button type="button" onClick={() => void save()} disabled={state.kind === 'busy' || !props.outputs}>
        Save as test case
      </button>
      {!props.outputs && (
        <p className="simulator-hint">Run the simulation first: its outputs become the expected ones.</p>
      )}
      <p role="status" className="simulator-status">
        {state.kind === 'done' ? `Saved test case “${state.value}”.` : ''}
      </p>
      {state.kind === 'refused' && (
        <CallProblems
          title="Not saved"
          detail={state.problem.detail}
          errors={state.problem.errors}
          describe={props.describe}
        />
      )}
    </section>
  );
}

/** "Run the suite" on the working copy: each case's verdict and the rule coverage, never-hit rules named. */
export function SuiteRun(props: {
  run: () => ReturnType<SimulatorCalls['runSuite']>;
  onCoverage: (coverage: SuiteAnswer['coverage'] | undefined) => void;
  describe: DescribePath;
}) {
  const id = useId();
  const [state, setState] = useState<Busy<SuiteAnswer>>({ kind: 'idle' });
  const run = async () => {
    setState({ kind: 'busy' });
    const answer = await props.run();
    setState(answer.ok ? { kind: 'done', value: answer.body } : { kind: 'refused', problem: answer.problem });
    props.onCoverage(answer.ok ? answer.body.coverage : undefined);
  };
  const report = state.kind === 'done' ? state.value : undefined;
  return (
    <section className="simulator-section" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Test suite</h3>
      <button type="button" onClick={() => void run()} disabled={state.kind === 'busy'}>
        Run the suite
      </button>
      <p role="status" className="simulator-status">
        {state.kind === 'busy'
          ? 'Running the suite on the working copy…'
          : report
            ? `${report.cases.filter((c) => c.status === 'passed').length} of ${report.cases.length} cases pass; ${report.coverage.rules_hit} of ${report.coverage.rules_total} rules hit.`
            : ''}
      </p>
      {report && (
        <>
          <table className="simulator-suite">
            <caption>Verdicts on the working copy</caption>
            <thead>
              <tr>
                <th scope="col">Case</th>
                <th scope="col">Verdict</th>
              </tr>
            </thead>
            <tbody>
              {report.cases.map((testCase) => (
                <tr key={testCase.test_case_id} data-status={testCase.status}>
                  <td>{testCase.name}</td>
                  <td>{testCase.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {report.coverage.decision_tables
            .filter((table) => table.never_hit.length > 0)
            .map((table) => (
              <p key={table.node_id} className="simulator-never-hit">
                {table.name}: never hit — rule {table.never_hit.map((rule) => rule.index + 1).join(', ')}
              </p>
            ))}
        </>
      )}
      {state.kind === 'refused' && (
        <CallProblems
          title="The suite did not run"
          detail={state.problem.detail}
          errors={state.problem.errors}
          describe={props.describe}
        />
      )}
    </section>
  );
}

/** "Submit for review": the saved draft, through the API's gate (suite passes, coverage); never unsaved changes. */
export function SubmitForReview(props: { calls: SimulatorCalls; unsaved: boolean; describe: DescribePath }) {
  const id = useId();
  const [policies, setPolicies] = useState<Array<{ id: string; name: string }>>([]);
  const [policy, setPolicy] = useState('');
  const [state, setState] = useState<Busy<string>>({ kind: 'idle' });
  useEffect(() => {
    void props.calls.reviewPolicies().then((answer) => {
      if (!answer.ok) return;
      setPolicies(answer.body.data);
      if (answer.body.data.length > 0) setPolicy(answer.body.data[0]?.id ?? '');
    });
  }, [props.calls]);
  const submit = async () => {
    setState({ kind: 'busy' });
    const answer = await props.calls.submit(policy ? { approval_policy_id: policy } : {});
    setState(answer.ok ? { kind: 'done', value: answer.body.status } : { kind: 'refused', problem: answer.problem });
  };
  return (
    <section className="simulator-section" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Submit for review</h3>
      <div className="simulator-field">
        <label htmlFor={`${id}-policy`}>Approval policy</label>
        <select id={`${id}-policy`} value={policy} onChange={(event) => setPolicy(event.target.value)}>
          <option value="">(the one of an earlier review)</option>
          {policies.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </select>
      </div>
      {props.unsaved && (
        <p className="simulator-hint" id={`${id}-unsaved`}>
          Save the draft first: the working copy has unsaved changes, and a review is of the saved draft.
        </p>
      )}
      <button
        type="button"
        onClick={() => void submit()}
        disabled={props.unsaved || state.kind === 'busy' || state.kind === 'done'}
        aria-describedby={props.unsaved ? `${id}-unsaved` : undefined}
      >
        Submit for review
      </button>
      <p role="status" className="simulator-status">
        {state.kind === 'done' ? `Submitted: the version is ${state.value.replace(/_/g, ' ')}.` : ''}
      </p>
      {state.kind === 'refused' && (
        <CallProblems
          title="Not submitted"
          detail={state.problem.detail}
          errors={state.problem.errors}
          describe={props.describe}
        />
      )}
    </section>
  );
}
