import type { FieldProblem } from '../save';
import type { Evaluation, SimulationAnswer, TraceStep } from './simulator-calls';

/** Where a problem's path points, in the words of the content (a working copy's paths start at `/content`). */
export type DescribePath = (path: string) => string;

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** A refused call: its detail and each field error pinned to where it is (node, rule), as a refused save shows them. */
export function CallProblems(props: {
  title: string;
  detail: string;
  errors: FieldProblem[];
  describe: DescribePath;
  /** Each item's id, for the marks on the graph or table to point to (`aria-describedby`). */
  itemId?: (index: number) => string;
}) {
  return (
    <div className="editor-problems simulator-problems" role="alert">
      <p>
        <strong>
          {props.title}: {props.detail}
        </strong>
      </p>
      {props.errors.length > 0 && (
        <ul>
          {props.errors.map((error, index) => (
            <li key={`${error.path}-${index}`} id={props.itemId?.(index)} data-path={error.path}>
              <code>{error.path || '/'}</code> ({props.describe(error.path)}): {error.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Outputs(props: { heading: string; evaluation: Evaluation | undefined; testId: string }) {
  const { evaluation } = props;
  return (
    <section className="simulator-output" data-testid={props.testId} aria-label={props.heading}>
      <h4>{props.heading}</h4>
      {!evaluation ? (
        <p className="simulator-hint">Not run.</p>
      ) : evaluation.error ? (
        <p className="simulator-error">
          {evaluation.error.code === 'no_published_version' ? 'No published version yet.' : evaluation.error.message}
        </p>
      ) : (
        <>
          <pre>{json(evaluation.outputs)}</pre>
          {(evaluation.matched_rules ?? []).map((table) => (
            <p key={table.node_id} className="simulator-matched">
              {table.name}:{' '}
              {table.rule_indexes.length === 0
                ? 'no rule matched'
                : `rule ${table.rule_indexes.map((index) => index + 1).join(', ')} matched`}
            </p>
          ))}
        </>
      )}
    </section>
  );
}

/** Both versions' outputs side by side, and where they differ. */
export function SimulationResults(props: { answer: SimulationAnswer }) {
  const { answer } = props;
  const publishedHeading = answer.compared?.version
    ? `Published (version ${answer.compared.version})`
    : 'Published version';
  return (
    <div className="simulator-results">
      <div className="simulator-columns">
        <Outputs heading="Working copy (unsaved)" evaluation={answer.working} testId="simulator-working" />
        <Outputs heading={publishedHeading} evaluation={answer.compared} testId="simulator-published" />
      </div>
      <h4>Differences</h4>
      {answer.differences.length === 0 ? (
        <p className="simulator-differences">
          {answer.compared?.outputs ? 'None: both versions answer the same.' : 'Nothing to compare.'}
        </p>
      ) : (
        <ul className="simulator-differences">
          {answer.differences.map((difference) => (
            <li key={difference.path}>
              <code>{difference.path}</code>: working copy {JSON.stringify(difference.working)}, published{' '}
              {JSON.stringify(difference.compared)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function stepSummary(step: TraceStep): string {
  if (step.matched_rules)
    return step.matched_rules.length === 0
      ? 'no rule matched'
      : `matched rule ${step.matched_rules.map((rule) => rule.index + 1).join(', ')}`;
  if (step.taken_branches)
    return `took ${step.taken_branches.map((branch) => branch.condition || 'the default branch').join(', ')}`;
  return step.kind;
}

/** Per evaluated node of the working copy, its input and output (in the order the engine ran them). */
export function TraceView(props: { trace: TraceStep[] }) {
  return (
    <ol className="simulator-trace" aria-label="Trace of the working copy">
      {props.trace.map((step, index) => (
        <li key={step.node_id ?? index}>
          <details>
            <summary>
              {step.name} — {stepSummary(step)}
              {step.performance ? ` (${step.performance})` : ''}
            </summary>
            <div className="simulator-columns">
              <div>
                <h5>Input</h5>
                <pre>{json(step.input ?? null)}</pre>
              </div>
              <div>
                <h5>Output</h5>
                <pre>{json(step.output ?? null)}</pre>
              </div>
            </div>
          </details>
        </li>
      ))}
    </ol>
  );
}
