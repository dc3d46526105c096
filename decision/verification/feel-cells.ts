/**
 * Reads a DMN input entry (FEEL unary tests) into a `CellTest`, from the syntax tree of the FEEL layer's own parser
 * (`parseUnaryTestsSyntax`), so the analysis reads a cell exactly as the engine parses it. Literal end points only:
 * a test on a name, a function call or arithmetic is `unknown`.
 */
import Decimal from 'decimal.js';
import { parseUnaryTestsSyntax, type SyntaxNode } from '../feel';
import { temporalLiteral, type CellTest, type CompareOperator, type Literal } from './cell-tests';

function children(node: SyntaxNode): SyntaxNode[] {
  const list: SyntaxNode[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) list.push(child);
  return list;
}

class FeelCellReader {
  constructor(private readonly text: string) {}

  private textOf(node: SyntaxNode): string {
    return this.text.slice(node.from, node.to);
  }

  private unknown(node: SyntaxNode, what = 'an expression this analysis does not interpret'): CellTest {
    return { kind: 'unknown', reason: `${what}: ${this.textOf(node).trim()}` };
  }

  literal(node: SyntaxNode): Literal | undefined {
    const text = this.textOf(node).trim();
    switch (node.name) {
      case 'NumericLiteral':
        return { type: 'number', value: new Decimal(text.replace(/\s+/g, '')) };
      case 'StringLiteral':
        return { type: 'string', value: this.stringValue(text) };
      case 'BooleanLiteral':
        return { type: 'boolean', value: text === 'true' };
      case 'null':
        return { type: 'null' };
      case 'DateTimeLiteral':
        return this.temporal(node);
      default:
        return undefined;
    }
  }

  private stringValue(text: string): string {
    try {
      return JSON.parse(text) as string;
    } catch {
      return text.slice(1, -1);
    }
  }

  private temporal(node: SyntaxNode): Literal | undefined {
    const parts = children(node);
    const at = parts.find((part) => part.name === 'AtLiteral');
    const constructor = parts.find((part) => part.name === 'DateTimeConstructor');
    const parameters = parts.find((part) => part.name === 'PositionalParameters');
    const stringNode = at ? children(at).find((c) => c.name === 'StringLiteral') : parameters?.firstChild;
    if (!stringNode || stringNode.name !== 'StringLiteral') return undefined;
    if (parameters && children(parameters).length !== 1) return undefined;
    const iso = this.stringValue(this.textOf(stringNode));
    const kind = constructor ? this.textOf(constructor).replace(/\s+/g, ' ') : undefined;
    const type =
      kind === 'date'
        ? 'date'
        : kind === 'time'
          ? 'time'
          : kind === 'date and time' || (!kind && iso.includes('T'))
            ? 'date-time'
            : !kind && /^\d{2}:/.test(iso)
              ? 'time'
              : !kind
                ? 'date'
                : undefined;
    return type ? temporalLiteral(type, iso) : undefined;
  }

  private positive(node: SyntaxNode): CellTest {
    const inner = node.name === 'PositiveUnaryTest' ? node.firstChild : node;
    if (!inner) return this.unknown(node);
    if (inner.name === 'SimplePositiveUnaryTest') {
      const parts = children(inner);
      const [first, second] = parts;
      if (first?.name === 'CompareOp' && second) {
        const value = this.literal(second);
        if (!value) return this.unknown(second, 'a comparison with a value that is not a literal');
        return { kind: 'compare', operator: this.textOf(first).trim() as CompareOperator, value };
      }
      if (first?.name === 'Interval') return this.interval(first);
      return this.unknown(inner);
    }
    if (inner.name === 'Comparison') {
      const [left, operator, right] = children(inner);
      const value = right && this.literal(right);
      if (left?.name === '?' && operator?.name === 'CompareOp' && value)
        return { kind: 'compare', operator: this.textOf(operator).trim() as CompareOperator, value };
      return this.unknown(inner);
    }
    const value = this.literal(inner);
    return value ? { kind: 'compare', operator: '=', value } : this.unknown(inner);
  }

  private interval(node: SyntaxNode): CellTest {
    const parts = children(node);
    const ends = parts.filter((part) => !['[', ']', '(', ')', '..'].includes(part.name));
    const open = parts[0]?.name;
    const close = parts[parts.length - 1]?.name;
    const from = ends[0] && this.literal(ends[0]);
    const to = ends[1] && this.literal(ends[1]);
    if (!from || !to || ends.length !== 2) return this.unknown(node, 'an interval whose end points are not literals');
    return { kind: 'interval', from, fromInclusive: open === '[', to, toInclusive: close === ']' };
  }

  positiveTests(nodes: SyntaxNode[]): CellTest {
    const tests = nodes
      .flatMap((node) => (node.name === 'PositiveUnaryTests' ? children(node) : [node]))
      .filter((node) => node.name !== ',')
      .map((node) => this.positive(node));
    return tests.length === 1 ? (tests[0] as CellTest) : { kind: 'or', tests };
  }
}

/** `names`: the model's multi-word names, so the parser reads them as the engine does. */
export function readFeelCell(text: string, names: readonly string[] = []): CellTest {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '-') return { kind: 'any' };
  let top: SyntaxNode;
  try {
    top = parseUnaryTestsSyntax(text, { names: [...names] }).topNode;
  } catch (error) {
    return { kind: 'unknown', reason: `does not parse: ${(error as Error).message}` };
  }
  const reader = new FeelCellReader(text);
  const parts = children(top);
  if (parts.length === 1 && parts[0]?.name === 'Wildcard') return { kind: 'any' };
  if (parts[0]?.name === 'not') {
    return { kind: 'not', test: reader.positiveTests(parts.filter((part) => part.name === 'PositiveUnaryTests')) };
  }
  return reader.positiveTests(parts);
}

/** A DMN output entry's value when it is a literal (for domain checks), else undefined. */
export function readFeelOutputLiteral(text: string): Literal | undefined {
  const test = readFeelCell(text);
  return test.kind === 'compare' && test.operator === '=' && text.trim() !== '-' ? test.value : undefined;
}
