import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  FeelNumber,
  FeelSyntaxError,
  FeelTimeoutError,
  coerceTo,
  compileExpression,
  compileUnaryTests,
  conformsTo,
  feelCompare,
  feelEquals,
  formatValue,
  fromJson,
  invokeFunction,
  makeContext,
  makeFunction,
  parseTypeRef,
  toJson,
  typeOfValue,
  type FeelType,
  type FeelValue,
} from '../../decision/feel';

const noTypes = (): FeelType | undefined => undefined;

function run(text: string, vars: Record<string, FeelValue> = {}): FeelValue {
  return compileExpression(text, { names: Object.keys(vars) }).evaluate(new Map(Object.entries(vars)));
}

function show(text: string, vars: Record<string, FeelValue> = {}): string {
  return formatValue(run(text, vars));
}

describe('FEEL numbers', () => {
  it('are 34-digit decimals, not doubles', () => {
    assert.equal(show('0.1 + 0.2'), '0.3');
    assert.equal(show('1 / 3'), '0.3333333333333333333333333333333333');
    assert.equal(show('10 ** 30 + 1'), '1000000000000000000000000000001');
  });
  it('are null on division by zero and on mixed types', () => {
    assert.equal(run('1 / 0'), null);
    assert.equal(run('1 + "a"'), null);
    assert.equal(run('"a" + 1'), null);
  });
  it('round and take modulo as the spec says', () => {
    assert.equal(show('modulo(-12, 5)'), '3');
    assert.equal(show('modulo(12, -5)'), '-3');
    assert.equal(show('decimal(2.5, 0)'), '2');
    assert.equal(show('round half up(-2.5, 0)'), '-3');
    assert.equal(show('floor(-1.5)'), '-2');
    assert.equal(show('ceiling(1.234, 2)'), '1.24');
  });
});

describe('FEEL temporal values', () => {
  it('add and subtract durations', () => {
    assert.equal(show('date("2020-01-31") + duration("P1M")'), '2020-02-29');
    assert.equal(show('date and time("2021-01-01T10:00:00Z") - date and time("2020-12-31T09:00:00Z")'), 'P1DT1H');
    assert.equal(show('time("23:30:00") + duration("PT1H")'), '00:30:00');
    assert.equal(show('duration("P1Y") + duration("P2M")'), 'P1Y2M');
    assert.equal(run('duration("P1Y") + duration("P1D")'), null);
  });
  it('expose properties', () => {
    assert.equal(show('date("2024-02-29").weekday'), '4');
    assert.equal(show('date and time("2020-06-01T10:00:00@Europe/Paris").time offset'), 'PT2H');
    assert.equal(show('duration("P1DT2H").hours'), '2');
  });
  it('compare across zones by instant', () => {
    assert.equal(run('date and time("2020-01-01T10:00:00+01:00") = date and time("2020-01-01T09:00:00Z")'), true);
    assert.equal(run('date("2020-01-01") < date("2020-01-02")'), true);
  });
});

describe('FEEL expressions', () => {
  it('evaluate paths, filters and for loops', () => {
    assert.equal(show('[{a: 1}, {a: 2}].a'), '[1, 2]');
    assert.equal(show('[1, 2, 3][item > 1]'), '[2, 3]');
    assert.equal(show('[1, 2, 3][-1]'), '3');
    assert.equal(show('for x in 1..3, y in [10, 20] return x * y'), '[10, 20, 20, 40, 30, 60]');
    assert.equal(show('for i in 0..4 return if i = 0 then 1 else i * partial[-1]'), '[1, 1, 2, 6, 24]');
  });
  it('use ternary logic', () => {
    assert.equal(run('true and null'), null);
    assert.equal(run('false and null'), false);
    assert.equal(run('true or null'), true);
  });
  it('read names with spaces when told about them', () => {
    assert.equal(show('Monthly Salary * 12', { 'Monthly Salary': new FeelNumber(100) }), '1200');
    const applicant = makeContext([['Is-Eligible', true]]);
    const names = ['Applicant', 'Is-Eligible'];
    assert.equal(
      compileExpression('Applicant.Is-Eligible', { names }).evaluate(new Map([['Applicant', applicant]])),
      true,
    );
  });
  it('count strings in code points', () => {
    assert.equal(show('string length("\\ud83d\\udca9a")'), '2');
    assert.equal(show('substring("a\\ud83d\\udca9b", 2, 1)'), '\u{1F4A9}');
  });
  it('invoke functions by name and position, closures included', () => {
    assert.equal(show('substring(string: "abc", start position: 2)'), 'bc');
    assert.equal(show('{f: function(a, b) a - b, r: f(b: 1, a: 5)}.r'), '4');
    assert.equal(show('{make: function(n) function(x) x + n, add2: make(2), r: add2(3)}.r'), '5');
  });
  it('reject syntax errors with a position', () => {
    assert.throws(
      () => compileExpression('1 +'),
      (error: unknown) => error instanceof FeelSyntaxError && typeof error.position === 'number',
    );
  });
  it('treat instance of structurally', () => {
    assert.equal(run('[1, 2] instance of list<number>'), true);
    assert.equal(run('{a: 1} instance of context<a: number>'), true);
    assert.equal(run('[1..2] instance of range<number>'), true);
    assert.equal(run('1 instance of string'), false);
  });
});

describe('FEEL unary tests', () => {
  const test = (tests: string, input: FeelValue, vars: Record<string, FeelValue> = {}): boolean =>
    compileUnaryTests(tests, { names: Object.keys(vars) }).test(input, new Map(Object.entries(vars)));
  it('match the DMN input entry forms', () => {
    assert.equal(test('-', new FeelNumber(5)), true);
    assert.equal(test('>= 5', new FeelNumber(5)), true);
    assert.equal(test('[1..5)', new FeelNumber(5)), false);
    assert.equal(test('"a", "b"', 'b'), true);
    assert.equal(test('not("a", "b")', 'c'), true);
    assert.equal(test('? > limit', new FeelNumber(7), { limit: new FeelNumber(5) }), true);
    assert.equal(test('limit', new FeelNumber(5), { limit: new FeelNumber(5) }), true);
    assert.equal(test('true', false), false);
    assert.equal(test('[1, 2, 3]', new FeelNumber(2)), true);
    assert.equal(test('Age > 18', new FeelNumber(30), { Age: new FeelNumber(30) }), true);
    assert.equal(test('false', false), true);
    assert.equal(test('null', null), true);
    assert.equal(test('< 10', null), false);
  });
  it('tell unbounded ranges from null end points', () => {
    assert.equal(run('5 in (null..10]'), null);
    assert.equal(run('5 in < 10'), true);
    assert.equal(run('(< 10) = (null..10)'), false);
    assert.equal(show('range("[1..10)")'), '[1..10)');
    assert.equal(run('range("[x..10)")'), null);
  });
});

describe('FEEL regular expressions', () => {
  it('translate XPath flags and spellings for RE2', () => {
    assert.equal(run('matches("hello world", "hello\\ sworld", "x")'), true);
    assert.equal(run('matches("Mary\u000DJones", "Mary.Jones")'), false);
    assert.equal(run('matches("X", "[A-Z-[OI]]")'), true);
    assert.equal(run('matches("O", "[A-Z-[OI]]")'), false);
    assert.equal(show('replace("abc", "(b)", "[$1]")'), 'a[b]c');
    assert.equal(run('matches("aa", "(a)\\1")'), null);
  });
});

describe('FEEL evaluation limits', () => {
  it('stop an endless-ish for loop at the deadline', () => {
    const expression = compileExpression('count(for i in 1..1000000000 return i)');
    const started = performance.now();
    assert.throws(() => expression.evaluate(new Map(), { deadline: performance.now() + 50 }), FeelTimeoutError);
    assert.ok(performance.now() - started < 2000);
  });
  it('survive unbounded recursion', () => {
    assert.equal(run('{f: function(n) 1 + f(n + 1), r: f(0)}.r'), null);
  });
  it('run regular expressions in linear time', () => {
    const started = performance.now();
    assert.equal(run(`matches("${'a'.repeat(50)}!", "^(a+)+$")`), false);
    assert.ok(performance.now() - started < 1000);
  });
});

describe('FEEL API helpers', () => {
  it('parse type references', () => {
    const listType = parseTypeRef('list<number>', noTypes);
    assert.deepEqual(listType, { kind: 'list', item: { kind: 'number' } });
    assert.deepEqual(parseTypeRef('feel:dayTimeDuration', noTypes), { kind: 'days and time duration' });
    assert.equal(parseTypeRef('tUnknown', noTypes), undefined);
    const fn = parseTypeRef('function<number, string>->boolean', noTypes);
    assert.equal(fn?.kind, 'function');
    assert.deepEqual(parseTypeRef('context<a: number, b: string>', noTypes)?.kind, 'context');
  });
  it('coerce singleton lists', () => {
    assert.deepEqual(coerceTo([new FeelNumber(1)], { kind: 'number' }), new FeelNumber(1));
    assert.equal(coerceTo('x', { kind: 'number' }), null);
    assert.equal(conformsTo(new FeelNumber(1), { kind: 'number' }), true);
    assert.deepEqual(typeOfValue('x'), { kind: 'string' });
  });
  it('convert JSON both ways, keeping decimal digits', () => {
    const value = fromJson(
      { amount: '0.1', when: '2020-01-01', items: [1, 2] },
      {
        kind: 'context',
        entries: new Map<string, FeelType>([
          ['amount', { kind: 'number' }],
          ['when', { kind: 'date' }],
        ]),
      },
    );
    assert.equal(formatValue(value), '{amount: 0.1, when: 2020-01-01, items: [1, 2]}');
    assert.deepEqual(toJson(value), { amount: 0.1, when: '2020-01-01', items: [1, 2] });
    assert.equal(toJson(run('1 / 3')), '0.3333333333333333333333333333333333');
  });
  it('compare and make values', () => {
    assert.equal(feelEquals(makeContext([['a', 1 as unknown as FeelValue]]), null), false);
    assert.equal(feelEquals(new FeelNumber(1), 'a'), null);
    assert.equal(feelCompare('a', 'b'), -1);
    const twice = makeFunction('twice', [{ name: 'x' }], ([x]) => (x instanceof FeelNumber ? x.mul(2) : null));
    assert.equal(formatValue(invokeFunction(twice, [new FeelNumber(2)])), '4');
    assert.equal(formatValue(invokeFunction(twice, new Map([['x', new FeelNumber(3)]]))), '6');
    assert.equal(invokeFunction(twice, new Map([['y', new FeelNumber(3)]])), null);
    assert.equal(invokeFunction(twice, []), null);
    assert.equal(show('twice(21)', { twice }), '42');
  });
});

describe('external Java functions (allowlist)', () => {
  const ext = (params: string, cls: string, signature: string): string =>
    `function(${params}) external {java: {class: "${cls}", method signature: "${signature}"}}`;

  it('run allowlisted java.lang static methods', () => {
    assert.equal(show(`(${ext('a, b', 'java.lang.Math', 'max(double, double)')})(123.45, 456.78)`), '456.78');
    assert.equal(show(`{max: ${ext('a, b', 'java.lang.Math', 'max(int,int)')}, r: max(1.9, 1.2)}.r`), '1');
    assert.equal(show(`(${ext('s', 'java.lang.Integer', 'valueOf(java.lang.String)')})("123")`), '123');
    assert.equal(show(`(${ext('c', 'java.lang.String', 'valueOf(char)')})("a")`), 'a');
    assert.equal(run(`(${ext('c', 'java.lang.String', 'valueOf(char)')})("abc")`), null);
    assert.equal(
      show(
        `(${ext('f, x', 'java.lang.String', 'format(java.lang.String, [Ljava.lang.Object;)')})("%s = %d", ["x", 42])`,
      ),
      'x = 42',
    );
    assert.equal(run(`(${ext('a', 'java.lang.Math', 'sqrt(double)')})("4")`), null);
  });

  it('refuse anything outside the allowlist', () => {
    assert.equal(run(ext('x', 'java.lang.System', 'exit(int)')), null);
    assert.equal(run(`(${ext('x', 'java.lang.System', 'exit(int)')})(1)`), null);
    assert.equal(run(ext('s', 'java.lang.Runtime', 'getRuntime()')), null);
    assert.equal(run(ext('s', 'java.lang.Class', 'forName(java.lang.String)')), null);
    assert.equal(run(ext('a', 'java.lang.Math', 'foo(double)')), null);
    assert.equal(run(ext('a, b', 'java.lang.Math', 'max(java.lang.String, java.lang.String)')), null);
    assert.equal(run(ext('a', 'java.lang.Math', 'random()')), null);
    assert.equal(run('function(x) external {pmml: {document: "m.pmml", model: "tree"}}'), null);
  });
});
