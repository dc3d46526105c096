import { parseTsv, formatTsv } from './tsv';
import {
  arrowCell,
  clearCells,
  insertRules,
  nextCell,
  pasteCells,
  rangeBounds,
  readCells,
  tableColumns,
  type CellAddress,
  type CellRange,
  type DecisionTableContent,
  type Rule,
} from './table-range';
import {
  addressOf,
  cellElement,
  OPEN_TABLE,
  completionOpen,
  editCell,
  focusCell,
  isEditing,
  rulesTable,
  shownColumnPositions,
} from './table-dom';
import { listenForTyping, typingSettled } from './typing-settled';

/**
 * The keyboard, the clipboard and Shift+click on the open decision table, as listeners on the document (the cells
 * are the JDM editor's, redrawn as the table scrolls). What a key does depends on where focus is: on a cell (moving:
 * arrows, Tab, Shift+arrows to select, Enter to edit, Delete to clear, Ctrl+C / Ctrl+V) or in a cell's editor
 * (typing: Enter and Escape leave it, Tab edits the next cell). The table's content is read from, and written
 * through, the editor's graph (`TableAccess`), never from the cells' text.
 */

export interface TableAccess {
  /** The graph's element holding the JDM editor. */
  root: () => HTMLElement | null;
  /** The open table's content, as the editor holds it now. */
  content: () => DecisionTableContent | undefined;
  /** The positions of the rules shown (the rule filter's). */
  shownRows: () => number[];
  /** Replaces the open table's rules: one change of the graph (one undo step). */
  writeRules: (rules: Rule[]) => void;
  range: () => CellRange | undefined;
  setRange: (range: CellRange | undefined) => void;
  /** Says what a copy, paste or clear did (a live region). */
  announce: (message: string) => void;
  /** Whether a rule filter is on (Tab then never adds a rule). */
  filtered: () => boolean;
}

const ARROWS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);
/** The keys the table handles while a cell is being edited; every other key is the cell editor's. */
const TYPING_KEYS = new Set(['Enter', 'Escape', 'Tab']);
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
const randomId = () => crypto.randomUUID();

const waitForRow = async (table: HTMLTableElement, row: number) => {
  for (let frame = 0; frame < 30 && !table.querySelector(`tbody > tr[data-virtual-index="${row}"]`); frame++)
    await new Promise((resolve) => requestAnimationFrame(resolve));
};

/** Reading the open table and writing to it: moving focus, editing a cell, copying, pasting, clearing. */
function tableActions(access: TableAccess) {
  let pendingCopy: string | undefined;

  const context = () => {
    const root = access.root();
    const table = root ? rulesTable(root) : null;
    const content = access.content();
    if (!table || !content) return undefined;
    const columns = tableColumns(content);
    // Read from the header cells' computed style: only when a key that moves needs it (not on every keystroke).
    const shown = () => shownColumnPositions(table, columns.length);
    return { table, content, columns, rules: content.rules ?? [], shown };
  };

  const moveTo = (table: HTMLTableElement, head: CellAddress, extend: boolean) => {
    const anchor = extend ? (access.range()?.anchor ?? head) : head;
    access.setRange({ anchor, head });
    void focusCell(table, head);
  };

  const editAt = (table: HTMLTableElement, at: CellAddress) => {
    access.setRange({ anchor: at, head: at });
    void editCell(table, at);
  };

  /** Tab out of the last cell of the last rule while typing: a new rule, its first cell edited. */
  const addRuleAndEdit = async (table: HTMLTableElement) => {
    await typingSettled();
    const ctx = context();
    if (!ctx) return;
    const { rules, columns } = ctx;
    const rule: Rule = { _id: randomId() };
    for (const column of columns) rule[column.key] = '';
    access.writeRules([...rules, rule]);
    await waitForRow(table, rules.length);
    editAt(table, { row: rules.length, column: 0 });
  };

  const copy = (ctx: NonNullable<ReturnType<typeof context>>) => {
    const range = access.range();
    if (!range) return;
    const bounds = rangeBounds(range, ctx.columns.length);
    const grid = readCells(ctx.rules, ctx.columns, bounds);
    pendingCopy = formatTsv(grid);
    const copied = document.execCommand('copy');
    if (!copied && pendingCopy !== undefined) void navigator.clipboard?.writeText(pendingCopy);
    pendingCopy = undefined;
    access.announce(
      bounds.wholeRules
        ? `Copied ${plural(grid.length, 'rule')}.`
        : `Copied ${plural(grid.length, 'row')} × ${plural(bounds.right - bounds.left + 1, 'column')}.`,
    );
  };

  const paste = async (text: string) => {
    await typingSettled();
    const ctx = context();
    const range = access.range();
    if (!ctx || !range) return;
    const grid = parseTsv(text);
    if (grid.length === 0) return;
    const bounds = rangeBounds(range, ctx.columns.length);
    if (bounds.wholeRules) {
      const outcome = insertRules(ctx.rules, ctx.columns, bounds.bottom, grid, randomId);
      access.writeRules(outcome.rules);
      access.setRange({
        anchor: { row: bounds.bottom + 1, column: -1 },
        head: { row: bounds.bottom + outcome.rows, column: -1 },
      });
      access.announce(`Pasted ${plural(outcome.rows, 'rule')} below rule ${bounds.bottom + 1}.`);
      return;
    }
    const outcome = pasteCells(ctx.rules, ctx.columns, bounds, grid, randomId);
    access.writeRules(outcome.rules);
    access.setRange({
      anchor: { row: bounds.top, column: bounds.left },
      head: { row: bounds.top + outcome.rows - 1, column: bounds.left + Math.max(outcome.columns, 1) - 1 },
    });
    const added = outcome.added > 0 ? `; ${plural(outcome.added, 'rule')} added` : '';
    const clipped = outcome.clipped > 0 ? `; ${plural(outcome.clipped, 'cell')} past the last column left out` : '';
    access.announce(`Pasted ${plural(outcome.rows, 'row')} × ${plural(outcome.columns, 'column')}${added}${clipped}.`);
  };

  const clear = async (range: CellRange) => {
    await typingSettled();
    const ctx = context();
    if (!ctx) return;
    access.writeRules(clearCells(ctx.rules, ctx.columns, rangeBounds(range, ctx.columns.length)));
    access.announce('Cleared the selected cells.');
  };

  const onCopy = (event: ClipboardEvent) => {
    if (pendingCopy === undefined || !event.clipboardData) return;
    event.clipboardData.setData('text/plain', pendingCopy);
    event.preventDefault();
    pendingCopy = undefined;
  };

  return { context, moveTo, editAt, addRuleAndEdit, copy, paste, clear, onCopy };
}

type TableActions = ReturnType<typeof tableActions>;

/** The keys on a cell being edited (`onTyping`) and on a cell (`onMoving`). */
function keyHandlers(access: TableAccess, actions: TableActions) {
  const { context, moveTo, editAt, addRuleAndEdit, copy, clear } = actions;
  const onTyping = (event: KeyboardEvent, table: HTMLTableElement, at: CellAddress) => {
    const ctx = context();
    if (!ctx) return;
    const plain = !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey;
    if ((event.key === 'Escape' || (event.key === 'Enter' && plain)) && !completionOpen()) {
      event.preventDefault();
      event.stopPropagation();
      moveTo(table, at, false);
    } else if (event.key === 'Tab' && !event.altKey && !event.ctrlKey && !event.metaKey) {
      const next = nextCell(at, event.shiftKey ? -1 : 1, access.shownRows(), ctx.shown());
      if (next) {
        event.preventDefault();
        event.stopPropagation();
        editAt(table, next);
      } else if (!event.shiftKey && !access.filtered() && at.row === ctx.rules.length - 1) {
        event.preventDefault();
        event.stopPropagation();
        void addRuleAndEdit(table);
      }
    }
  };

  const onMoving = (event: KeyboardEvent, table: HTMLTableElement, at: CellAddress) => {
    const ctx = context();
    if (!ctx) return;
    const command = event.ctrlKey || event.metaKey;
    const handled = () => {
      event.preventDefault();
      event.stopPropagation();
    };
    if (ARROWS.has(event.key) && !command && !event.altKey) {
      handled();
      const key = event.key as 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight';
      moveTo(table, arrowCell(at, key, access.shownRows(), ctx.shown()), event.shiftKey);
    } else if (event.key === 'Tab' && !command && !event.altKey) {
      const next = nextCell(at, event.shiftKey ? -1 : 1, access.shownRows(), ctx.shown());
      if (next) {
        handled();
        moveTo(table, next, false);
      }
    } else if ((event.key === 'Enter' || event.key === 'F2') && !command) {
      handled();
      if (at.column >= 0) editAt(table, at);
    } else if (event.key === 'Escape') {
      handled();
      access.setRange({ anchor: at, head: at });
    } else if (event.key === ' ' && event.shiftKey) {
      handled();
      const range = access.range() ?? { anchor: at, head: at };
      access.setRange({ anchor: { ...range.anchor, column: -1 }, head: { ...range.head, column: -1 } });
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && !command) {
      handled();
      void clear(access.range() ?? { anchor: at, head: at });
    } else if (command && !event.altKey && (event.key === 'c' || event.key === 'C')) {
      handled();
      copy(ctx);
    }
  };

  return { onTyping, onMoving };
}

export function installTableKeyboard(access: TableAccess): () => void {
  /** Focus is (or was last, before its row scrolled away) on the open table. */
  let active = false;
  const actions = tableActions(access);
  const { context, moveTo, paste, onCopy } = actions;
  const { onTyping, onMoving } = keyHandlers(access, actions);

  const onKeyDown = (event: KeyboardEvent) => {
    // Cheap tests first: this runs for every key pressed on the page, typing included.
    const target = event.target as Element | null;
    const inTable = target instanceof Element && target.closest(`${OPEN_TABLE} tbody`) !== null;
    if (!inTable && !(active && document.activeElement === document.body)) return;
    if (inTable && isEditing(target) && !TYPING_KEYS.has(event.key)) return;
    const ctx = context();
    if (!ctx) return;
    if (ctx.table.contains(target)) {
      const at = addressOf(ctx.table, target);
      if (!at) return;
      if (isEditing(target)) return onTyping(event, ctx.table, at);
      return onMoving(event, ctx.table, access.range()?.head ?? at);
    }
    // The focused cell's row was scrolled out of the view (and removed): keys still move from the selection.
    const head = access.range()?.head;
    if (active && head && document.activeElement === document.body) onMoving(event, ctx.table, head);
  };

  const onPaste = (event: ClipboardEvent) => {
    const ctx = context();
    const focused = document.activeElement;
    const onCell = ctx && (ctx.table.contains(focused) ? !isEditing(focused) : active && focused === document.body);
    if (!onCell || !event.clipboardData) return;
    event.preventDefault();
    void paste(event.clipboardData.getData('text/plain'));
  };

  const onFocusIn = (event: FocusEvent) => {
    const ctx = context();
    const at = ctx ? addressOf(ctx.table, event.target as Node) : undefined;
    active = at !== undefined;
    const range = access.range();
    if (at && (range?.head.row !== at.row || range.head.column !== at.column))
      access.setRange({ anchor: at, head: at });
  };

  const onMouseDown = (event: MouseEvent) => {
    const ctx = context();
    const at = ctx ? addressOf(ctx.table, event.target as Node) : undefined;
    if (!ctx || !at) {
      active = false;
      return;
    }
    active = true;
    const td = cellElement(ctx.table, at);
    if (event.shiftKey) {
      event.preventDefault();
      event.stopPropagation();
      moveTo(ctx.table, at, true);
    } else if (at.column < 0 && td) {
      // The rule's number: selects the rule (and is where the rule is dragged from).
      if (!td.hasAttribute('tabindex')) td.tabIndex = -1;
      access.setRange({ anchor: at, head: at });
    }
  };

  /** Shift+click selects: the editor's own click handler (which starts editing) must not see it. */
  const onClick = (event: MouseEvent) => {
    const ctx = context();
    if (event.shiftKey && ctx && addressOf(ctx.table, event.target as Node)) {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  listenForTyping();
  const listeners: Array<[string, (event: never) => void]> = [
    ['keydown', onKeyDown],
    ['copy', onCopy],
    ['paste', onPaste],
    ['focusin', onFocusIn],
    ['mousedown', onMouseDown],
    ['click', onClick],
  ];
  for (const [type, listener] of listeners) document.addEventListener(type, listener as EventListener, true);
  return () => {
    for (const [type, listener] of listeners) document.removeEventListener(type, listener as EventListener, true);
  };
}
