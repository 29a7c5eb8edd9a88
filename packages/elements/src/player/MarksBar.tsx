import type { ResourceMark } from '@dscloud/sdk/lessons';
import { formatTime } from './messages.js';
import type { MarksMessages } from './marksMessages.js';

export interface MarksBarProps {
  marks: ResourceMark[];
  /** Seconds; 0 while unknown (the marks then sit in time order without positions). */
  duration: number;
  messages: MarksMessages;
  onSeek(mark: ResourceMark): void;
}

/**
 * The video's key points on a time line under the video: one button per mark at its moment, reached
 * with Tab in time order, read as "00:08 导入，跳到此处"; pressing one seeks there.
 */
export function MarksBar({ marks, duration, messages: m, onSeek }: MarksBarProps) {
  if (!marks.length) return null;
  return (
    <ol className={`ds-player__marks${duration > 0 ? '' : ' ds-player__marks--flow'}`} part="marks" aria-label={m.marks}>
      {marks.map((mark) => {
        const at = duration > 0 ? Math.min(100, (mark.markTime / duration) * 100) : null;
        const time = formatTime(mark.markTime);
        return (
          <li key={mark.markId} className="ds-player__mark-slot" style={at === null ? undefined : { left: `${at}%` }}>
            <button type="button" className="ds-player__mark" part="mark" aria-label={m.markAt(time, mark.title)} title={`${time} ${mark.title}`} onClick={() => onSeek(mark)}>
              <span className="ds-player__mark-dot" aria-hidden="true" />
              <span className="ds-player__mark-title" aria-hidden="true">{mark.title}</span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
