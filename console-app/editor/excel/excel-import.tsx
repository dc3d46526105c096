import { useId, useState } from 'react';
import type { EditorBootstrap, JdmGraphContent } from '../bootstrap';
import { contentBody, type FieldProblem } from '../save';
import { cellKey, rulesFromExcel, type DecisionTableContent, type SheetCell } from './rules-from-excel';
import './excel.css';

/**
 * "Import rules from Excel": the chosen decision table's rules replaced by those of an .xlsx sheet (as the table's
 * "Export Excel" writes it), but only once the table with them passes the same checks as a save (the console's check
 * route: compiled in the sandbox, every cell parsed). A refused file changes nothing and names each bad cell by its
 * row and column in the sheet. This replaces the JDM editor's own "Import Excel", which accepts any sheet (hidden in
 * excel.css).
 */

type ImportStatus =
  | { kind: 'idle' }
  | { kind: 'checking'; file: string }
  | { kind: 'imported'; file: string; rules: number; table: string }
  | { kind: 'refused'; file: string; problems: string[] };

const unescapePointer = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** A save problem inside the imported table, in the sheet's words: "row 3, column B ("Rate"): …". */
export function sheetProblem(error: FieldProblem, nodeIndex: number, cells: Map<string, SheetCell>): string | null {
  const prefix = `/content/nodes/${nodeIndex}/`;
  if (!error.path.startsWith(prefix)) return null;
  const cell = /^\/content\/nodes\/\d+\/content\/rules\/(\d+)(?:\/(.+))?$/.exec(error.path);
  if (cell) {
    const ruleIndex = Number(cell[1]);
    const where = cell[2] !== undefined ? cells.get(cellKey(ruleIndex, unescapePointer(cell[2]))) : undefined;
    if (where) return `row ${where.row}, column ${where.column} ("${where.header}"): ${error.message}`;
    return `row ${ruleIndex + 2}: ${error.message}`;
  }
  return `the table (${error.path.slice(prefix.length - 1)}): ${error.message}`;
}

/** The problems of a check of the table with the imported rules (empty: it passes). */
async function checkImported(
  bootstrap: EditorBootstrap,
  candidate: JdmGraphContent,
  nodeIndex: number,
  cells: Map<string, SheetCell>,
): Promise<string[]> {
  const { graph, input_schema, output_schema } = contentBody(bootstrap, candidate);
  const response = await fetch(`${bootstrap.links.version_page}/check`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-csrf-token': bootstrap.csrf_token },
    body: JSON.stringify({ content: graph, input_schema, output_schema }),
  });
  if (response.status === 204) return [];
  const problem = (await response.json().catch(() => ({}))) as { detail?: string; errors?: FieldProblem[] };
  if (response.status !== 422) return [problem.detail ?? `the check failed (HTTP ${response.status})`];
  return (problem.errors ?? [])
    .map((error) => sheetProblem(error, nodeIndex, cells))
    .filter((text): text is string => text !== null);
}

function ImportOutcome({ status }: { status: ImportStatus }) {
  if (status.kind === 'idle') return null;
  if (status.kind === 'checking') return <p role="status">Checking {status.file}…</p>;
  if (status.kind === 'imported')
    return (
      <p role="status">
        Imported {status.rules} rule{status.rules === 1 ? '' : 's'} from {status.file} into “{status.table}” (not saved
        yet).
      </p>
    );
  return (
    <div className="excel-import-problems" role="alert">
      <p>{status.file} was not imported; the table is unchanged. Correct the sheet and import it again:</p>
      <ul>
        {status.problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}

export function ExcelImport(props: {
  bootstrap: EditorBootstrap;
  currentGraph: () => JdmGraphContent;
  graph: JdmGraphContent;
  onImport: (nodeId: string, rules: Array<Record<string, string>>) => void;
}) {
  const id = useId();
  const tables = props.graph.nodes.filter((node) => node.type === 'decisionTableNode');
  const [chosen, setChosen] = useState<string>('');
  const [status, setStatus] = useState<ImportStatus>({ kind: 'idle' });
  if (tables.length === 0) return null;
  const tableId = tables.some((node) => node.id === chosen) ? chosen : (tables[0]?.id ?? '');

  const importFile = async (file: File) => {
    setStatus({ kind: 'checking', file: file.name });
    const graph = props.currentGraph();
    const nodeIndex = graph.nodes.findIndex((node) => node.id === tableId);
    const node = graph.nodes[nodeIndex];
    if (!node) return setStatus({ kind: 'refused', file: file.name, problems: ['that table is no longer there'] });
    const table = node.content as DecisionTableContent;
    const read = await rulesFromExcel(await file.arrayBuffer(), table);
    if (!read.ok) return setStatus({ kind: 'refused', file: file.name, problems: read.problems });
    const candidate = {
      ...graph,
      nodes: graph.nodes.map((n) => (n.id === tableId ? { ...n, content: { ...table, rules: read.rules } } : n)),
    };
    try {
      const problems = await checkImported(props.bootstrap, candidate, nodeIndex, read.cells);
      if (problems.length > 0) return setStatus({ kind: 'refused', file: file.name, problems });
    } catch {
      return setStatus({ kind: 'refused', file: file.name, problems: ['the service did not answer the check'] });
    }
    props.onImport(tableId, read.rules);
    setStatus({ kind: 'imported', file: file.name, rules: read.rules.length, table: node.name });
  };

  return (
    <section className="excel-import" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Import rules from Excel</h2>
      {tables.length > 1 && (
        <>
          <label htmlFor={`${id}-table`}>Into the table</label>{' '}
          <select id={`${id}-table`} value={tableId} onChange={(event) => setChosen(event.target.value)}>
            {tables.map((node) => (
              <option key={node.id} value={node.id}>
                {node.name}
              </option>
            ))}
          </select>{' '}
        </>
      )}
      <label htmlFor={`${id}-file`}>
        Sheet (.xlsx, as the table’s Export Excel writes it){tables.length === 1 ? ` for “${tables[0]?.name}”` : ''}
      </label>{' '}
      <input
        id={`${id}-file`}
        className="excel-import-file"
        type="file"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        disabled={status.kind === 'checking'}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void importFile(file);
        }}
      />
      <ImportOutcome status={status} />
    </section>
  );
}
