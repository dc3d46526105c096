/**
 * Reads a JDM input cell (a ZEN unary expression tested against the column's field) into a `CellTest`: empty is
 * any; literals (`"a"`, `10`, `true`, `null`) test equality; `< 10`, `>= 3`, `!= "x"`; intervals `[1..10]`,
 * `(1..10]`; alternatives with `,` or `or`; `and`; `$ > 3` (the input named `$`); date literals
 * `date("2024-01-01")`. Anything else (function calls, other fields, arithmetic) is `unknown`; so are `not(...)`
 * and `]1..10[`, which the engine (0.52) does not read as tests (`not` fails on a number, `]1..10[` matches nothing).
 */
import Decimal from 'decimal.js';
import { temporalLiteral, type CellTest, type CompareOperator, type Literal } from './cell-tests';

type Token = { kind: 'string' | 'number' | 'word' | 'symbol'; text: string };

const SYMBOLS = ['..', '<=', '>=', '==', '!=', '<', '>', '=', '[', ']', '(', ')', ','];

function tokenize(text: string): Token[] | string {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      let value = '';
      while (j < text.length && text[j] !== c) {
        if (text[j] === '\\') j++;
        value += text[j] ?? '';
        j++;
      }
      if (j >= text.length) return 'an unterminated string';
      tokens.push({ kind: 'string', text: value });
      i = j + 1;
      continue;
    }
    const number = /^-?\d+(\.\d+)?(e[+-]?\d+)?/i.exec(text.slice(i));
    const previous = tokens[tokens.length - 1];
    const signAllowed = !previous || previous.kind === 'symbol';
    if (number && (c !== '-' || signAllowed)) {
      tokens.push({ kind: 'number', text: number[0] });
      i += number[0].length;
      continue;
    }
    const word = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(text.slice(i));
    if (word) {
      tokens.push({ kind: 'word', text: word[0] });
      i += word[0].length;
      continue;
    }
    const symbol = SYMBOLS.find((s) => text.startsWith(s, i));
    if (!symbol) return `the character ${JSON.stringify(c)}`;
    tokens.push({ kind: 'symbol', text: symbol });
    i += symbol.length;
  }
  return tokens;
}

class CellParser {
  private position = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(offset = 0): Token | undefined {
    return this.tokens[this.position + offset];
  }

  private is(text: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token !== undefined && token.kind !== 'string' && token.text === text;
  }

  private expect(text: string): void {
    if (!this.is(text)) throw new Error(`expected ${text}`);
    this.position++;
  }

  atEnd(): boolean {
    return this.position >= this.tokens.length;
  }

  alternatives(): CellTest {
    const tests = [this.disjunction()];
    while (this.is(',')) {
      this.position++;
      tests.push(this.disjunction());
    }
    return tests.length === 1 ? (tests[0] as CellTest) : { kind: 'or', tests };
  }

  private disjunction(): CellTest {
    const tests = [this.conjunction()];
    while (this.is('or')) {
      this.position++;
      tests.push(this.conjunction());
    }
    return tests.length === 1 ? (tests[0] as CellTest) : { kind: 'or', tests };
  }

  private conjunction(): CellTest {
    const tests = [this.term()];
    while (this.is('and')) {
      this.position++;
      tests.push(this.term());
    }
    return tests.length === 1 ? (tests[0] as CellTest) : { kind: 'and', tests };
  }

  private term(): CellTest {
    if (this.is('not')) throw new Error('not(...), which the engine does not evaluate as a test');
    if (this.is(']')) throw new Error('an interval opened with ], which the engine does not read as one');
    if ((this.is('[') || this.is('(')) && this.is('..', 2)) return this.interval();
    if (this.is('(')) {
      this.position++;
      const inner = this.alternatives();
      this.expect(')');
      return inner;
    }
    if (this.is('$')) {
      this.position++;
      return this.comparison();
    }
    if (['<', '<=', '>', '>=', '==', '!=', '='].some((op) => this.is(op))) return this.comparison();
    return { kind: 'compare', operator: '=', value: this.literal() };
  }

  private comparison(): CellTest {
    const token = this.peek();
    if (!token || token.kind !== 'symbol') throw new Error('expected a comparison');
    this.position++;
    const operator = (token.text === '==' ? '=' : token.text) as CompareOperator;
    return { kind: 'compare', operator, value: this.literal() };
  }

  private interval(): CellTest {
    const open = this.peek()?.text;
    this.position++;
    const from = this.literal();
    this.expect('..');
    const to = this.literal();
    const close = this.peek()?.text;
    if (close !== ']' && close !== ')') throw new Error('expected ] or ) to end an interval');
    this.position++;
    return { kind: 'interval', from, fromInclusive: open === '[', to, toInclusive: close === ']' };
  }

  private literal(): Literal {
    const token = this.peek();
    if (!token) throw new Error('expected a value');
    this.position++;
    if (token.kind === 'string') return { type: 'string', value: token.text };
    if (token.kind === 'number') return { type: 'number', value: new Decimal(token.text) };
    if (token.kind === 'word') {
      if (token.text === 'true' || token.text === 'false') return { type: 'boolean', value: token.text === 'true' };
      if (token.text === 'null') return { type: 'null' };
      if ((token.text === 'date' || token.text === 'd') && this.is('(') && this.peek(1)?.kind === 'string') {
        const text = (this.peek(1) as Token).text;
        this.position += 2;
        this.expect(')');
        const literal = temporalLiteral(/T/.test(text) ? 'date-time' : 'date', text);
        if (!literal) throw new Error(`${JSON.stringify(text)} is not an ISO date`);
        return literal;
      }
      throw new Error(`${token.text} (a name or a function call)`);
    }
    throw new Error(`${token.text} where a value was expected`);
  }
}

export function readJdmCell(text: string): CellTest {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'any' };
  const tokens = tokenize(trimmed);
  if (typeof tokens === 'string') return { kind: 'unknown', reason: `not read: ${tokens}` };
  const parser = new CellParser(tokens);
  try {
    const test = parser.alternatives();
    if (!parser.atEnd()) return { kind: 'unknown', reason: 'an expression this analysis does not interpret' };
    return test;
  } catch (error) {
    return { kind: 'unknown', reason: `an expression this analysis does not interpret: ${(error as Error).message}` };
  }
}

/** An output cell's value when it is a literal (for domain checks), else undefined. */
export function readJdmOutputLiteral(text: string): Literal | undefined {
  const test = readJdmCell(text);
  return test.kind === 'compare' && test.operator === '=' && text.trim() !== '' ? test.value : undefined;
}
