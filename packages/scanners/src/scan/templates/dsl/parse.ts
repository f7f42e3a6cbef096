// nuclei's expression language (govaluate syntax) parsed by jsep: the operators
// govaluate adds (=~, !~) are registered here, once. Parsed expressions are
// cached by their text: templates repeat the same few thousand expressions.
import jsep from "jsep";

export type Expression = jsep.Expression;

jsep.addBinaryOp("=~", 6);
jsep.addBinaryOp("!~", 6);
// Not in govaluate: a template that uses them means something else.
jsep.removeBinaryOp("===");
jsep.removeBinaryOp("!==");

export class DslError extends Error {
  override name = "DslError";
}

const cache = new Map<string, Expression>();
const MAX_CACHED = 20_000;

/** Parses an expression; throws DslError naming what is wrong. */
export function parseDsl(text: string): Expression {
  let ast = cache.get(text);
  if (ast) return ast;
  try {
    ast = jsep(text);
  } catch (err) {
    throw new DslError(`expression ${JSON.stringify(text)}: ${(err as Error).message}`);
  }
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(text, ast);
  return ast;
}

/** The functions an expression calls and the variables it reads. */
export function references(ast: Expression): { calls: Array<{ name: string; args: number }>; names: Set<string> } {
  const calls: Array<{ name: string; args: number }> = [];
  const names = new Set<string>();
  const walk = (node: unknown, callee = false): void => {
    if (Array.isArray(node)) return node.forEach((n) => walk(n));
    if (!node || typeof node !== "object") return;
    const n = node as Expression;
    if (n.type === "CallExpression") {
      const c = n as jsep.CallExpression;
      if (c.callee.type === "Identifier")
        calls.push({ name: (c.callee as jsep.Identifier).name, args: c.arguments.length });
      else walk(c.callee, true);
      return walk(c.arguments);
    }
    if (n.type === "Identifier") {
      if (!callee) names.add((n as jsep.Identifier).name);
      return;
    }
    if (n.type === "MemberExpression") {
      const m = n as jsep.MemberExpression;
      walk(m.object);
      if (m.computed) walk(m.property);
      return;
    }
    for (const [k, v] of Object.entries(n)) if (k !== "type") walk(v);
  };
  walk(ast);
  return { calls, names };
}
