import { DecisionGraph, JdmConfigProvider, nodeSpecification, type DecisionGraphRef } from '@gorules/jdm-editor';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { EditorBootstrap, JdmGraphContent } from './bootstrap';
import { ConflictView } from './conflict-view';
import { ExcelImport } from './excel/excel-import';
import { useAccessibleGraphNodes } from './graph-accessibility';
import { isSupportedKind, reasonFor, type SupportedNodeKind } from './node-kinds';
import { NodePalette } from './palette';
import { SaveProblems } from './problems';
import { useProblemMarkers } from './problem-markers';
import type { FieldProblem } from './save';
import { splitContent, withSchemasInNodes, withoutSchemasInNodes } from './schema-fields';
import { TableColumnsView } from './table-columns-view';
import { HistoryButtons } from './history-buttons';
import { TableTools } from './table-tools/table-tools';
import { useGraphHistory } from './use-graph-history';
import { useSave, type Status } from './use-save';
import { JdmSimulator } from './simulator/jdm-simulator';
import { JdmVerification } from './verification/jdm-verification';
import { clearWorkingCopy, readWorkingCopy, writeWorkingCopy, type WorkingCopy } from './working-copy';

type DecisionGraphValue = NonNullable<Parameters<typeof DecisionGraph>[0]['value']>;

const asEditorGraph = (graph: JdmGraphContent) => graph as unknown as DecisionGraphValue;
const asContent = (graph: DecisionGraphValue) => graph as unknown as JdmGraphContent;

/** The working copy from an earlier visit: restored at once when made on the current revision, else offered. */
function useRestoredCopy(bootstrap: EditorBootstrap) {
  const { model, version } = bootstrap;
  const [initial] = useState(() => {
    const copy = readWorkingCopy(window.localStorage, model.id, version.version);
    if (copy && copy.base_revision === version.content_revision) return { graph: copy.graph, restored: copy };
    return { graph: bootstrap.graph, restored: undefined };
  });
  const [stale, setStale] = useState<WorkingCopy | undefined>(() => {
    const copy = readWorkingCopy(window.localStorage, model.id, version.version);
    return copy && copy.base_revision !== version.content_revision ? copy : undefined;
  });
  return { initial, stale, setStale };
}

function StatusLine(props: { status: Status }) {
  const { status } = props;
  const text =
    status.kind === 'saving'
      ? 'Saving…'
      : status.kind === 'saved'
        ? `Saved: revision ${status.revision}.`
        : status.kind === 'changed'
          ? 'Unsaved changes (kept in this browser until you save).'
          : status.kind === 'failed'
            ? `Not saved: ${status.detail}`
            : status.kind === 'restored'
              ? `Restored your unsaved changes from ${status.writtenAt.replace('T', ' ').slice(0, 16)} UTC (not saved yet).`
              : '';
  return (
    <p className="editor-status" role="status" aria-live="polite">
      {text}
    </p>
  );
}

function StaleCopyNotice(props: { copy: WorkingCopy; current: number; onRestore: () => void; onDiscard: () => void }) {
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

/**
 * The JDM editor, redrawn only when what it is given changes. Its `value` is what the page sets (on opening, restoring
 * a working copy, undo, redo, a paste), not the copy of each edit it reports back: handing that copy back a moment
 * later would make the editor go back to it over keystrokes typed meanwhile, and would redraw the whole editor (the
 * open table included) for every edit.
 */
const GraphEditor = memo(function GraphEditor(props: {
  graphRef: RefObject<DecisionGraphRef | null>;
  value: JdmGraphContent;
  onChange: (value: DecisionGraphValue) => void;
}) {
  return (
    <JdmConfigProvider>
      <DecisionGraph ref={props.graphRef} value={asEditorGraph(props.value)} onChange={props.onChange} />
    </JdmConfigProvider>
  );
});

const NO_PROBLEMS: FieldProblem[] = [];
/** A refused save's problems, marked on the graph and table (a refused simulation's are marked beside them). */
const saveProblemsOf = (status: Status) => (status.kind === 'invalid' ? status.errors : NO_PROBLEMS);

/** A new node of a kind the engine runs, placed below the others. */
function newNode(kind: SupportedNodeKind, graph: JdmGraphContent) {
  const index = graph.nodes.filter((node) => node.type === kind).length + 1;
  const lowest = graph.nodes.reduce((max, node) => Math.max(max, node.position?.y ?? 0), 0);
  const generated = nodeSpecification[kind].generateNode({ index });
  return { ...generated, id: crypto.randomUUID(), type: kind, position: { x: 120, y: lowest + 120 } };
}

/** While there are unsaved changes, the working copy in this browser follows the graph (a closed tab loses nothing). */
function useWorkingCopyWriter(
  bootstrap: EditorBootstrap,
  graph: JdmGraphContent,
  kind: Status['kind'],
  baseRevision: number,
) {
  const { model, version } = bootstrap;
  useEffect(() => {
    if (kind === 'changed' || kind === 'invalid' || kind === 'conflict')
      writeWorkingCopy(window.localStorage, model.id, version.version, {
        base_revision: baseRevision,
        graph,
        written_at: new Date().toISOString(),
      });
  }, [graph, kind, baseRevision, model.id, version.version]);
}

/** What the page tells the person above the graph: an older working copy, a node refused, a refused save, a conflict. */
function EditorNotices(props: {
  bootstrap: EditorBootstrap;
  stale: WorkingCopy | undefined;
  onRestore: (copy: WorkingCopy) => void;
  onDiscardStale: () => void;
  refusedKind: string | undefined;
  status: Status;
  graph: JdmGraphContent;
  changes: Parameters<typeof ConflictView>[0]['changes'];
  baseRevision: number;
  onKeepMine: () => void;
}) {
  const { bootstrap, stale, status } = props;
  const { model, version } = bootstrap;
  const reloadTheirs = () => {
    clearWorkingCopy(window.localStorage, model.id, version.version);
    window.location.reload();
  };
  return (
    <>
      {stale && (
        <StaleCopyNotice
          copy={stale}
          current={version.content_revision}
          onRestore={() => props.onRestore(stale)}
          onDiscard={() => {
            clearWorkingCopy(window.localStorage, model.id, version.version);
            props.onDiscardStale();
          }}
        />
      )}
      {props.refusedKind && (
        <p className="editor-problems" role="alert">
          That node was not added. {reasonFor(props.refusedKind)}
        </p>
      )}
      {status.kind === 'invalid' && (
        <SaveProblems detail={status.detail} errors={status.errors} graph={status.graph ?? props.graph} />
      )}
      {status.kind === 'conflict' && (
        <ConflictView
          conflict={status.conflict}
          changes={props.changes}
          baseRevision={props.baseRevision}
          busy={false}
          onReloadTheirs={reloadTheirs}
          onKeepMine={props.onKeepMine}
        />
      )}
    </>
  );
}

/** The editor of one JDM draft: the graph, the palette, saving, the working copy, the conflict view. */
export function EditorApp({ bootstrap }: { bootstrap: EditorBootstrap }) {
  const { model, version } = bootstrap;
  const graphRef = useRef<DecisionGraphRef>(null);
  const graphContainer = useRef<HTMLDivElement>(null);
  useAccessibleGraphNodes(graphContainer);
  const { initial, stale, setStale } = useRestoredCopy(bootstrap);
  // The input and output nodes' schema fields show (and edit) the version's schemas: schema-fields.ts.
  const [graph, setGraph] = useState<JdmGraphContent>(() => withSchemasInNodes(initial.graph, bootstrap));
  /**
   * The graph as the editor holds it now: its change callback is debounced (100 ms), so an edit made just before
   * pressing Save may not have reached `graph` yet; the editor's own store always has it.
   */
  const currentGraph = (): JdmGraphContent => {
    const held = graphRef.current?.stateStore.getState().decisionGraph;
    return held ? asContent(held) : graph;
  };
  const { status, setStatus, baseRevision, schemas, changes, save, keepMine } = useSave(
    bootstrap,
    currentGraph,
    initial.restored ? { kind: 'restored', writtenAt: initial.restored.written_at } : { kind: 'clean' },
  );
  const onSimulationProblems = useProblemMarkers(graphContainer, graphRef, saveProblemsOf(status), graph);
  // The simulator runs the working copy with the schemas as the nodes' fields hold them (when they are JSON).
  const simulatorBootstrap = useMemo(() => {
    const split = splitContent(graph, schemas);
    return { ...bootstrap, ...(split.ok ? split.schemas : schemas) };
  }, [bootstrap, graph, schemas]);
  const [refusedKind, setRefusedKind] = useState<string | undefined>(undefined);

  useWorkingCopyWriter(bootstrap, graph, status.kind, baseRevision);

  // The editor reports its normalised copy of the graph once it has loaded it: that is not a change of the person's.
  const interacted = useRef(false);
  const history = useGraphHistory({
    initial: graph,
    clean: status.kind === 'clean',
    currentGraph,
    setGraph,
    status,
    setStatus,
    onClean: () => clearWorkingCopy(window.localStorage, model.id, version.version),
  });
  const { isEcho, replace: replaceHeld, record } = history;
  const onChange = useCallback(
    (value: DecisionGraphValue) => {
      const next = asContent(value);
      if (isEcho(next)) return setGraph(next);
      if (!interacted.current) {
        replaceHeld(next);
        return setGraph(next);
      }
      const refused = next.nodes.filter((node) => !isSupportedKind(node.type));
      if (refused.length > 0) {
        graphRef.current?.removeNodes(refused.map((node) => node.id));
        setRefusedKind(refused[0]?.type);
        return;
      }
      setGraph(next);
      if (!record(next)) return;
      // A refusal's problems (and their marks) stay while the person fixes them, until the next save.
      setStatus((current) =>
        current.kind === 'conflict' || current.kind === 'invalid' ? current : { kind: 'changed' },
      );
    },
    [setStatus, isEcho, replaceHeld, record],
  );

  /** Rules imported from Excel (checked by the service first): into the editor's store, a change like any other. */
  const importRules = (nodeId: string, rules: Array<Record<string, string>>) => {
    interacted.current = true;
    graphRef.current?.updateNode(nodeId, (draft) => {
      (draft.content as { rules: unknown }).rules = rules;
      return draft;
    });
  };

  const add = (kind: SupportedNodeKind) => {
    interacted.current = true;
    graphRef.current?.addNodes([newNode(kind, graph) as never]);
  };

  return (
    <div className="editor-layout">
      <div className="editor-toolbar">
        <button type="button" className="primary" onClick={() => void save()} disabled={status.kind === 'saving'}>
          Save
        </button>
        <HistoryButtons {...history} />
        <a href={bootstrap.links.version_page}>Read-only view</a>
        <StatusLine status={status} />
      </div>
      <EditorNotices
        bootstrap={bootstrap}
        stale={stale}
        onRestore={(copy) => {
          interacted.current = true;
          history.apply(copy.graph);
          setStale(undefined);
        }}
        onDiscardStale={() => setStale(undefined)}
        refusedKind={refusedKind}
        status={status}
        graph={graph}
        changes={changes}
        baseRevision={baseRevision}
        onKeepMine={() => void keepMine()}
      />
      <ExcelImport bootstrap={bootstrap} graph={graph} currentGraph={currentGraph} onImport={importRules} />
      <TableColumnsView graphRef={graphRef} graph={graph} />
      <TableTools
        graphRef={graphRef}
        graph={graph}
        currentGraph={currentGraph}
        container={graphContainer}
        onRules={history.applyRules}
      />
      <div className="editor-body">
        <NodePalette onAdd={add} disabled={status.kind === 'saving'} />
        <div
          ref={graphContainer}
          className="editor-graph"
          aria-label={`Decision graph of ${model.name}`}
          role="region"
          onPointerDownCapture={() => (interacted.current = true)}
          onKeyDownCapture={() => (interacted.current = true)}
          onPasteCapture={() => (interacted.current = true)}
        >
          <GraphEditor graphRef={graphRef} value={history.editorValue} onChange={onChange} />
        </div>
        <JdmSimulator
          bootstrap={simulatorBootstrap}
          currentGraph={() => withoutSchemasInNodes(currentGraph())}
          unsaved={status.kind !== 'clean' && status.kind !== 'saved'}
          container={graphContainer}
          graphRef={graphRef}
          graph={graph}
          onProblems={onSimulationProblems}
        />
      </div>
      <JdmVerification
        bootstrap={simulatorBootstrap}
        graph={graph}
        currentGraph={() => withoutSchemasInNodes(currentGraph())}
        onRules={importRules}
        graphRef={graphRef}
        container={graphContainer}
      />
    </div>
  );
}
