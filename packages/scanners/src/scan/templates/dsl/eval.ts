// Evaluates a parsed expression the way govaluate (nuclei's evaluator) does:
// numbers are float64 (so 200 == 200.0), "+" concatenates when either side is
// a string, && || ! and ?: want booleans, =~ / !~ match a Go regex, and a
// variable that is not there is an error (a matcher using it does not match).
import type jsep from "jsep";
import { goRegex } from "../regex.ts";
import { callHelper } from "./functions.ts";
import { DslError, parseDsl, type Expression } from "./parse.ts";
import { toNumber, toText, type Value, type Variables } from "./values.ts";

export { bytesWithText, toNumber, toText, type Value, type Variables } from "./values.ts";

function toBool(v: unknown, op: string): boolean {
  if (typeof v !== "boolean") throw new DslError(`${op} needs a boolean, got ${JSON.stringify(toText(v))}`);
  return v;
}

function normalise(v: unknown): Value {
  if (v === undefined || v === null) return null;
  if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") return v;
  if (typeof v === "bigint") return Number(v);
  if (Buffer.isBuffer(v)) return v;
  if (Array.isArray(v)) return v.map(normalise);
  return toText(v);
}

function equal(a: Value, b: Value): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => equal(x, b[i]!));
  if (Buffer.isBuffer(a) || Buffer.isBuffer(b))
    return typeof a !== "number" && typeof b !== "number" && toText(a) === toText(b);
  return a === b;
}

function compare(op: string, a: Value, b: Value): boolean {
  const isText = (v: Value) => typeof v === "string" || Buffer.isBuffer(v);
  const strings = isText(a) && isText(b);
  const x = strings ? toText(a) : toNumber(a);
  const y = strings ? toText(b) : toNumber(b);
  switch (op) {
    case "<":
      return x < y;
    case "<=":
      return x <= y;
    case ">":
      return x > y;
    default:
      return x >= y;
  }
}

function binary(op: string, l: Value, r: () => Value): Value {
  switch (op) {
    case "&&":
      return toBool(l, op) && toBool(r(), op);
    case "||":
      return toBool(l, op) || toBool(r(), op);
    case "??":
      return l ?? r();
  }
  const right = r();
  switch (op) {
    case "==":
      return equal(l, right);
    case "!=":
      return !equal(l, right);
    case "<":
    case "<=":
    case ">":
    case ">=":
      return compare(op, l, right);
    case "=~":
      return goRegex(toText(right)).test(toText(l));
    case "!~":
      return !goRegex(toText(right)).test(toText(l));
    case "+":
      return typeof l === "string" || typeof right === "string" || Buffer.isBuffer(l) || Buffer.isBuffer(right)
        ? toText(l) + toText(right)
        : toNumber(l) + toNumber(right);
    case "-":
      return toNumber(l) - toNumber(right);
    case "*":
      return toNumber(l) * toNumber(right);
    case "/":
      return toNumber(l) / toNumber(right);
    case "%":
      return toNumber(l) % toNumber(right);
    case "**":
      return toNumber(l) ** toNumber(right);
    case "&":
      return Number(BigInt.asIntN(64, BigInt(Math.trunc(toNumber(l))) & BigInt(Math.trunc(toNumber(right)))));
    case "|":
      return Number(BigInt.asIntN(64, BigInt(Math.trunc(toNumber(l))) | BigInt(Math.trunc(toNumber(right)))));
    case "^":
      return Number(BigInt.asIntN(64, BigInt(Math.trunc(toNumber(l))) ^ BigInt(Math.trunc(toNumber(right)))));
    case "<<":
      return Number(BigInt.asIntN(64, BigInt(Math.trunc(toNumber(l))) << BigInt(Math.trunc(toNumber(right)))));
    case ">>":
      return Number(BigInt.asIntN(64, BigInt(Math.trunc(toNumber(l))) >> BigInt(Math.trunc(toNumber(right)))));
  }
  throw new DslError(`operator ${op} is not supported`);
}

function evaluate(node: Expression, vars: Variables): Value {
  switch (node.type) {
    case "Literal":
      return normalise((node as jsep.Literal).value);
    case "Identifier": {
      const name = (node as jsep.Identifier).name;
      if (name === "true") return true;
      if (name === "false") return false;
      if (name === "nil" || name === "null") return null;
      if (!(name in vars) || vars[name] === undefined) throw new DslError(`no variable "${name}"`);
      return normalise(vars[name]);
    }
    case "UnaryExpression": {
      const u = node as jsep.UnaryExpression;
      const v = evaluate(u.argument, vars);
      if (u.operator === "!") return !toBool(v, "!");
      if (u.operator === "-") return -toNumber(v);
      if (u.operator === "+") return toNumber(v);
      if (u.operator === "~") return Number(BigInt.asIntN(64, ~BigInt(Math.trunc(toNumber(v)))));
      throw new DslError(`operator ${u.operator} is not supported`);
    }
    case "BinaryExpression": {
      const b = node as jsep.BinaryExpression;
      return binary(b.operator, evaluate(b.left, vars), () => evaluate(b.right, vars));
    }
    case "ConditionalExpression": {
      const c = node as jsep.ConditionalExpression;
      return toBool(evaluate(c.test, vars), "?:") ? evaluate(c.consequent, vars) : evaluate(c.alternate, vars);
    }
    case "CallExpression": {
      const c = node as jsep.CallExpression;
      if (c.callee.type !== "Identifier") throw new DslError("only named functions can be called");
      const args = c.arguments.map((a) => evaluate(a, vars));
      return normalise(callHelper((c.callee as jsep.Identifier).name, args));
    }
    case "Compound":
    case "SequenceExpression":
    case "ArrayExpression": {
      const items = (node.body ?? node.expressions ?? node.elements) as Expression[];
      return items.map((e) => evaluate(e, vars));
    }
    case "MemberExpression": {
      const m = node as jsep.MemberExpression;
      const obj = evaluate(m.object, vars);
      const key = m.computed ? evaluate(m.property, vars) : (m.property as jsep.Identifier).name;
      if (Array.isArray(obj)) return obj[toNumber(key)] ?? null;
      throw new DslError("only lists can be indexed");
    }
  }
  throw new DslError(`${node.type} is not supported`);
}

/** Evaluates expression text (parsed once, cached) over the variables. Throws DslError. */
export function evaluateDsl(text: string, vars: Variables): Value {
  try {
    return evaluate(parseDsl(text), vars);
  } catch (err) {
    if (err instanceof DslError) throw err;
    throw new DslError(`${text}: ${(err as Error).message}`);
  }
}
