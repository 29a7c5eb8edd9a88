import { checkEnvelope } from '../shared/useToolDoc.js';
import { CURVE_COLOURS } from '../shared/documentPalette.js';

export interface PlotFunction {
  expr: string;
  color: string;
}
export interface Param {
  name: string;
  value: number;
  min: number;
  max: number;
  step: number;
}
export interface FunctionData {
  functions: PlotFunction[];
  params: Param[];
  view: { x: [number, number]; y: [number, number] };
}

export const COLORS = CURVE_COLOURS;

export const emptyFunctionData = (): FunctionData => ({
  functions: [
    { expr: 'a*sin(x)', color: COLORS[0] },
    { expr: 'x/2', color: COLORS[1] },
  ],
  params: [{ name: 'a', value: 2, min: -5, max: 5, step: 0.1 }],
  view: { x: [-10, 10], y: [-6, 6] },
});

const isRange = (r: unknown): r is [number, number] => Array.isArray(r) && r.length === 2 && r.every(Number.isFinite) && r[0] < r[1];

export function checkFunctionDoc(doc: unknown): string | undefined {
  const env = checkEnvelope(doc, 'FUNCTION');
  if (typeof env === 'string') return env;
  const d = env.data as Partial<FunctionData>;
  if (!Array.isArray(d.functions) || d.functions.some((f) => typeof f?.expr !== 'string')) return '函数图像文档有误：functions 应为公式列表';
  if (!Array.isArray(d.params) || d.params.some((p) => !/^[a-wzA-Z]$/.test(p?.name ?? '') || !Number.isFinite(p.value))) return '函数图像文档有误：params 参数无效';
  if (!d.view || !isRange(d.view.x) || !isRange(d.view.y)) return '函数图像文档有误：view 视窗范围无效';
  return undefined;
}
