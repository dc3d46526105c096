/**
 * What the console's DMN editor (dmn-js, reading and writing through dmn-moddle) understands: the DMN 1.3 meta-model
 * that dmn-moddle ships as JSON, resolved the way its XML reader (moddle-xml) resolves a document. An element the
 * reader would refuse ("unparsable content", "unknown type"), and so drop on save, is one the interchange keeps aside;
 * a plain attribute the reader does not know it would keep but warn about, so the interchange keeps it aside too.
 * Reading the meta-model from the pinned dmn-moddle keeps this list exactly the editor's.
 */
import dc from 'dmn-moddle/resources/dmn/json/dc.json';
import di from 'dmn-moddle/resources/dmn/json/di.json';
import dmn13 from 'dmn-moddle/resources/dmn/json/dmn13.json';
import dmndi13 from 'dmn-moddle/resources/dmn/json/dmndi13.json';

interface MetaProperty {
  name: string;
  type: string;
  isAttr?: boolean;
  isReference?: boolean;
  isVirtual?: boolean;
}

interface MetaType {
  name: string;
  superClass?: string[];
  properties?: MetaProperty[];
}

interface MetaPackage {
  prefix: string;
  uri: string;
  types: MetaType[];
  xml?: { tagAlias?: string };
}

/** moddle's built-in types: a property of one of these holds text (or, for `Element`, any foreign XML). */
const PRIMITIVES = new Set(['String', 'Boolean', 'Integer', 'Real', 'Element']);

/** A resolved element: its moddle type, `text` for a primitive property, `any` for opaque extension content. */
export type ResolvedType = string;

interface ResolvedProperty extends MetaProperty {
  /** The qualified type (`dmn:Expression`) or a primitive name. */
  qualifiedType: string;
}

const packages: readonly MetaPackage[] = [dmn13, dmndi13, dc, di] as MetaPackage[];
const packageByUri = new Map(packages.map((pkg) => [pkg.uri, pkg]));
const types = new Map<string, { pkg: MetaPackage; type: MetaType }>();
for (const pkg of packages) for (const type of pkg.types) types.set(`${pkg.prefix}:${type.name}`, { pkg, type });

const qualify = (name: string, pkg: MetaPackage): string =>
  PRIMITIVES.has(name) || name.includes(':') ? name : `${pkg.prefix}:${name}`;

const propertyCache = new Map<string, ResolvedProperty[]>();

/** Every property of a type, inherited ones first (as moddle orders them). */
function propertiesOf(qualifiedType: string): ResolvedProperty[] {
  const cached = propertyCache.get(qualifiedType);
  if (cached) return cached;
  const entry = types.get(qualifiedType);
  const result: ResolvedProperty[] = [];
  if (entry) {
    for (const superClass of entry.type.superClass ?? []) result.push(...propertiesOf(qualify(superClass, entry.pkg)));
    for (const property of entry.type.properties ?? [])
      result.push({ ...property, qualifiedType: qualify(property.type, entry.pkg) });
  }
  propertyCache.set(qualifiedType, result);
  return result;
}

function isSubtype(qualifiedType: string, of: string): boolean {
  if (qualifiedType === of) return true;
  const entry = types.get(qualifiedType);
  return (entry?.type.superClass ?? []).some((superClass) => isSubtype(qualify(superClass, entry!.pkg), of));
}

/** The moddle type of the DMN 1.3 root, `definitions`. */
export const DEFINITIONS_TYPE = 'dmn:Definitions';
/** A primitive property element (`<text>`, `<description>`, `<typeRef>`): its content is text. */
export const TEXT_CONTENT = 'text';
/** Content of an extension property (`extensionElements`): foreign XML the editor keeps as it is. */
export const OPAQUE_CONTENT = 'any';

/** The qualified moddle type an element with this namespace and local name would be, if the meta-model has one. */
export function elementTypeOf(namespaceUri: string, local: string): string | null {
  const pkg = packageByUri.get(namespaceUri);
  if (!pkg) return null;
  const name = pkg.xml?.tagAlias === 'lowerCase' ? local.charAt(0).toUpperCase() + local.slice(1) : local;
  return types.has(`${pkg.prefix}:${name}`) ? `${pkg.prefix}:${name}` : null;
}

/**
 * The type a child element takes inside an element of `parentType` (moddle-xml's `getPropertyForNode`): a property
 * of that name first, then a property whose type the child's element type extends, then (foreign namespaces only) an
 * extension property. `null`: the editor's reader would drop it.
 */
export function childTypeOf(parentType: ResolvedType, namespaceUri: string, local: string): ResolvedType | null {
  if (parentType === TEXT_CONTENT || parentType === OPAQUE_CONTENT) return parentType;
  const properties = propertiesOf(parentType);
  const named = properties.find((property) => property.name === local && !property.isAttr);
  if (named) {
    if (named.qualifiedType === 'Element') return OPAQUE_CONTENT;
    return PRIMITIVES.has(named.qualifiedType) ? TEXT_CONTENT : named.qualifiedType;
  }
  if (packageByUri.has(namespaceUri)) {
    const elementType = elementTypeOf(namespaceUri, local);
    if (elementType === null) return null;
    const holder = properties.find(
      (property) =>
        !property.isVirtual &&
        !property.isReference &&
        !property.isAttr &&
        !PRIMITIVES.has(property.qualifiedType) &&
        isSubtype(elementType, property.qualifiedType),
    );
    return holder ? elementType : null;
  }
  return properties.some((property) => property.qualifiedType === 'Element' && !property.isAttr)
    ? OPAQUE_CONTENT
    : null;
}

/**
 * How the editor's reader takes a plain attribute of an element of this type: a property (`known`), a reference to
 * another element's id it resolves when reading (`reference`: an id it cannot find it warns about and drops), or not
 * at all (`unknown`).
 */
export function attributeKind(elementType: ResolvedType, name: string): 'known' | 'reference' | 'unknown' {
  if (elementType === TEXT_CONTENT || elementType === OPAQUE_CONTENT) return 'known';
  const property = propertiesOf(elementType).find((candidate) => candidate.name === name && candidate.isAttr === true);
  if (!property) return 'unknown';
  return property.isReference === true ? 'reference' : 'known';
}

/** Whether an element of this type may stand where the 1.3 schema expects an expression. */
export function takesExpression(parentType: ResolvedType): boolean {
  if (parentType === TEXT_CONTENT || parentType === OPAQUE_CONTENT) return false;
  return propertiesOf(parentType).some(
    (property) => !property.isAttr && property.qualifiedType === 'dmn:Expression' && !property.isReference,
  );
}
