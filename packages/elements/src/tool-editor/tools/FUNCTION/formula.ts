// Typed formulas: checked before they reach the plot, so a teacher sees what is wrong instead of a blank graph.
// Evaluated by an interpreter (expr-eval-fork), never by generated code: the portal's Content-Security-Policy
// forbids `eval`/`new Function` (no 'unsafe-eval'), which function-plot's own string evaluator needs. The
// plot gets these compiled formulas as functions, so function-plot never compiles a string either.
import { Parser } from 'expr-eval-fork';
import type { ToolProps } from '../../toolModule.js';
import { tr } from '../shared/i18n.js';

export type Compiled = { eval(scope: Record<string, number>): number };

/** Arithmetic, ^, and the usual functions (sin, cos, tan, sqrt, abs, log, ln, exp, …); no strings, arrays, assignments or definitions. */
const operators = { logical: false, comparison: false, concatenate: false, conditional: false, assignment: false, in: false, fndef: false, length: false, random: false };
// `array` is an option the parser reads that its typings leave out.
const parser = new Parser({ operators: { ...operators, array: false } as typeof operators });
for (const name of ['if', 'map', 'fold', 'filter', 'indexOf', 'join', 'sum', 'roundTo']) delete (parser.functions as Record<string, unknown>)[name];
Object.assign(parser.consts as Record<string, number>, { pi: Math.PI, e: Math.E });

const TRAILING_OPERATOR = /[+\-*/^,.]\s*$/;

function compile(text: string): Compiled {
  const expression = parser.parse(text);
  return { eval: (scope) => Number(expression.evaluate(scope)) };
}

/** The problem with a formula in words a teacher understands, or undefined when it can be plotted. */
export function formulaProblem(expr: string, params: string[], locale: ToolProps['locale']): string | undefined {
  const text = expr.trim();
  if (!text) return tr(locale, '公式为空：请输入含 x 的表达式，如 sin(x)', 'The formula is empty: type an expression in x, e.g. sin(x)');
  let depth = 0;
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')' && --depth < 0) return tr(locale, '公式有误：多了右括号「)」', 'Formula error: an extra closing parenthesis ")"');
  }
  if (depth > 0) return tr(locale, `公式不完整：括号未闭合（缺少 ${depth} 个「)」）`, `Incomplete formula: ${depth} unclosed parenthesis`);
  if (/["'`]/.test(text)) return tr(locale, '公式有误：不能含引号，请只用数字、x、参数和函数', 'Formula error: no quotes; use numbers, x, the parameters and functions');
  if (TRAILING_OPERATOR.test(text)) return tr(locale, '公式不完整：运算符后缺少内容', 'Incomplete formula: nothing after the operator');
  let compiled: Compiled;
  try {
    compiled = compile(text);
  } catch (error) {
    return tr(locale, `公式无法识别：${(error as Error).message}`, `Formula not understood: ${(error as Error).message}`);
  }
  const scope: Record<string, number> = { x: 0.5 };
  for (const p of params) scope[p] = 1;
  try {
    compiled.eval(scope);
  } catch (error) {
    const symbol = /undefined variable: (\S+)/.exec((error as Error).message)?.[1];
    if (symbol) return tr(locale, `未知的符号或函数「${symbol}」：可用 x、参数和 sin、cos、sqrt 等`, `Unknown symbol or function "${symbol}": use x, the parameters and sin, cos, sqrt, …`);
    return tr(locale, `公式无法计算：${(error as Error).message}`, `Formula cannot be evaluated: ${(error as Error).message}`);
  }
  return undefined;
}

/** A formula already checked by `formulaProblem`. */
export const compileFormula = (expr: string): Compiled => compile(expr.trim());
