import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { functionPlot } from './plotLib.js';
import type { ToolHandle, ToolProps } from '../../toolModule.js';
import { tr } from '../shared/i18n.js';
import { jsonBlob, useToolDoc } from '../shared/useToolDoc.js';
import { pngFromSvg, svgBlob } from '../shared/svgExport.js';
import { INK } from '../shared/documentPalette.js';
import { unsupportedExport } from '../shared/unsupportedExport.js';
import { compileFormula, formulaProblem } from './formula.js';
import { COLORS, emptyFunctionData, type FunctionData } from './functionDoc.js';
import { coordinate, intersections } from './intersections.js';
import { FunctionRow } from './FunctionRow.js';
import { ParamSlider } from './ParamSlider.js';
import css from './functionGraph.css?inline';

const HEIGHT = 440;
type Range = [number, number];
const zoomRange = ([a, b]: Range, factor: number): Range => {
  const mid = (a + b) / 2;
  const half = ((b - a) / 2) * factor;
  return [mid - half, mid + half];
};
const panRange = ([a, b]: Range, share: number): Range => [a + (b - a) * share, b + (b - a) * share];

/** Several functions of x with parameters on sliders, zoom and pan, and their points of intersection. */
export function FunctionGraph({ doc, mode, onChange, onError, locale, handle }: ToolProps & { handle?: (h: ToolHandle) => void }) {
  const readOnly = mode === 'view';
  const report = useCallback((d: Parameters<typeof onChange>[0]) => !readOnly && onChange(d), [readOnly, onChange]);
  const { data, update, toDocument } = useToolDoc<FunctionData>('FUNCTION', doc, emptyFunctionData, report);
  const plot = useRef<HTMLDivElement>(null);
  const [paramName, setParamName] = useState('');
  const [paramProblem, setParamProblem] = useState<string>();
  // By their names only: moving a slider changes the parameters' values, which needs no new compile.
  const nameList = data.params.map((p) => p.name).join(',');
  const names = useMemo(() => (nameList ? nameList.split(',') : []), [nameList]);
  const scope = useMemo(() => Object.fromEntries(data.params.map((p) => [p.name, p.value])), [data.params]);
  const compiled = useMemo(() => data.functions.map((f) => (formulaProblem(f.expr, names, locale) ? undefined : compileFormula(f.expr))), [data.functions, names, locale]);
  const points = useMemo(() => intersections(compiled, scope, data.view.x), [compiled, scope, data.view.x]);

  useEffect(() => {
    const target = plot.current;
    if (!target) return;
    target.replaceChildren();
    // Each formula as a function of the plot's scope (x), never as text function-plot would compile itself.
    const plotted = data.functions.flatMap((f, i) => {
      const fn = compiled[i];
      return fn ? [{ color: f.color, fn: ({ x }: { x?: number }) => fn.eval({ ...scope, x: x ?? 0 }) }] : [];
    });
    const chart = functionPlot({
      target,
      width: Math.max(320, target.clientWidth || 640),
      height: HEIGHT,
      grid: true,
      xAxis: { domain: [...data.view.x] },
      yAxis: { domain: [...data.view.y] },
      data: [
        ...plotted.map((f) => ({ fn: f.fn, color: f.color, graphType: 'polyline' as const })),
        ...(points.length ? [{ points: points.map((p) => [p.x, p.y]), fnType: 'points' as const, graphType: 'scatter' as const, color: INK }] : []),
      ],
    });
    // A zoom or drag ends as a new view in the document (once it settles, not at every wheel step).
    let timer: ReturnType<typeof setTimeout> | undefined;
    chart.on('all:zoom', () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const round = (r: number[]) => r.map((v) => Number(v.toPrecision(6))) as Range;
        update((d) => ({ ...d, view: { x: round(chart.meta.xScale!.domain()), y: round(chart.meta.yScale!.domain()) } }));
      }, 300);
    });
    return () => clearTimeout(timer);
  }, [data, compiled, scope, points, update]);

  useEffect(() => {
    handle?.({
      formats: ['svg', 'png', 'json'],
      async exportAs(format) {
        if (format === 'json') return jsonBlob(toDocument());
        const svg = plot.current?.querySelector('svg');
        if (!svg) throw new Error(tr(locale, '图像尚未绘制', 'The graph is not drawn yet'));
        if (format === 'svg') return svgBlob(svg);
        if (format === 'png') return pngFromSvg(svg);
        throw unsupportedExport(format);
      },
    });
  }, [handle, toDocument, locale]);

  const setView = (view: FunctionData['view']) => update((d) => ({ ...d, view }));
  const onPlotKey = (e: React.KeyboardEvent) => {
    const { x, y } = data.view;
    const moves: Record<string, () => void> = {
      ArrowLeft: () => setView({ x: panRange(x, -0.1), y }),
      ArrowRight: () => setView({ x: panRange(x, 0.1), y }),
      ArrowUp: () => setView({ x, y: panRange(y, 0.1) }),
      ArrowDown: () => setView({ x, y: panRange(y, -0.1) }),
      '+': () => setView({ x: zoomRange(x, 0.8), y: zoomRange(y, 0.8) }),
      '=': () => setView({ x: zoomRange(x, 0.8), y: zoomRange(y, 0.8) }),
      '-': () => setView({ x: zoomRange(x, 1.25), y: zoomRange(y, 1.25) }),
    };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      move();
    }
  };
  const addParam = () => {
    const name = paramName.trim();
    const problem = !/^[a-wzA-Z]$/.test(name) || name === 'e'
      ? tr(locale, '参数名应为一个字母（不能是 x、y、e）', 'A parameter name is one letter (not x, y or e)')
      : names.includes(name) ? tr(locale, `参数「${name}」已存在`, `Parameter "${name}" already exists`) : undefined;
    setParamProblem(problem);
    if (problem) return onError(problem);
    update((d) => ({ ...d, params: [...d.params, { name, value: 1, min: -10, max: 10, step: 0.1 }] }));
    setParamName('');
  };
  const label = (i: number) => `f${i + 1}`;

  return (
    <div className="fg" data-ds-root="ds-tool-FUNCTION" lang={locale}>
      <style>{css}</style>
      <div className="fg-side">
        <h3>{tr(locale, '函数', 'Functions')}</h3>
        <ul>
          {data.functions.map((f, i) => (
            <FunctionRow
              key={i}
              index={i}
              fn={f}
              params={names}
              readOnly={readOnly}
              locale={locale}
              onError={onError}
              onCommit={(expr) => update((d) => ({ ...d, functions: d.functions.map((g, j) => (j === i ? { ...g, expr } : g)) }))}
              onRemove={() => update((d) => ({ ...d, functions: d.functions.filter((_, j) => j !== i) }))}
            />
          ))}
        </ul>
        {!readOnly && (
          <button type="button" onClick={() => update((d) => ({ ...d, functions: [...d.functions, { expr: 'x', color: COLORS[d.functions.length % COLORS.length] ?? COLORS[0] }] }))}>
            {tr(locale, '＋ 添加函数', '+ Add function')}
          </button>
        )}
        <h3>{tr(locale, '参数', 'Parameters')}</h3>
        <ul>
          {data.params.map((p, i) => (
            <ParamSlider
              key={p.name}
              param={p}
              readOnly={readOnly}
              locale={locale}
              onValue={(value) => update((d) => ({ ...d, params: d.params.map((q, j) => (j === i ? { ...q, value } : q)) }))}
              onRemove={() => update((d) => ({ ...d, params: d.params.filter((_, j) => j !== i) }))}
            />
          ))}
        </ul>
        {!readOnly && (
          <div className="fg-add">
            <input aria-label={tr(locale, '新参数名', 'New parameter name')} value={paramName} maxLength={1} onChange={(e) => setParamName(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && addParam()} />
            <button type="button" onClick={addParam}>{tr(locale, '添加参数', 'Add parameter')}</button>
          </div>
        )}
        {paramProblem && <p role="alert" className="fg-error">{paramProblem}</p>}
        <div className="fg-zoom" role="group" aria-label={tr(locale, '缩放', 'Zoom')}>
          <button type="button" onClick={() => setView({ x: zoomRange(data.view.x, 0.8), y: zoomRange(data.view.y, 0.8) })}>{tr(locale, '放大', 'Zoom in')}</button>
          <button type="button" onClick={() => setView({ x: zoomRange(data.view.x, 1.25), y: zoomRange(data.view.y, 1.25) })}>{tr(locale, '缩小', 'Zoom out')}</button>
          <button type="button" onClick={() => setView(emptyFunctionData().view)}>{tr(locale, '复位', 'Reset')}</button>
        </div>
        <h3>{tr(locale, '交点', 'Intersections')}</h3>
        <ul className="fg-points" aria-live="polite">
          {points.length === 0 && <li>{tr(locale, '当前视窗内没有交点', 'No intersection in view')}</li>}
          {points.map((p) => (
            <li key={`${p.a}-${p.b}-${p.x}`}>{`${label(p.a)} ∩ ${label(p.b)}: (${coordinate(p.x)}, ${coordinate(p.y)})`}</li>
          ))}
        </ul>
      </div>
      <div
        ref={plot}
        className="fg-plot"
        tabIndex={0}
        role="img"
        aria-label={tr(locale, '函数图像：方向键平移，+/- 缩放', 'Function graph: arrow keys pan, +/- zoom')}
        onKeyDown={onPlotKey}
      />
    </div>
  );
}
