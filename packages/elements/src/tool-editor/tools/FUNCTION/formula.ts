// Typed formulas: checked before they reach the plot, so a teacher sees what is wrong instead of a blank graph.
// built-in-math-eval is the evaluator function-plot itself uses (same syntax: ^, sin, sqrt, pi, …).
// @ts-expect-error no types are published for built-in-math-eval
import compileUntyped from 'built-in-math-eval';
import type { ToolProps } from '../../toolModule.js';
import { tr } from '../shared/i18n.js';

export type Compiled = { eval(scope: Record<string, number>): number };
/** The one call made, as the package's README documents it: `compile(expression).eval(scope)`. */
const compile = compileUntyped as (expression: string) => Compiled;

const TRAILING_OPERATOR = /[+\-*/^,.]\s*$/;

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
    const symbol = /symbol "([^"]+)" is undefined/.exec((error as Error).message)?.[1];
    if (symbol) return tr(locale, `未知的符号或函数「${symbol}」：可用 x、参数和 sin、cos、sqrt 等`, `Unknown symbol or function "${symbol}": use x, the parameters and sin, cos, sqrt, …`);
    return tr(locale, `公式无法计算：${(error as Error).message}`, `Formula cannot be evaluated: ${(error as Error).message}`);
  }
  return undefined;
}

/** A formula already checked by `formulaProblem`. */
export const compileFormula = (expr: string): Compiled => compile(expr.trim());
