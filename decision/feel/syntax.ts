/** The lezer-feel syntax tree types, as feelin's (ES module) parser returns them. */
import type { parseExpression } from 'feelin';

export type Tree = ReturnType<typeof parseExpression>;
export type SyntaxNode = Tree['topNode'];
