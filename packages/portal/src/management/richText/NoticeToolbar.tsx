/**
 * The formatting toolbar (WAI-ARIA toolbar pattern): one tab stop, arrow keys, Home and End move
 * between buttons, Esc returns to the text. Toggles say whether they are on (`aria-pressed`); a
 * button that does not apply where the caret is stays focusable and says so (`aria-disabled`).
 */
import {
  BoldOutlined,
  DeleteColumnOutlined,
  DeleteOutlined,
  DeleteRowOutlined,
  InsertRowBelowOutlined,
  InsertRowRightOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Fragment, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useT } from '../../i18n/useT';
import { TOOL_GROUPS, type ToolItem, type ToolKey } from './noticeToolbar';

export interface ToolState {
  active: boolean;
  enabled: boolean;
}

const ICONS: Record<ToolKey, ReactNode> = {
  heading2: 'H2',
  heading3: 'H3',
  heading4: 'H4',
  bold: <BoldOutlined />,
  italic: <ItalicOutlined />,
  underline: <UnderlineOutlined />,
  strike: <StrikethroughOutlined />,
  bulletList: <UnorderedListOutlined />,
  orderedList: <OrderedListOutlined />,
  blockquote: '“”',
  link: <LinkOutlined />,
  table: <TableOutlined />,
  addRowAfter: <InsertRowBelowOutlined />,
  addColumnAfter: <InsertRowRightOutlined />,
  deleteRow: <DeleteRowOutlined />,
  deleteColumn: <DeleteColumnOutlined />,
  deleteTable: <DeleteOutlined />,
  undo: <UndoOutlined />,
  redo: <RedoOutlined />,
};

// Where each group starts in the flat list of buttons (the order of `states`).
const STARTS = TOOL_GROUPS.map((_, g) => TOOL_GROUPS.slice(0, g).reduce((n, group) => n + group.length, 0));
const COUNT = TOOL_GROUPS.reduce((n, group) => n + group.length, 0);

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const shown = (shortcut: string) => (isMac ? shortcut.replace('Control', '⌘').replace('Alt', '⌥') : shortcut.replace('Control', 'Ctrl'));

export function NoticeToolbar({
  ref,
  label,
  states,
  onRun,
  onLeave,
}: {
  ref: Ref<HTMLDivElement>;
  label: string;
  states: readonly ToolState[];
  onRun: (item: ToolItem) => void;
  onLeave: () => void;
}) {
  const t = useT();
  const [current, setCurrent] = useState(0);

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const to = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: COUNT - 1 }[event.key];
    if (event.key === 'Escape') {
      event.preventDefault();
      onLeave();
      return;
    }
    if (to === undefined) return;
    event.preventDefault();
    const next = (to + COUNT) % COUNT;
    setCurrent(next);
    event.currentTarget.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };

  return (
    <div ref={ref} role="toolbar" aria-label={label} className="ds-rt-toolbar" onKeyDown={move}>
      {TOOL_GROUPS.map((group, g) => (
        <Fragment key={g}>
          {g > 0 ? <span className="ds-rt-sep" aria-hidden="true" /> : null}
          {group.map((item, i) => {
            const at = STARTS[g]! + i;
            const state = states[at] ?? { active: false, enabled: false };
            const name = t(item.label, item.params);
            return (
              <button
                key={item.key}
                type="button"
                className={state.active ? 'ds-rt-btn ds-rt-on' : 'ds-rt-btn'}
                tabIndex={at === current ? 0 : -1}
                aria-label={name}
                title={item.shortcut ? `${name} (${shown(item.shortcut)})` : name}
                aria-keyshortcuts={item.shortcut}
                aria-pressed={item.isActive ? state.active : undefined}
                aria-disabled={!state.enabled}
                // The caret stays in the text while a button is clicked.
                onMouseDown={(e) => e.preventDefault()}
                onFocus={() => setCurrent(at)}
                onClick={() => (state.enabled ? onRun(item) : undefined)}
              >
                {ICONS[item.key]}
              </button>
            );
          })}
        </Fragment>
      ))}
    </div>
  );
}
