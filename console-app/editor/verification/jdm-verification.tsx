import type { DecisionGraphRef } from '@gorules/jdm-editor';
import { useMemo, useState, type RefObject } from 'react';
import type { EditorBootstrap, JdmGraphContent } from '../bootstrap';
import { contentBody } from '../save';
import { ruleForGap } from './gap-rule';
import { useVerificationMarks } from './verification-marks';
import { requestAnalysis, type TableAnalysis, type VersionAnalysis } from './verification-calls';
import { VerificationPanel } from './verification-panel';

/**
 * The verification panel on the JDM editor page: the working copy (the graph the editor holds, with the schemas as a
 * save sends them) analysed by POST …/analysis after each change; the rules a finding involves marked on the open
 * table as a refused save's cells are (verification-marks.ts, pointing to the finding's item); "Add a rule for this gap"
 * appends the gap's region as a rule of that table through the page's one rule-writing path (one undoable change).
 */

type Rule = Record<string, string>;

export function JdmVerification(props: {
  bootstrap: EditorBootstrap;
  /** The graph as last reported by the editor: each new one asks for a new analysis. */
  graph: JdmGraphContent;
  /** The working copy as a save sends it (the schemas split out of the nodes). */
  currentGraph: () => JdmGraphContent;
  /** Replaces a decision table's rules: one change of the working copy. */
  onRules: (nodeId: string, rules: Rule[]) => void;
  graphRef: RefObject<DecisionGraphRef | null>;
  /** The element holding the editor, where the open table's rows are marked. */
  container: RefObject<HTMLElement | null>;
}) {
  const { bootstrap } = props;
  const [analysis, setAnalysis] = useState<VersionAnalysis | undefined>(undefined);
  useVerificationMarks(props.container, props.graphRef, analysis, props.graph);
  const url = useMemo(() => `${bootstrap.links.version_page}/analysis`, [bootstrap.links.version_page]);
  const addRule = (table: TableAnalysis, gapIndex: number) => {
    const gap = table.gaps[gapIndex];
    const node = props.currentGraph().nodes.find((candidate) => candidate.id === table.node);
    if (!gap || !node) return;
    const content = (node.content ?? {}) as { inputs?: never[]; outputs?: never[]; rules?: Rule[] };
    const rule = ruleForGap(content, gap, crypto.randomUUID(), table.inputs);
    props.onRules(node.id, [...(content.rules ?? []), rule]);
  };
  return (
    <VerificationPanel
      revision={props.graph}
      analyse={() => {
        const body = contentBody(bootstrap, props.currentGraph());
        return requestAnalysis(url, bootstrap.csrf_token, {
          content: body.graph,
          input_schema: body.input_schema,
          output_schema: body.output_schema,
        });
      }}
      onAddRule={addRule}
      onAnalysis={setAnalysis}
    />
  );
}
