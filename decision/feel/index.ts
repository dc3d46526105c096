/**
 * The FEEL layer (DMN 1.5 chapter 10): compile expressions and unary tests once, evaluate them many times.
 * See README.md for representations and known gaps.
 */
export * from './types';
export { FeelSyntaxError, FeelTimeoutError } from './runtime';
export { compileExpression, compileUnaryTests, parseUnaryTestsSyntax } from './compile';
export type { SyntaxNode } from './syntax';
export { makeFunction, invokeFunction } from './functions';
export { makeContext, feelEquals, feelCompare, formatValue } from './values';
export { parseTypeRef, conformsTo, coerceTo, typeOfValue } from './types-conformance';
export { fromJson, toJson } from './json';
export { isFunction as isFeelFunction } from './values';
export { javaFunction, javaFunctionValue, type JavaType } from './java-functions';
