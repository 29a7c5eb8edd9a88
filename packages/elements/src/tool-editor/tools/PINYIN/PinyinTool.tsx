import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { ToolHandle, ToolProps } from '../../toolModule.js';
import { tr } from '../shared/i18n.js';
import { jsonBlob, useToolDoc } from '../shared/useToolDoc.js';
import { pngFromSvg, svgBlob } from '../shared/svgExport.js';
import { unsupportedExport } from '../shared/unsupportedExport.js';
import { keepOverrides, syllables } from '../shared/pinyinOf.js';
import { emptyPinyinData, type PinyinData } from './pinyinDoc.js';
import { pinyinTextSvg } from './pinyinSvg.js';
import { StrokePanel } from './StrokePanel.js';
import css from './pinyin.css?inline';

/** Pinyin with tones over a text, the teacher's reading for each 多音字, and stroke order per character. */
export function PinyinTool({ doc, mode, onChange, onError, locale, handle }: ToolProps & { handle?: (h: ToolHandle) => void }) {
  const readOnly = mode === 'view';
  const report = useCallback((d: Parameters<typeof onChange>[0]) => !readOnly && onChange(d), [readOnly, onChange]);
  const { data, update, toDocument } = useToolDoc<PinyinData>('PINYIN', doc, emptyPinyinData, report);
  const list = useMemo(() => syllables(data.text, data.overrides), [data.text, data.overrides]);
  const dictionaryList = useMemo(() => syllables(data.text), [data.text]);
  const firstHan = list.find((s) => s.pinyin)?.char;
  const [picked, setPicked] = useState<string>();
  const strokeChar = picked && data.text.includes(picked) ? picked : firstHan;
  const textId = useId();

  useEffect(() => {
    handle?.({
      formats: ['svg', 'png', 'json'],
      async exportAs(format) {
        if (format === 'json') return jsonBlob(toDocument());
        const svg = pinyinTextSvg(syllables((toDocument().data as PinyinData).text, (toDocument().data as PinyinData).overrides));
        if (format === 'svg') return svgBlob(svg);
        if (format === 'png') return pngFromSvg(svg, 1);
        throw unsupportedExport(format);
      },
    });
  }, [handle, toDocument]);

  const setReading = (index: number, reading: string, dictionary: string) =>
    update((d) => {
      const overrides = { ...d.overrides };
      if (reading === dictionary) delete overrides[String(index)];
      else overrides[String(index)] = reading;
      return { ...d, overrides };
    });

  return (
    <div className="py" data-ds-root="ds-tool-PINYIN" lang="zh-CN">
      <style>{css}</style>
      <div>
        {!readOnly && (
          <>
            <label htmlFor={textId}>{tr(locale, '课文或生字（自动标注拼音）', 'Text or characters (pinyin added automatically)')}</label>
            <textarea
              id={textId}
              value={data.text}
              maxLength={2000}
              onChange={(e) => {
                const text = e.target.value;
                update((d) => ({ text, overrides: keepOverrides(d.text, text, d.overrides) }));
              }}
            />
          </>
        )}
        <div className="py-line" aria-label={tr(locale, '拼音标注', 'Pinyin')}>
          {list.map((s, i) => {
            if (!s.pinyin) return <span key={i} className="py-cell"><span className="py-reading" /> {s.char}</span>;
            const dictionary = dictionaryList[i]?.pinyin ?? s.pinyin;
            return (
              <span key={i} className="py-cell" data-overridden={s.overridden || undefined}>
                {!readOnly && s.readings.length > 1 ? (
                  <select aria-label={tr(locale, `「${s.char}」的读音（多音字）`, `Reading of "${s.char}" (several readings)`)} value={s.pinyin} onChange={(e) => setReading(i, e.target.value, dictionary)}>
                    {s.readings.map((r) => <option key={r} value={r}>{r}</option>)}
                  </select>
                ) : (
                  <span className="py-reading">{s.pinyin}</span>
                )}
                <button type="button" className="py-char" aria-pressed={s.char === strokeChar} aria-label={tr(locale, `${s.char}（${s.pinyin}），看笔顺`, `${s.char} (${s.pinyin}), show strokes`)} onClick={() => setPicked(s.char)}>
                  {s.char}
                </button>
              </span>
            );
          })}
        </div>
      </div>
      {strokeChar ? <StrokePanel char={strokeChar} locale={locale} onError={onError} /> : <p>{tr(locale, '输入汉字后可看笔顺', 'Type characters to see their strokes')}</p>}
    </div>
  );
}
