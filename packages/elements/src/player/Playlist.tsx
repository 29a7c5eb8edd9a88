import { Thumbnail } from '../shared/Thumbnail.js';
import type { PlayerMessages } from './messages.js';
import type { VideoSource } from './playerTypes.js';

export interface PlaylistProps {
  id: string;
  hidden: boolean;
  sources: VideoSource[];
  current: number;
  messages: PlayerMessages;
  onChoose(index: number): void;
}

/** The lesson's videos (spec §3 playlist item: cover, title, description). */
export function Playlist({ id, hidden, sources, current, messages: m, onChoose }: PlaylistProps) {
  return (
    <nav id={id} hidden={hidden} className="ds-player__playlist" part="playlist" aria-label={m.playlist}>
      <ol className="ds-player__items">
        {sources.map((source, index) => (
          <li key={`${index}:${source.src}`}>
            <button
              type="button"
              className="ds-player__item"
              part="playlist-item"
              aria-current={index === current ? 'true' : undefined}
              onClick={() => onChoose(index)}
            >
              {source.coverImg ? <Thumbnail className="ds-player__thumb" src={source.coverImg} width={96} height={54} /> : null}
              <span className="ds-player__item-text">
                <span className="ds-player__item-title">{source.title || `${index + 1}`}</span>
                {source.desc ? <span className="ds-player__item-desc">{source.desc}</span> : null}
                {index === current ? <span className="ds-player__now">{m.nowPlaying}</span> : null}
              </span>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
