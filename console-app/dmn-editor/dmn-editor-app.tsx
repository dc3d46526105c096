import type Modeler from 'dmn-js/lib/Modeler';
import type { DmnView } from 'dmn-js/lib/Modeler';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ConflictView } from '../editor/conflict-view';
import { problemElementId, simulatorProblemId } from '../editor/problem-markers';
import type { ConflictDetail, FieldProblem } from '../editor/save';
import type { DmnEditorBootstrap } from './bootstrap';
import { useDmnProblemMarkers } from './dmn-problem-markers';
import { DmnSimulator } from './dmn-simulator';
import { DmnVerification } from './dmn-verification';
import { createLockingModeler } from './locked-modeler';
import { ReadOnlyPanel, SaveWarnings } from './read-only-panel';
import { saveDmn, saveDmnAsNewDraft, type SaveWarning } from './save';
import { clearDmnWorkingCopy, readDmnWorkingCopy, writeDmnWorkingCopy, type DmnWorkingCopy } from './working-copy';

type Status =
  | { kind: 'loading' }
  | { kind: 'clean' }
  | { kind: 'restored'; writtenAt: string }
  | { kind: 'changed' }
  | { kind: 'saving' }
  | { kind: 'saved'; revision: number; warnings: SaveWarning[] }
  | { kind: 'invalid'; detail: string; errors: FieldProblem[] }
  | { kind: 'conflict'; conflict: ConflictDetail }
  | { kind: 'failed'; detail: string };

const STATUS_TEXT: Partial<Record<Status['kind'], string>> = {
  loading: 'Opening the model…',
  saving: 'Saving…',
  changed: 'Unsaved changes (kept in this browser until you save).',
};

function statusText(status: Status): string {
  if (status.kind === 'saved') return `Saved: revision ${status.revision}.`;
  if (status.kind === 'failed') return `Not saved: ${status.detail}`;
  if (status.kind === 'restored')
    return `Restored your unsaved changes from ${status.writtenAt.replace('T', ' ').slice(0, 16)} UTC (not saved yet).`;
  return STATUS_TEXT[status.kind] ?? '';
}

const NO_PROBLEMS: FieldProblem[] = [];

const VIEW_KINDS: Record<string, string> = {
  drd: 'requirements diagram',
  decisionTable: 'decision table',
  literalExpression: 'literal expression',
  boxedExpression: 'boxed expression',
  lockedDecisionTable: 'decision table, read-only',
  lockedLiteralExpression: 'read-only',
  lockedBoxedExpression: 'boxed expression, read-only',
};
const viewLabel = (view: DmnView) =>
  view.type === 'drd'
    ? 'Diagram (DRD)'
    : `${view.element.name ?? view.element.id} (${VIEW_KINDS[view.type] ?? view.type})`;

/** The view switcher: every view dmn-js offers (the DRD, each decision's table or expression), as buttons. */
function ViewTabs(props: { views: DmnView[]; active: DmnView | undefined; onOpen: (view: DmnView) => void }) {
  return (
    <nav className="dmn-views" aria-label="Views of the model">
      {props.views.map((view) => {
        const current = props.active?.element.id === view.element.id && props.active?.type === view.type;
        return (
          <button
            type="button"
            key={`${view.type}-${view.element.id}`}
            aria-pressed={current}
            className={current ? 'active' : undefined}
            onClick={() => props.onOpen(view)}
          >
            {viewLabel(view)}
          </button>
        );
      })}
    </nav>
  );
}

function DmnProblems(props: { detail: string; errors: FieldProblem[] }) {
  return (
    <div className="editor-problems" role="alert">
      <p>
        <strong>Not saved: {props.detail}</strong>
      </p>
      {props.errors.length > 0 && (
        <ul>
          {props.errors.map((error, index) => (
            <li key={`${error.path}-${index}`} id={problemElementId(index)} data-path={error.path}>
              {error.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A working copy made on an older revision (someone saved since): offered, never applied silently. */
function StaleCopyNotice(props: {
  copy: DmnWorkingCopy;
  current: number;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <div className="editor-notice" role="region" aria-label="Unsaved changes from an earlier revision">
      <p>
        This browser holds unsaved changes made on revision {props.copy.base_revision}; the draft is now at revision{' '}
        {props.current}.
      </p>
      <button type="button" onClick={props.onRestore}>
        Restore my changes
      </button>{' '}
      <button type="button" onClick={props.onDiscard}>
        Discard them
      </button>
    </div>
  );
}

/** The working copy this browser holds for the current revision, if any (else the server's XML). */
function initialDocument(bootstrap: DmnEditorBootstrap) {
  const copy = readDmnWorkingCopy(window.localStorage, bootstrap.model.id, bootstrap.version.version);
  if (copy && copy.base_revision === bootstrap.version.content_revision) return { xml: copy.xml, restored: copy };
  return { xml: bootstrap.editor_xml, restored: undefined };
}

/** Mounts dmn-js in the container, opens the XML, reports the views and every change the person makes. */
function useModeler(
  container: React.RefObject<HTMLDivElement | null>,
  bootstrap: DmnEditorBootstrap,
  handlers: { onViews: (views: DmnView[], active: DmnView | undefined) => void; onChange: () => void },
) {
  const modelerRef = useRef<Modeler | undefined>(undefined);
  const [loadError, setLoadError] = useState<string | undefined>(undefined);
  const [initial] = useState(() => initialDocument(bootstrap));
  const { onViews, onChange } = handlers;
  useEffect(() => {
    if (!container.current) return;
    const modeler = createLockingModeler(container.current, new Set(bootstrap.placeholder_ids));
    modelerRef.current = modeler;
    const watched = new WeakSet<object>();
    modeler.on('views.changed', (event: { views: DmnView[]; activeView?: DmnView }) => {
      onViews(event.views, event.activeView);
      const viewer = modeler.getActiveViewer();
      if (viewer && !watched.has(viewer)) {
        watched.add(viewer);
        viewer.on('elements.changed', onChange);
      }
    });
    modeler.importXML(initial.xml).catch((error: unknown) => {
      setLoadError(error instanceof Error ? error.message : String(error));
    });
    return () => {
      modeler.destroy();
      modelerRef.current = undefined;
    };
  }, [bootstrap, container, initial.xml, onChange, onViews]);
  return { modelerRef, loadError, initial };
}

/** The editor of one DMN draft: dmn-js (DRD, decision tables, literal expressions), saving, the working copy. */
export function DmnEditorApp({ bootstrap }: { bootstrap: DmnEditorBootstrap }) {
  const { model, version } = bootstrap;
  const container = useRef<HTMLDivElement>(null);
  const [canvas, setCanvas] = useState<HTMLElement | null>(null);
  useEffect(() => setCanvas(container.current), []);
  const [views, setViews] = useState<{ all: DmnView[]; active: DmnView | undefined }>({ all: [], active: undefined });
  const [baseRevision, setBaseRevision] = useState(version.content_revision);
  const [status, setStatus] = useState<Status>({ kind: 'loading' });
  const baseRef = useRef(baseRevision);
  baseRef.current = baseRevision;
  // Counts the edits: the verification panel analyses the working copy again after each.
  const [edits, setEdits] = useState(0);
  const [handlers] = useState(() => ({
    onViews: (all: DmnView[], active: DmnView | undefined) => setViews({ all: [...all], active }),
    onChange: () => {
      setEdits((count) => count + 1);
      setStatus((current) => (current.kind === 'conflict' ? current : { kind: 'changed' }));
      void keepCopy();
    },
  }));
  const { modelerRef, loadError, initial } = useModeler(container, bootstrap, handlers);
  // A refused save's problems and a refused simulation's, marked on the DRD and the open table or expression.
  const [simulationProblems, setSimulationProblems] = useState<FieldProblem[]>(NO_PROBLEMS);
  const saveProblems = status.kind === 'invalid' ? status.errors : NO_PROBLEMS;
  const marked = useMemo(
    () => [
      ...saveProblems.map((problem, index) => ({ ...problem, elementId: problemElementId(index) })),
      ...simulationProblems.map((problem, index) => ({ ...problem, elementId: simulatorProblemId(index) })),
    ],
    [saveProblems, simulationProblems],
  );
  useDmnProblemMarkers(canvas, views.active, marked);
  const currentXml = async () => (await modelerRef.current!.saveXML({ format: true })).xml;
  async function keepCopy() {
    if (!modelerRef.current) return;
    const xml = await currentXml();
    writeDmnWorkingCopy(window.localStorage, model.id, version.version, {
      base_revision: baseRef.current,
      xml,
      written_at: new Date().toISOString(),
    });
  }
  useEffect(() => {
    setStatus(initial.restored ? { kind: 'restored', writtenAt: initial.restored.written_at } : { kind: 'clean' });
  }, [initial]);

  const save = async () => {
    setStatus({ kind: 'saving' });
    try {
      const outcome = await saveDmn(bootstrap, await currentXml(), baseRevision);
      if (outcome.kind === 'saved') {
        clearDmnWorkingCopy(window.localStorage, model.id, version.version);
        setBaseRevision(outcome.content_revision);
        setStatus({ kind: 'saved', revision: outcome.content_revision, warnings: outcome.warnings });
      } else if (outcome.kind === 'failed') setStatus({ kind: 'failed', detail: outcome.detail });
      else setStatus(outcome);
    } catch (error) {
      setStatus({ kind: 'failed', detail: error instanceof Error ? error.message : 'the service did not answer' });
    }
  };
  const keepMine = async () => {
    setStatus({ kind: 'saving' });
    const created = await saveDmnAsNewDraft(bootstrap, await currentXml());
    if (!created.ok) return setStatus({ kind: 'invalid', detail: created.detail, errors: created.errors });
    clearDmnWorkingCopy(window.localStorage, model.id, version.version);
    window.location.assign(created.location);
  };
  const reloadTheirs = () => {
    clearDmnWorkingCopy(window.localStorage, model.id, version.version);
    window.location.reload();
  };
  const locked = views.active?.type.startsWith('locked') ?? false;
  const [stale, setStale] = useState(() => {
    const copy = readDmnWorkingCopy(window.localStorage, model.id, version.version);
    return copy && copy.base_revision !== version.content_revision ? copy : undefined;
  });
  const restoreStale = async (copy: DmnWorkingCopy) => {
    setStale(undefined);
    await modelerRef.current?.importXML(copy.xml);
    setStatus({ kind: 'changed' });
    await keepCopy();
  };

  return (
    <div className="editor-layout dmn-editor-layout">
      <div className="editor-toolbar">
        <button type="button" className="primary" onClick={() => void save()} disabled={status.kind === 'saving'}>
          Save
        </button>
        <a href={bootstrap.links.version_page}>Read-only view</a>
        <p className="editor-status" role="status" aria-live="polite">
          {statusText(status)}
        </p>
      </div>
      {loadError && (
        <p className="editor-problems" role="alert">
          The model could not be opened in the editor: {loadError}
        </p>
      )}
      {stale && (
        <StaleCopyNotice
          copy={stale}
          current={version.content_revision}
          onRestore={() => void restoreStale(stale)}
          onDiscard={() => {
            clearDmnWorkingCopy(window.localStorage, model.id, version.version);
            setStale(undefined);
          }}
        />
      )}
      {status.kind === 'invalid' && <DmnProblems detail={status.detail} errors={status.errors} />}
      {status.kind === 'saved' && <SaveWarnings warnings={status.warnings} />}
      {status.kind === 'conflict' && (
        <ConflictView
          conflict={status.conflict}
          baseRevision={baseRevision}
          busy={false}
          onReloadTheirs={reloadTheirs}
          onKeepMine={() => void keepMine()}
        />
      )}
      <ReadOnlyPanel items={bootstrap.read_only} dmnVersion={version.dmn_version} />
      <ViewTabs views={views.all} active={views.active} onOpen={(view) => void modelerRef.current?.open(view)} />
      {locked && (
        <p className="editor-notice" role="note">
          This element holds an expression the editor cannot show (listed under “Kept as written”): it opens read-only
          here, and every save keeps it as written.
        </p>
      )}
      <div ref={container} className="dmn-canvas" role="region" aria-label={`DMN model ${model.name}`} />
      <DmnSimulator
        bootstrap={bootstrap}
        currentXml={currentXml}
        unsaved={status.kind === 'changed' || status.kind === 'restored'}
        canvas={canvas}
        onProblems={setSimulationProblems}
      />
      <DmnVerification
        bootstrap={bootstrap}
        revision={`${status.kind === 'loading' ? 'loading' : 'loaded'} ${edits}`}
        loaded={status.kind !== 'loading'}
        currentXml={currentXml}
        canvas={canvas}
        active={views.active}
        modeler={modelerRef}
      />
    </div>
  );
}
