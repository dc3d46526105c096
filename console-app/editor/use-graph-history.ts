import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { JdmGraphContent } from './bootstrap';
import {
  canRedo,
  canUndo,
  cellEditKey,
  createHistory,
  isClean,
  markClean,
  recordChange,
  redo,
  replacePresent,
  sameContent,
  undo,
  type History,
} from './graph-history';
import { listenForTyping, typingSettled } from './table-tools/typing-settled';
import type { Status } from './use-save';

/**
 * Undo and redo of the editor's graph (graph-history.ts) wired to the page: the JDM editor's changes are recorded
 * as they reach the page; a value the page sets (undo, redo, a paste) goes to the editor as its `value`, and the copy
 * the editor then reports back (`isEcho`) is not a change. Coming back to the saved graph makes the page clean again
 * (and clears the working copy); leaving it makes it changed. Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z and Ctrl+Y work wherever
 * focus is not in a text field (a field keeps its own undo while typing).
 */

interface Options {
  initial: JdmGraphContent;
  clean: boolean;
  /** The graph as the editor's store holds it now (it can be ahead of the page's copy for a moment). */
  currentGraph: () => JdmGraphContent;
  /** The page's copy of the graph (the editor's value is the hook's: `editorValue`). */
  setGraph: (graph: JdmGraphContent) => void;
  status: Status;
  setStatus: (status: Status | ((current: Status) => Status)) => void;
  onClean: () => void;
}

const sameGraph = (a: JdmGraphContent, b: JdmGraphContent) => a === b || (a.nodes === b.nodes && a.edges === b.edges);

const inTextField = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || target.closest('input, textarea, select, [contenteditable="true"]') !== null);

export function useGraphHistory(options: Options) {
  const latest = useRef(options);
  latest.current = options;
  const history = useRef<History<JdmGraphContent>>(createHistory(options.initial, { clean: options.clean }));
  const cleanStatus = useRef<Status>({ kind: 'clean' });
  /** Values set on the editor whose copies it has not reported back yet (the latest last). */
  const echoes = useRef<JdmGraphContent[]>([]);
  const [flags, setFlags] = useState({ canUndo: false, canRedo: false });
  /**
   * What the JDM editor is given as its `value`: only graphs the page sets (on opening, undo, redo, a paste), a new
   * object each time, so setting an earlier value again counts. Never the copy of each edit the editor reports back:
   * handed back a moment later, that copy would take the editor back over keystrokes typed meanwhile (and redraw it).
   */
  const [editorValue, setEditorValue] = useState<JdmGraphContent>(options.initial);

  const update = useCallback((next: History<JdmGraphContent>) => {
    history.current = next;
    setFlags({ canUndo: canUndo(next), canRedo: canRedo(next) });
  }, []);

  /** A change the editor holds but has not reported yet becomes a step before undo, redo or a paste. */
  const syncPending = useCallback(() => {
    const held = latest.current.currentGraph();
    const present = history.current.present.value;
    if (sameGraph(held, present) || echoes.current.some((value) => sameGraph(held, value))) return;
    if (sameContent(held, present)) return void (history.current = replacePresent(history.current, held));
    update(recordChange(history.current, held, Date.now(), cellEditKey(present, held)));
  }, [update]);

  const show = useCallback((graph: JdmGraphContent, clean: boolean) => {
    echoes.current = [...echoes.current.slice(-9), graph];
    latest.current.setGraph(graph);
    setEditorValue({ ...graph });
    if (clean) {
      latest.current.setStatus(cleanStatus.current);
      latest.current.onClean();
    } else
      latest.current.setStatus((current) =>
        current.kind === 'conflict' || current.kind === 'invalid' ? current : { kind: 'changed' },
      );
  }, []);

  const actions: HistoryActions = useMemo(
    () => ({
      isEcho: (graph: JdmGraphContent) => {
        const index = echoes.current.findIndex((value) => sameGraph(graph, value));
        if (index < 0) return false;
        // An older value's copy (undo pressed twice quickly) is not the present one: only the latest replaces it.
        if (index === echoes.current.length - 1) history.current = replacePresent(history.current, graph);
        echoes.current = echoes.current.slice(index + 1);
        return true;
      },
      replace: (graph: JdmGraphContent) => {
        history.current = replacePresent(history.current, graph);
      },
      /** A change the editor reported; false when it changes nothing (then it is no step, and no unsaved change). */
      record: (graph: JdmGraphContent): boolean => {
        const present = history.current.present.value;
        if (sameContent(present, graph)) {
          history.current = replacePresent(history.current, graph);
          return false;
        }
        update(recordChange(history.current, graph, Date.now(), cellEditKey(present, graph)));
        return true;
      },
      apply: (graph: JdmGraphContent) => {
        syncPending();
        update(recordChange(history.current, graph, Date.now()));
        show(graph, false);
      },
      /** A decision table's rules replaced (a paste, a clear, a rule added by Tab): one change, one step. */
      applyRules: (nodeId: string, rules: Array<Record<string, string>>) => {
        const base = latest.current.currentGraph();
        const nodes = base.nodes.map((node) =>
          node.id === nodeId ? { ...node, content: { ...(node.content as object), rules } } : node,
        );
        actions.apply({ ...base, nodes });
      },
      undo: async () => {
        await typingSettled();
        syncPending();
        if (!canUndo(history.current)) return;
        update(undo(history.current));
        show(history.current.present.value, isClean(history.current));
      },
      redo: async () => {
        await typingSettled();
        syncPending();
        if (!canRedo(history.current)) return;
        update(redo(history.current));
        show(history.current.present.value, isClean(history.current));
      },
    }),
    [update, syncPending, show],
  );

  // A save makes the saved graph the clean one.
  const { status } = options;
  useEffect(() => {
    if (status.kind !== 'saved') return;
    syncPending();
    history.current = markClean(history.current);
    cleanStatus.current = status;
  }, [status, syncPending]);

  useEffect(() => {
    listenForTyping();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || inTextField(event.target) || event.altKey) return;
      if (!(event.ctrlKey || event.metaKey)) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) {
        event.preventDefault();
        void actions.undo();
      } else if ((key === 'z' && event.shiftKey) || (key === 'y' && event.ctrlKey && !event.shiftKey)) {
        event.preventDefault();
        void actions.redo();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [actions]);

  return { ...actions, ...flags, editorValue };
}

interface HistoryActions {
  isEcho: (graph: JdmGraphContent) => boolean;
  replace: (graph: JdmGraphContent) => void;
  record: (graph: JdmGraphContent) => boolean;
  apply: (graph: JdmGraphContent) => void;
  applyRules: (nodeId: string, rules: Array<Record<string, string>>) => void;
  undo: () => Promise<void>;
  redo: () => Promise<void>;
}
