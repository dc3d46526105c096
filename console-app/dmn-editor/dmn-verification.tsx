import type Modeler from 'dmn-js/lib/Modeler';
import type { DmnView } from 'dmn-js/lib/Modeler';
import { useState, type RefObject } from 'react';
import { requestAnalysis, type VersionAnalysis } from '../editor/verification/verification-calls';
import { VerificationPanel } from '../editor/verification/verification-panel';
import type { DmnEditorBootstrap } from './bootstrap';
import { addDmnRuleForGap, tableView } from './dmn-gap-rule';
import { useDmnVerificationMarks } from './dmn-verification-marks';

/**
 * The verification panel on the DMN editor page: the DMN 1.3 a save would send (dmn-js's `saveXML`), converted back
 * by the server as a save is and analysed (POST …/dmn-analysis, api/console/model-verification-routes.ts) after each
 * change; the findings are listed per decision table, the rules they involve are marked on the open decision table
 * (dmn-verification-marks.ts), and "Add a rule for this gap" appends the gap as a rule (dmn-gap-rule.ts) where dmn-js
 * opens the table as a decision table.
 */
export function DmnVerification(props: {
  bootstrap: DmnEditorBootstrap;
  /** Changes with every edit (and once the model has loaded): each new value asks for a new analysis. */
  revision: string;
  loaded: boolean;
  currentXml: () => Promise<string>;
  /** dmn-js's canvas and open view, where the rules are marked. */
  canvas: HTMLElement | null;
  active: DmnView | undefined;
  modeler: RefObject<Modeler | undefined>;
}) {
  const { bootstrap, modeler } = props;
  const [analysis, setAnalysis] = useState<VersionAnalysis | undefined>(undefined);
  useDmnVerificationMarks(props.canvas, props.active, analysis);
  return (
    <VerificationPanel
      revision={props.revision}
      analyse={async () => {
        if (!props.loaded) return { ok: false, status: 0, detail: 'the model is still loading.', errors: [] };
        return requestAnalysis(`${bootstrap.links.version_page}/dmn-analysis`, bootstrap.csrf_token, {
          content: await props.currentXml(),
        });
      }}
      onAnalysis={setAnalysis}
      canAddRule={(table) => modeler.current !== undefined && tableView(modeler.current, table) !== undefined}
      onAddRule={(table, gap) => {
        if (modeler.current) void addDmnRuleForGap(modeler.current, table, gap);
      }}
    />
  );
}
