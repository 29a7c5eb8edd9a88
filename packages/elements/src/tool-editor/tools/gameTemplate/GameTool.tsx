import { useCallback, useEffect } from 'react';
import type { ToolHandle, ToolProps } from '../../toolModule.js';
import { tr } from '../shared/i18n.js';
import { jsonBlob, useToolDoc } from '../shared/useToolDoc.js';
import { unsupportedExport } from '../shared/unsupportedExport.js';
import { emptyGameData, gameProblems, type GameData } from './gameDoc.js';
import { GameEditor } from './GameEditor.js';
import { MatchingPlay } from './MatchingPlay.js';
import { OrderingPlay } from './OrderingPlay.js';
import { QuizPlay } from './QuizPlay.js';
import css from './game.css?inline';

/** The game as students play it (also the teacher's live preview in edit mode). */
function Play({ data, locale }: { data: GameData; locale: ToolProps['locale'] }) {
  const problems = gameProblems(data, locale);
  if (problems.length) return <p className="gt-not-ready">{tr(locale, '游戏内容还不完整，老师填写完成后即可开始。', 'The game is not complete yet.')}</p>;
  // A changed content starts a new game (key), never a half-played old one.
  const key = JSON.stringify(data);
  if (data.kind === 'matching') return <MatchingPlay key={key} pairs={data.pairs} locale={locale} />;
  if (data.kind === 'ordering') return <OrderingPlay key={key} prompt={data.prompt} items={data.items} locale={locale} />;
  return <QuizPlay key={key} questions={data.questions} locale={locale} />;
}

/** Game templates: 连连看, 排序 and 选择题; the teacher fills a form, students play in view mode. */
export function GameTool({ doc, mode, onChange, locale, handle }: ToolProps & { handle?: (h: ToolHandle) => void }) {
  const readOnly = mode === 'view';
  const report = useCallback((d: Parameters<typeof onChange>[0]) => !readOnly && onChange(d), [readOnly, onChange]);
  const { data, update, toDocument } = useToolDoc<GameData>('gameTemplate', doc, emptyGameData, report);
  useEffect(() => {
    handle?.({
      formats: ['json'],
      async exportAs(format) {
        if (format === 'json') return jsonBlob(toDocument());
        throw unsupportedExport(format);
      },
    });
  }, [handle, toDocument]);
  return (
    <div className="gt" data-ds-root="ds-tool-gameTemplate" data-mode={mode} lang={locale}>
      <style>{css}</style>
      {!readOnly && <GameEditor data={data} update={update} locale={locale} />}
      <section className="gt-play" aria-label={readOnly ? data.title : tr(locale, '试玩预览', 'Try it')}>
        <h2>{data.title}</h2>
        <Play data={data} locale={locale} />
      </section>
    </div>
  );
}
