import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { HolderOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { createContext, useContext, useMemo, type CSSProperties, type HTMLAttributes } from 'react';

interface HandleContext {
  listeners: ReturnType<typeof useSortable>['listeners'];
  attributes: ReturnType<typeof useSortable>['attributes'];
  /** dnd-kit's setActivatorNodeRef, under a name the React Compiler does not take for a ref object. */
  attachHandle: (element: HTMLElement | null) => void;
  disabled: boolean;
}

const Handle = createContext<HandleContext | null>(null);

type RowProps = HTMLAttributes<HTMLTableRowElement> & { 'data-row-key'?: string };

/**
 * A table row that can be dragged by its handle (pointer, or keyboard: space, arrows, space). Rows
 * without a key (the table's hidden measuring row) stay plain rows, outside the drag.
 */
export function SortableRow(props: RowProps) {
  const id = props['data-row-key'];
  return id === undefined ? <tr {...props} /> : <KeyedRow {...props} id={id} />;
}

function KeyedRow({ id, ...props }: RowProps & { id: string }) {
  const disabled = props['aria-disabled'] === true;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  const style: CSSProperties = {
    ...props.style,
    transform: CSS.Translate.toString(transform),
    transition,
    ...(isDragging ? { position: 'relative', zIndex: 2 } : {}),
  };
  const context = useMemo(() => ({ listeners, attributes, attachHandle: setActivatorNodeRef, disabled }), [listeners, attributes, setActivatorNodeRef, disabled]);
  const { 'aria-disabled': _ignored, ...rest } = props;
  return (
    <Handle.Provider value={context}>
      <tr {...rest} ref={setNodeRef} style={style} />
    </Handle.Provider>
  );
}

/** The drag handle of the row it is in. */
export function DragHandle({ label }: { label: string }) {
  const context = useContext(Handle);
  if (!context || context.disabled) return null;
  // dnd-kit's handle props are a ref callback and event listeners, handed on, not refs read while
  // rendering; the compiler cannot tell them apart through the context.
  /* eslint-disable react-hooks/refs */
  return (
    <Button
      type="text"
      size="small"
      icon={<HolderOutlined />}
      ref={context.attachHandle}
      {...context.attributes}
      {...context.listeners}
      aria-label={label}
      style={{ cursor: 'move' }}
    />
  );
  /* eslint-enable react-hooks/refs */
}
