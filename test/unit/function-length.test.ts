import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';

/**
 * No product function over 150 lines (the conventions' rule), so a closure holding a family's use cases cannot grow
 * back. Every function counts on its own: declarations, expressions, arrow functions, methods, accessors and
 * constructors, from their first line to their last (an outer function's lines include its inner ones). The product
 * folders are the ones project-layout.json lists, the browser code's (console-app/, its .tsx too) included; tests and
 * scripts are exempt.
 */
const ROOT = path.resolve(__dirname, '../..');
const MAX_LINES = 150;

interface LongFunction {
  file: string;
  name: string;
  line: number;
  lines: number;
}

function productFolders(): string[] {
  const layout = JSON.parse(fs.readFileSync(path.join(ROOT, 'project-layout.json'), 'utf8')) as {
    product: string[];
    browser?: string[];
  };
  return [...layout.product, ...(layout.browser ?? [])];
}

function typeScriptFiles(folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(path.join(ROOT, dir))) return;
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && relative !== 'console-app/build') walk(relative);
      } else if (entry.name.endsWith('.ts') || entry.name.endsWith('.tsx')) {
        found.push(relative);
      }
    }
  };
  walk(folder);
  return found;
}

/** What a reader would call the function: its own name, the variable, property or method it is assigned to. */
function functionName(node: ts.SignatureDeclaration, source: ts.SourceFile): string {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (
    parent &&
    (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
  ) {
    return parent.name.getText(source);
  }
  return '(anonymous)';
}

export function longFunctions(file: string, text: string, maxLines = MAX_LINES): LongFunction[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > maxLines) found.push({ file, name: functionName(node, source), line: first + 1, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('function length', () => {
  it('counts declarations, arrow functions, methods and object methods', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const text = [
      `function declared() {\n${body(149)}\n}`,
      `const arrow = () => {\n${body(149)}\n};`,
      `class Pool {\n  method() {\n${body(150)}\n  }\n}`,
      `export const service = { create() {\n${body(10)}\n} };`,
    ].join('\n');
    const found = longFunctions('probe.ts', text).map((f) => `${f.name}:${f.lines}`);
    assert.deepEqual(found.sort(), ['arrow:151', 'declared:151', 'method:152']);
    const component = `export function Editor() {\n${body(149)}\n  return <div className="editor">{null}</div>;\n}`;
    assert.deepEqual(
      longFunctions('probe.tsx', component).map((f) => `${f.name}:${f.lines}`),
      ['Editor:152'],
      'a React component in a .tsx file counts too',
    );
  });

  it(`no product function is over ${MAX_LINES} lines`, () => {
    const offenders: string[] = [];
    for (const folder of productFolders()) {
      for (const file of typeScriptFiles(folder)) {
        for (const long of longFunctions(file, fs.readFileSync(path.join(ROOT, file), 'utf8'))) {
          offenders.push(`${long.file}:${long.line} ${long.name} is ${long.lines} lines`);
        }
      }
    }
    assert.deepEqual(offenders, [], `split these into smaller functions (at most ${MAX_LINES} lines each)`);
  });
});
