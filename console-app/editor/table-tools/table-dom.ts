import type { CellAddress } from './table-range';

/**
 * Where the JDM editor draws the open decision table (read in its source, @gorules/jdm-editor 1.52): the rules'
 * `<table>` holds a `<tbody>` of rows `tr[data-virtual-index=i]` (only the rows near the view exist: they are
 * virtualised), each a row-number cell (`td.sort-handler`) then one `td` per column. A column's cell shows its text
 * in a focusable highlighter (`.grl-ce`) that becomes a CodeMirror editor when focused; the description's cell is a
 * contenteditable text field. The keyboard moves focus between the `td`s themselves ("moving") and into their editor ("editing").
 */

export const OPEN_TABLE = '.tab-content.active .grl-dt';
const RULES_TABLE = `${OPEN_TABLE} table:has(> tbody)`;

export const rulesTable = (root: ParentNode) => root.querySelector<HTMLTableElement>(RULES_TABLE);

export const rowElement = (table: HTMLTableElement, row: number) =>
  table.querySelector<HTMLTableRowElement>(`:scope > tbody > tr[data-virtual-index="${row}"]`);

/** The `td` of a cell (column -1: the rule's number), when its row is drawn. */
export const cellElement = (table: HTMLTableElement, at: CellAddress) =>
  (rowElement(table, at.row)?.children[at.column + 1] as HTMLTableCellElement | undefined) ?? undefined;

/** The cell holding `node`, when it is in the open table's rules. */
export function addressOf(table: HTMLTableElement, node: Node | null): CellAddress | undefined {
  const element = node instanceof Element ? node : node?.parentElement;
  const td = element?.closest('td');
  const tr = td?.parentElement;
  if (!td || !tr || tr.parentElement?.parentElement !== table || !tr.hasAttribute('data-virtual-index'))
    return undefined;
  return { row: Number(tr.getAttribute('data-virtual-index')), column: [...tr.children].indexOf(td) - 1 };
}

/** Columns shown (not hidden by "Columns shown"): read from the header row, which is always drawn. */
export function shownColumnPositions(table: HTMLTableElement, count: number): number[] {
  const headers = table.querySelectorAll(':scope > thead > tr > th');
  const shown: number[] = [];
  for (let column = 0; column < count; column++) {
    const header = headers[column + 1];
    if (!header || getComputedStyle(header).display !== 'none') shown.push(column);
  }
  return shown;
}

const scrollerOf = (table: HTMLTableElement) => table.closest<HTMLElement>('.grl-dt__container');

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/**
 * Brings rule `row` into view, drawing it if it is not: the table's scroller is moved towards it until its row
 * exists (the rows' heights are estimates until drawn), at most 60 frames.
 */
export async function revealRow(table: HTMLTableElement, row: number): Promise<HTMLTableRowElement | undefined> {
  for (let frame = 0; frame < 60; frame++) {
    const element = rowElement(table, row);
    if (element) {
      element.scrollIntoView({ block: 'nearest' });
      return element;
    }
    const scroller = scrollerOf(table);
    const drawn = [...table.querySelectorAll<HTMLTableRowElement>(':scope > tbody > tr[data-virtual-index]')];
    const first = Number(drawn[0]?.getAttribute('data-virtual-index') ?? 0);
    const last = Number(drawn[drawn.length - 1]?.getAttribute('data-virtual-index') ?? 0);
    if (!scroller) return undefined;
    const rowHeight = drawn[0]?.offsetHeight || 38;
    if (row > last) scroller.scrollTop += Math.max(rowHeight, (row - last) * rowHeight);
    else if (row < first) scroller.scrollTop -= Math.max(rowHeight, (first - row) * rowHeight);
    await nextFrame();
  }
  return undefined;
}

/** Focus on the cell itself (moving, not editing); answers whether it could be focused. */
export async function focusCell(table: HTMLTableElement, at: CellAddress): Promise<boolean> {
  await revealRow(table, at.row);
  const td = cellElement(table, at);
  if (!td) return false;
  if (!td.hasAttribute('tabindex')) td.tabIndex = -1;
  td.focus({ preventScroll: true });
  td.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  return document.activeElement === td;
}

/** A cell's editor: the expression highlighter (CodeMirror once focused) or the description's text field. */
const EDITORS = '.grl-ce, .grl-textarea-input, textarea, input';

/** The cell's editor, focused with the caret at the end of its text (the highlighter turns into CodeMirror). */
export async function editCell(table: HTMLTableElement, at: CellAddress): Promise<boolean> {
  if (at.column < 0) return false;
  await revealRow(table, at.row);
  const td = cellElement(table, at);
  const editor = td?.querySelector<HTMLElement>(EDITORS);
  if (!td || !editor) return false;
  if (editor instanceof HTMLTextAreaElement) {
    editor.focus();
    editor.selectionStart = editor.selectionEnd = editor.value.length;
    return true;
  }
  if (editor.isContentEditable) {
    // The description: a text field of the editor's own (a contenteditable element).
    editor.focus();
    const selection = window.getSelection();
    selection?.selectAllChildren(editor);
    selection?.collapseToEnd();
    return true;
  }
  editor.focus();
  // The highlighter is replaced by a CodeMirror editor that takes the focus a frame later.
  for (let frame = 0; frame < 10 && !td.querySelector('.cm-editor.cm-focused'); frame++) await nextFrame();
  return true;
}

/** Whether focus is in a cell's editor (typing), rather than on a cell. */
export const isEditing = (target: EventTarget | null) =>
  target instanceof Element && target.closest('td') !== null && target.closest(EDITORS) !== null;

/** An autocompletion list is open in a cell's editor: Enter and Escape are its own. */
export const completionOpen = () => document.querySelector('.cm-tooltip-autocomplete') !== null;
