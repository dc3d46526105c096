/**
 * Item definitions → FEEL types (DMN 1.5 §7.3.2): base types, structures (itemComponent), collections, function
 * items, and constraints (allowedValues on the item, DMN 1.5 typeConstraint on the whole). Imported models' types are
 * reachable as `importName.typeName`.
 */
import { compileUnaryTests, parseTypeRef, type FeelType, type FeelValue } from './feel-api';
import type { ItemDefinitionNode, TypedName } from './model';
import { describeCompileError, type ProblemList } from './problems';

export const ANY_TYPE: FeelType = { kind: 'any' };

/**
 * Type names other tools write for FEEL types (Camunda 7 and DMN 1.1 exports use XML Schema / Java names).
 * Only consulted when the model defines no item definition of that name.
 */
const TYPE_ALIASES: ReadonlyMap<string, FeelType> = new Map<string, FeelType>([
  ...['integer', 'int', 'long', 'double', 'decimal', 'float', 'short'].map(
    (name) => [name, { kind: 'number' }] as const,
  ),
  ['dateTime', { kind: 'date and time' }],
  ['anyURI', { kind: 'string' }],
]);

export type TypeResolver = (name: string) => FeelType | undefined;

interface Constraint {
  readonly text: string;
  readonly test: (value: FeelValue) => boolean;
}

function compileConstraint(text: string | null, owner: ItemDefinitionNode, problems: ProblemList): Constraint | null {
  if (text === null || text.trim() === '') return null;
  try {
    const tests = compileUnaryTests(text);
    return { text, test: (value) => tests.test(value, new Map()) };
  } catch (error) {
    problems.add(owner, `allowed values of item definition "${owner.name}": ${describeCompileError(error)}`);
    return null;
  }
}

function constrained(name: string, base: FeelType, constraint: Constraint | null): FeelType {
  if (!constraint) return base;
  return { kind: 'constrained', name, base, allows: constraint.test };
}

export interface TypeTable {
  readonly resolve: TypeResolver;
  /** Allowed values as text (for JSON Schema enums), by item definition name. */
  readonly allowedValues: ReadonlyMap<string, string>;
}

/**
 * Builds the model's named types. `imported` resolves `importName.typeName`; an unknown typeRef inside an item
 * definition is a problem.
 */
export function buildTypeTable(
  definitions: readonly ItemDefinitionNode[],
  imported: (qualifiedName: string) => FeelType | undefined,
  problems: ProblemList,
): TypeTable {
  const byName = new Map(definitions.map((d) => [d.name, d]));
  const cache = new Map<string, FeelType>();
  const building = new Set<string>();
  const allowedValues = new Map<string, string>();

  const typeOfRef = (typeRef: string | null, owner: ItemDefinitionNode): FeelType => {
    if (typeRef === null) return ANY_TYPE;
    const type = parseTypeRef(typeRef, resolve);
    if (type) return type;
    problems.add(owner, `item definition "${owner.name}" refers to unknown type "${typeRef}"`);
    return ANY_TYPE;
  };

  const paramTypes = (params: readonly TypedName[], owner: ItemDefinitionNode): FeelType[] =>
    params.map((p) => typeOfRef(p.typeRef, owner));

  const build = (definition: ItemDefinitionNode): FeelType => {
    let base: FeelType;
    if (definition.components.length > 0) {
      base = { kind: 'context', entries: new Map(definition.components.map((c) => [c.name, build(c)])) };
    } else if (definition.functionItem) {
      base = {
        kind: 'function',
        params: paramTypes(definition.functionItem.params, definition),
        result: typeOfRef(definition.functionItem.outputTypeRef, definition),
      };
    } else {
      base = typeOfRef(definition.typeRef, definition);
    }
    const allowed = compileConstraint(definition.allowedValues, definition, problems);
    if (definition.allowedValues !== null) allowedValues.set(definition.name, definition.allowedValues);
    const typeConstraint = compileConstraint(definition.typeConstraint, definition, problems);
    let type = constrained(definition.name, base, allowed);
    if (definition.isCollection) type = { kind: 'list', item: type };
    return constrained(definition.name, type, typeConstraint);
  };

  function resolve(name: string): FeelType | undefined {
    const trimmed = name.trim();
    const cached = cache.get(trimmed);
    if (cached) return cached;
    const definition = byName.get(trimmed);
    if (!definition) return imported(trimmed) ?? TYPE_ALIASES.get(trimmed);
    // A recursive type (a tree node holding a list of nodes) stops at `any` rather than looping.
    if (building.has(trimmed)) return ANY_TYPE;
    building.add(trimmed);
    const type = build(definition);
    building.delete(trimmed);
    cache.set(trimmed, type);
    return type;
  }

  for (const definition of definitions) resolve(definition.name);
  return { resolve, allowedValues };
}
