import type Modeler from 'dmn-js/lib/Modeler';
import { dmnEntriesForGap } from '../editor/verification/gap-rule';
import type { TableAnalysis } from '../editor/verification/verification-calls';

/** The parts of dmn-js's decision table editor (table-js underneath) a new rule is written through. */
interface TableCell {
  col: TableColumn;
  businessObject: unknown;
}
interface TableColumn {
  businessObject: { $type: string };
}
interface TableRow {
  cells: TableCell[];
  businessObject: unknown;
}
interface DecisionTableModeling {
  addRow(attrs: { type: 'dmn:DecisionRule' }): TableRow;
  editCell(businessObject: unknown, text: string): void;
  editAnnotation(rule: unknown, description: string): void;
}
interface Sheet {
  getRoot(): { cols: TableColumn[] };
}

/** dmn-js's view of a table, when it opens it as a decision table (not a BKM's: dmn-js shows those as boxed expressions). */
export const tableView = (modeler: Modeler, table: TableAnalysis) =>
  modeler.getViews().find((candidate) => candidate.type === 'decisionTable' && candidate.element.id === table.node);

/**
 * "Add a rule for this gap" on the DMN editor page: opens the gap's decision table in dmn-js (if another view is open)
 * and appends a rule through dmn-js's own modeling (so its undo and the page's change tracking see it) — one input
 * entry per input clause in FEEL unary tests (gap-rule.ts `dmnEntriesForGap`), output entries left empty for the person
 * to fill in, the gap in words as the rule's annotation. Answers false when the table is not one dmn-js opens as a
 * decision table (a business knowledge model's, say).
 */
export async function addDmnRuleForGap(modeler: Modeler, table: TableAnalysis, gapIndex: number): Promise<boolean> {
  const gap = table.gaps[gapIndex];
  const view = tableView(modeler, table);
  if (!gap || !view) return false;
  if (modeler.getActiveView()?.id !== view.id) await modeler.open(view);
  const viewer = modeler.getActiveViewer();
  if (!viewer) return false;
  const modeling = viewer.get<DecisionTableModeling>('modeling');
  const inputColumns = viewer
    .get<Sheet>('sheet')
    .getRoot()
    .cols.filter((column) => column.businessObject.$type === 'dmn:InputClause');
  const entries = dmnEntriesForGap(table.inputs, gap);
  const row = modeling.addRow({ type: 'dmn:DecisionRule' });
  inputColumns.forEach((column, at) => {
    const cell = row.cells.find((candidate) => candidate.col === column);
    if (cell) modeling.editCell(cell.businessObject, entries[at] ?? '-');
  });
  modeling.editAnnotation(row.businessObject, `Covers the gap: ${gap.text}`);
  return true;
}
