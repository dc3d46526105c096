/**
 * compileDmn: parse, resolve references and imports, build types, compile every FEEL text and check the
 * requirement graph, collecting all problems. The result (`CompiledModel`) is immutable and evaluated by evaluate.ts.
 */
import type { FeelType } from './feel-api';
import type {
  BusinessKnowledgeModelNode,
  DecisionNode,
  DecisionServiceNode,
  DefinitionsNode,
  ElementRef,
  ImportNode,
  InputDataNode,
  ItemDefinitionNode,
} from './model';
import { parseDefinitions } from './parse';
import { DmnModelError, ProblemList } from './problems';
import { ANY_TYPE, buildTypeTable, type TypeTable } from './item-definitions';
import { compileBoxed, typedParameters, type TypedParameter } from './boxed-expressions';
import type { CompileEnv, Evaluator } from './runtime';
import { resolveTypeRef } from './runtime';

export interface DmnImportRef {
  namespace: string;
  name: string;
  importType: string;
  locationURI: string | null;
}

export interface DmnModel {
  readonly namespace: string;
  readonly name: string;
  readonly dmnVersion: string;
  readonly inputData: ReadonlyArray<{ id: string; name: string; typeRef: string | null; type: FeelType }>;
  readonly decisions: ReadonlyArray<{
    id: string;
    name: string;
    typeRef: string | null;
    type: FeelType;
    expressionKind: string;
  }>;
  readonly decisionServices: ReadonlyArray<{ id: string; name: string; inputs: string[] }>;
  readonly imports: readonly DmnImportRef[];
}

export interface CompileOptions {
  readonly imports?: ReadonlyMap<string, DmnModel>;
  readonly maxBytes?: number;
  readonly maxDepth?: number;
}

/** A resolved requirement: an element of this model, or of an imported one (then seen as `importName.name`). */
export interface ElementTarget {
  readonly model: CompiledModel;
  readonly id: string;
  readonly name: string;
  readonly importName: string | null;
}

export interface CompiledDecision {
  readonly node: DecisionNode;
  readonly type: FeelType | null;
  readonly evaluate: Evaluator;
  readonly decisions: readonly ElementTarget[];
  readonly inputs: readonly ElementTarget[];
  readonly knowledge: readonly ElementTarget[];
}

export interface CompiledInputData {
  readonly node: InputDataNode;
  readonly type: FeelType | null;
}

export interface CompiledBkm {
  readonly node: BusinessKnowledgeModelNode;
  readonly params: readonly TypedParameter[];
  readonly resultType: FeelType | null;
  readonly body: Evaluator;
  readonly knowledge: readonly ElementTarget[];
}

export interface CompiledService {
  readonly node: DecisionServiceNode;
  readonly type: FeelType | null;
  readonly outputs: readonly ElementTarget[];
  readonly inputDecisions: readonly ElementTarget[];
  readonly inputData: readonly ElementTarget[];
}

/** The compiled model; its public fields are the `DmnModel` contract, the rest is for the evaluator. */
export class CompiledModel implements DmnModel {
  readonly namespace: string;
  readonly name: string;
  readonly dmnVersion: string;
  readonly imports: readonly DmnImportRef[];
  readonly inputData: Array<{ id: string; name: string; typeRef: string | null; type: FeelType }> = [];
  readonly decisions: Array<{
    id: string;
    name: string;
    typeRef: string | null;
    type: FeelType;
    expressionKind: string;
  }> = [];
  readonly decisionServices: Array<{ id: string; name: string; inputs: string[] }> = [];

  readonly compiledDecisions = new Map<string, CompiledDecision>();
  readonly compiledInputs = new Map<string, CompiledInputData>();
  readonly compiledBkms = new Map<string, CompiledBkm>();
  readonly compiledServices = new Map<string, CompiledService>();
  /** Imported models by import name. */
  readonly importedModels = new Map<string, CompiledModel>();
  types: TypeTable = { resolve: () => undefined, allowedValues: new Map() };

  constructor(definitions: DefinitionsNode) {
    this.namespace = definitions.namespace;
    this.name = definitions.name;
    this.dmnVersion = definitions.dmnVersion;
    this.imports = definitions.imports.map((i) => ({ ...i }));
  }

  /** Whether `id` names a decision, input data, BKM or decision service of this model. */
  elementName(id: string): string | undefined {
    return (
      this.compiledDecisions.get(id)?.node.name ??
      this.compiledInputs.get(id)?.node.name ??
      this.compiledBkms.get(id)?.node.name ??
      this.compiledServices.get(id)?.node.name
    );
  }
}

type Kind = 'decision' | 'input' | 'knowledge';

function elementExists(model: CompiledModel, id: string, kind: Kind): boolean {
  if (kind === 'decision') return model.compiledDecisions.has(id);
  if (kind === 'input') return model.compiledInputs.has(id);
  return model.compiledBkms.has(id) || model.compiledServices.has(id);
}

/** Index of element nodes by id, filled before compiling logic so that forward references resolve. */
interface Indexed {
  readonly decisions: Map<string, DecisionNode>;
  readonly inputs: Map<string, InputDataNode>;
  readonly bkms: Map<string, BusinessKnowledgeModelNode>;
  readonly services: Map<string, DecisionServiceNode>;
}

class Compiler {
  readonly problems: ProblemList;
  readonly model: CompiledModel;
  private readonly index: Indexed;
  private readonly importsByNamespace = new Map<string, { node: ImportNode; model: CompiledModel }>();
  private readonly commonNames = new Set<string>();

  constructor(
    private readonly definitions: DefinitionsNode,
    problems: ProblemList,
    imports: ReadonlyMap<string, DmnModel>,
  ) {
    this.problems = problems;
    this.model = new CompiledModel(definitions);
    this.index = {
      decisions: new Map(definitions.decisions.map((d) => [d.id, d])),
      inputs: new Map(definitions.inputData.map((d) => [d.id, d])),
      bkms: new Map(definitions.businessKnowledgeModels.map((d) => [d.id, d])),
      services: new Map(definitions.decisionServices.map((d) => [d.id, d])),
    };
    this.resolveImports(imports);
  }

  private resolveImports(imports: ReadonlyMap<string, DmnModel>): void {
    for (const node of this.definitions.imports) {
      if (!/DMN/i.test(node.importType) && node.importType !== '') continue;
      const imported = imports.get(node.namespace);
      if (!(imported instanceof CompiledModel)) {
        this.problems.add({ id: null, name: node.name }, `imported model not found: namespace "${node.namespace}"`);
        continue;
      }
      this.importsByNamespace.set(node.namespace, { node, model: imported });
      this.model.importedModels.set(node.name, imported);
      this.commonNames.add(node.name);
    }
  }

  /** `importName.typeName` → the imported model's type. */
  private importedType(qualified: string): FeelType | undefined {
    for (const [importName, imported] of this.model.importedModels) {
      if (qualified.startsWith(`${importName}.`)) {
        const type = imported.types.resolve(qualified.slice(importName.length + 1));
        if (type) return type;
      }
    }
    return undefined;
  }

  resolveTarget(href: string, kind: Kind, owner: ElementRef, what: string): ElementTarget | null {
    const hash = href.indexOf('#');
    const namespace = hash >= 0 ? href.slice(0, hash) : '';
    const id = hash >= 0 ? href.slice(hash + 1) : href;
    if (namespace !== '' && namespace !== this.model.namespace) {
      const imported = this.importsByNamespace.get(namespace);
      if (!imported) {
        this.problems.add(owner, `${what} "${href}" refers to a model that is not imported`);
        return null;
      }
      const name = imported.model.elementName(id);
      if (name === undefined || !elementExists(imported.model, id, kind)) {
        this.problems.add(owner, `${what} "${href}" not found in imported model "${imported.node.name}"`);
        return null;
      }
      return { model: imported.model, id, name, importName: imported.node.name };
    }
    const node =
      kind === 'decision'
        ? this.index.decisions.get(id)
        : kind === 'input'
          ? this.index.inputs.get(id)
          : (this.index.bkms.get(id) ?? this.index.services.get(id));
    if (!node) {
      this.problems.add(owner, `${what} "${href}" not found`);
      return null;
    }
    return { model: this.model, id, name: node.name, importName: null };
  }

  private targets(hrefs: readonly string[], kind: Kind, owner: ElementRef, what: string): ElementTarget[] {
    return hrefs.map((h) => this.resolveTarget(h, kind, owner, what)).filter((t): t is ElementTarget => t !== null);
  }

  private env(owner: ElementRef, visible: Iterable<string>): CompileEnv {
    const names = new Set(this.commonNames);
    for (const name of visible) names.add(name);
    return { owner, names, types: this.model.types.resolve, problems: this.problems };
  }

  private typeOf(typeRef: string | null, owner: ElementRef, what: string): FeelType | null {
    return resolveTypeRef(this.env(owner, []), typeRef, what);
  }

  /**
   * How a requirement appears in FEEL: its own name, or `importName.name` — for which the parser needs to know both
   * the import name and the member name (it reads the path member by member).
   */
  private visibleNames(targets: readonly ElementTarget[]): string[] {
    return targets.flatMap((t) => (t.importName ? [t.importName, t.name] : [t.name]));
  }

  private collectComponentNames(items: readonly ItemDefinitionNode[]): void {
    for (const item of items) {
      for (const component of item.components) this.commonNames.add(component.name);
      this.collectComponentNames(item.components);
    }
  }

  compile(): CompiledModel {
    const model = this.model;
    model.types = buildTypeTable(this.definitions.itemDefinitions, (q) => this.importedType(q), this.problems);
    this.collectComponentNames(this.definitions.itemDefinitions);
    for (const node of this.definitions.inputData) {
      const type = this.typeOf(node.typeRef, node, `input data "${node.name}"`);
      model.compiledInputs.set(node.id, { node, type });
      model.inputData.push({ id: node.id, name: node.name, typeRef: node.typeRef, type: type ?? ANY_TYPE });
    }
    // Register every element before compiling logic, so that references in any order resolve.
    for (const node of this.definitions.decisions) model.compiledDecisions.set(node.id, placeholderDecision(node));
    for (const node of this.definitions.businessKnowledgeModels) model.compiledBkms.set(node.id, placeholderBkm(node));
    for (const node of this.definitions.decisionServices) {
      model.compiledServices.set(node.id, { node, type: null, outputs: [], inputDecisions: [], inputData: [] });
    }
    for (const node of this.definitions.businessKnowledgeModels) model.compiledBkms.set(node.id, this.compileBkm(node));
    for (const node of this.definitions.decisions) this.compileDecision(node);
    for (const node of this.definitions.decisionServices) this.compileService(node);
    this.checkCycles();
    return model;
  }

  private compileBkm(node: BusinessKnowledgeModelNode): CompiledBkm {
    const knowledge = this.targets(node.requiredKnowledge, 'knowledge', node, 'required knowledge');
    const env = this.env(node, this.visibleNames(knowledge));
    const params = typedParameters(node.params, env);
    const bodyEnv = this.env(node, [...this.visibleNames(knowledge), ...params.map((p) => p.name)]);
    const body = node.body ? compileBoxed(node.body, bodyEnv, `business knowledge model "${node.name}"`) : () => null;
    const declared = this.typeOf(node.typeRef, node, `business knowledge model "${node.name}"`);
    // The variable's typeRef is the function's result type unless it names a function type itself.
    const resultType = node.body?.typeRef
      ? this.typeOf(node.body.typeRef, node, `business knowledge model "${node.name}"`)
      : resultTypeOf(declared);
    return { node, params, resultType, body, knowledge };
  }

  private compileDecision(node: DecisionNode): void {
    const decisions = this.targets(node.requiredDecisions, 'decision', node, 'required decision');
    const inputs = this.targets(node.requiredInputs, 'input', node, 'required input');
    const knowledge = this.targets(node.requiredKnowledge, 'knowledge', node, 'required knowledge');
    const env = this.env(node, this.visibleNames([...decisions, ...inputs, ...knowledge]));
    const evaluate = node.expression ? compileBoxed(node.expression, env, `decision "${node.name}"`) : () => null;
    const type = this.typeOf(node.typeRef, node, `decision "${node.name}"`);
    this.model.compiledDecisions.set(node.id, { node, type, evaluate, decisions, inputs, knowledge });
    this.model.decisions.push({
      id: node.id,
      name: node.name,
      typeRef: node.typeRef,
      type: type ?? ANY_TYPE,
      expressionKind: node.expression?.kind ?? 'none',
    });
  }

  private compileService(node: DecisionServiceNode): void {
    const outputs = this.targets(node.outputDecisions, 'decision', node, 'output decision');
    const inputDecisions = this.targets(node.inputDecisions, 'decision', node, 'input decision');
    const inputData = this.targets(node.inputData, 'input', node, 'input data');
    const type = this.typeOf(node.typeRef, node, `decision service "${node.name}"`);
    this.model.compiledServices.set(node.id, { node, type: resultTypeOf(type), outputs, inputDecisions, inputData });
    this.model.decisionServices.push({
      id: node.id,
      name: node.name,
      inputs: [...inputData, ...inputDecisions].map((t) => t.name),
    });
  }

  /**
   * Requirement cycles among this model's decisions and BKMs (imported models were checked when compiled). An
   * iterative depth-first search: a model may chain thousands of decisions.
   */
  private checkCycles(): void {
    const state = new Map<string, 'visiting' | 'done'>();
    const edges = (id: string): string[] => {
      const decision = this.model.compiledDecisions.get(id);
      const targets = decision
        ? [...decision.decisions, ...decision.knowledge]
        : [...(this.model.compiledBkms.get(id)?.knowledge ?? [])];
      return targets.filter((t) => t.model === this.model).map((t) => t.id);
    };
    const nameOf = (id: string): string => this.model.elementName(id) ?? id;
    for (const root of [...this.model.compiledDecisions.keys(), ...this.model.compiledBkms.keys()]) {
      if (state.has(root)) continue;
      const path: string[] = [root];
      const pending: string[][] = [edges(root)];
      state.set(root, 'visiting');
      while (path.length > 0) {
        const next = pending[pending.length - 1]?.pop();
        if (next === undefined) {
          state.set(path.pop() as string, 'done');
          pending.pop();
          continue;
        }
        if (state.get(next) === 'done') continue;
        if (state.get(next) === 'visiting') {
          const cycle = [...path.slice(path.indexOf(next)), next];
          this.problems.add({ id: next, name: nameOf(next) }, `requirement cycle: ${cycle.map(nameOf).join(' → ')}`);
          continue;
        }
        state.set(next, 'visiting');
        path.push(next);
        pending.push(edges(next));
      }
    }
  }
}

/**
 * The result type of a BKM or decision service from its variable's type: a function type (a function item) gives
 * its result type, any other type is the result type itself.
 */
function resultTypeOf(type: FeelType | null): FeelType | null {
  if (type === null) return null;
  if (type.kind === 'function') return type.result.kind === 'any' ? null : type.result;
  return type;
}

function placeholderDecision(node: DecisionNode): CompiledDecision {
  return { node, type: null, evaluate: () => null, decisions: [], inputs: [], knowledge: [] };
}

function placeholderBkm(node: BusinessKnowledgeModelNode): CompiledBkm {
  return { node, params: [], resultType: null, body: () => null, knowledge: [] };
}

export function compileDmn(xml: string, options: CompileOptions = {}): DmnModel {
  const limits = {
    ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}),
    ...(options.maxDepth !== undefined ? { maxDepth: options.maxDepth } : {}),
  };
  const { definitions, problems } = parseDefinitions(xml, limits);
  const model = new Compiler(definitions, problems, options.imports ?? new Map()).compile();
  problems.throwIfAny();
  return model;
}

/** The model's internals, or a DmnModelError for a value that did not come from compileDmn. */
export function internals(model: DmnModel): CompiledModel {
  if (model instanceof CompiledModel) return model;
  throw new DmnModelError([{ element_id: null, element_name: null, message: 'not a model compiled by compileDmn' }]);
}
