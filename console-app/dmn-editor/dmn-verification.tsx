import { requestAnalysis } from '../editor/verification/verification-calls';
import { VerificationPanel } from '../editor/verification/verification-panel';
import type { DmnEditorBootstrap } from './bootstrap';

/**
 * The verification panel on the DMN editor page: the DMN 1.3 a save would send (dmn-js's `saveXML`), converted back
 * by the server as a save is and analysed (POST …/dmn-analysis, api/console/model-verification-routes.ts) after each
 * change; the findings are listed per decision table (adding rules for a gap is the JDM editor's).
 */
export function DmnVerification(props: {
  bootstrap: DmnEditorBootstrap;
  /** Changes with every edit (and once the model has loaded): each new value asks for a new analysis. */
  revision: string;
  loaded: boolean;
  currentXml: () => Promise<string>;
}) {
  const { bootstrap } = props;
  return (
    <VerificationPanel
      revision={props.revision}
      analyse={async () => {
        if (!props.loaded) return { ok: false, status: 0, detail: 'the model is still loading.', errors: [] };
        return requestAnalysis(`${bootstrap.links.version_page}/dmn-analysis`, bootstrap.csrf_token, {
          content: await props.currentXml(),
        });
      }}
    />
  );
}
