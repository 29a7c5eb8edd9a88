import { useCallback, useEffect, useId, useMemo } from 'react';
import type { ToolHandle, ToolProps } from '../../toolModule.js';
import { tr } from '../shared/i18n.js';
import { jsonBlob, useToolDoc } from '../shared/useToolDoc.js';
import { pngFromSvg, svgBlob } from '../shared/svgExport.js';
import { unsupportedExport } from '../shared/unsupportedExport.js';
import { keepOverrides, syllables } from '../shared/pinyinOf.js';
import { emptyFltgData, type FltgData, type GridKind } from './fltgDoc.js';
import { PAGE, practiceSheetPages, printDocument } from './practiceSheet.js';
import css from './fltg.css?inline';
import { PAPER } from '../shared/documentPalette.js';

/** All pages stacked in one SVG (for the SVG and PNG exports). */
function stacked(pages: string[]): SVGSVGElement {
  const inner = pages.map((p, i) => p.replace('<svg ', `<svg y="${i * PAGE.height}" `).replace(/ width="[^"]+" height="[^"]+"/, ` width="${PAGE.width}" height="${PAGE.height}"`)).join('');
  const markup = `<svg xmlns="http://www.w3.org/2000/svg" width="${PAGE.width * 4}" height="${PAGE.height * 4 * pages.length}" viewBox="0 0 ${PAGE.width} ${PAGE.height * pages.length}"><rect width="100%" height="100%" fill="${PAPER}"/>${inner}</svg>`;
  return new DOMParser().parseFromString(markup, 'image/svg+xml').documentElement as unknown as SVGSVGElement;
}

/** Prints the sheet from a hidden frame holding only the pages, so the host page never shows on paper. */
function print(html: string) {
  const frame = document.createElement('iframe');
  frame.style.cssText = 'position: fixed; width: 0; height: 0; border: 0;';
  frame.srcdoc = html;
  frame.onload = () => {
    frame.contentWindow?.print();
    setTimeout(() => frame.remove(), 1000);
  };
  document.body.append(frame);
}

/** Printable handwriting sheets: 四线三格 for pinyin over 田字格/米字格, generated from a list of characters. */
export function FltgTool({ doc, mode, onChange, locale, handle }: ToolProps & { handle?: (h: ToolHandle) => void }) {
  const readOnly = mode === 'view';
  const report = useCallback((d: Parameters<typeof onChange>[0]) => !readOnly && onChange(d), [readOnly, onChange]);
  const { data, update, toDocument } = useToolDoc<FltgData>('FLTG', doc, emptyFltgData, report);
  const list = useMemo(() => syllables(data.chars, data.overrides), [data.chars, data.overrides]);
  const dictionary = useMemo(() => syllables(data.chars), [data.chars]);
  const pages = useMemo(() => practiceSheetPages(data.title, list, data.grid, data.traces), [data.title, list, data.grid, data.traces]);
  const ids = { title: useId(), chars: useId(), traces: useId() };

  useEffect(() => {
    handle?.({
      formats: ['svg', 'png', 'json'],
      async exportAs(format) {
        if (format === 'json') return jsonBlob(toDocument());
        if (format === 'svg') return svgBlob(stacked(pages));
        if (format === 'png') return pngFromSvg(stacked(pages), 1);
        throw unsupportedExport(format);
      },
    });
  }, [handle, toDocument, pages]);

  const set = (patch: Partial<FltgData>) => update((d) => ({ ...d, ...patch }));
  const setReading = (i: number, reading: string) =>
    update((d) => {
      const overrides = { ...d.overrides };
      if (reading === dictionary[i]?.pinyin) delete overrides[String(i)];
      else overrides[String(i)] = reading;
      return { ...d, overrides };
    });
  const polyphones = list.map((s, i) => ({ s, i })).filter(({ s }) => s.readings.length > 1);

  return (
    <div className="fl" data-ds-root="ds-tool-FLTG" lang="zh-CN">
      <style>{css}</style>
      <form onSubmit={(e) => e.preventDefault()} aria-label={tr(locale, '练习纸设置', 'Sheet settings')}>
        <label htmlFor={ids.title}>{tr(locale, '标题', 'Title')}</label>
        <input id={ids.title} type="text" value={data.title} readOnly={readOnly} maxLength={60} onChange={(e) => set({ title: e.target.value })} />
        <label htmlFor={ids.chars}>{tr(locale, '生字表（每个汉字一行练习）', 'Characters (one practice row each)')}</label>
        <textarea id={ids.chars} value={data.chars} readOnly={readOnly} maxLength={500} onChange={(e) => update((d) => ({ ...d, chars: e.target.value, overrides: keepOverrides(d.chars, e.target.value, d.overrides) }))} />
        <fieldset disabled={readOnly}>
          <legend>{tr(locale, '格子', 'Grid')}</legend>
          {(['tian', 'mi'] as GridKind[]).map((g) => (
            <label key={g}>
              <input type="radio" name="grid" checked={data.grid === g} onChange={() => set({ grid: g })} />
              {g === 'tian' ? tr(locale, '田字格', 'Tian grid') : tr(locale, '米字格', 'Mi grid')}
            </label>
          ))}
        </fieldset>
        <label htmlFor={ids.traces}>{tr(locale, '描红个数（0–9）', 'Grey copies to trace (0–9)')}</label>
        <input id={ids.traces} type="number" min={0} max={9} value={data.traces} readOnly={readOnly} onChange={(e) => set({ traces: Math.max(0, Math.min(9, Math.round(Number(e.target.value) || 0))) })} />
        {polyphones.length > 0 && (
          <fieldset disabled={readOnly}>
            <legend>{tr(locale, '多音字读音', 'Readings of 多音字')}</legend>
            <div className="fl-readings">
              {polyphones.map(({ s, i }) => (
                <label key={i}>
                  {s.char}{' '}
                  <select value={s.pinyin} onChange={(e) => setReading(i, e.target.value)} aria-label={tr(locale, `「${s.char}」的读音`, `Reading of "${s.char}"`)}>
                    {s.readings.map((r) => <option key={r}>{r}</option>)}
                  </select>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <button type="button" onClick={() => print(printDocument(data.title, pages))}>{tr(locale, '打印（A4）', 'Print (A4)')}</button>
      </form>
      <div className="fl-preview" role="region" aria-label={tr(locale, '练习纸预览', 'Sheet preview')} tabIndex={0}>
        {pages.map((p, i) => (
          <div key={i} className="page" dangerouslySetInnerHTML={{ __html: p }} />
        ))}
      </div>
    </div>
  );
}
