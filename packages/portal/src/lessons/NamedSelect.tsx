import { Select, type SelectProps } from 'antd';
import { useEffect, useId, useState } from 'react';

/**
 * An antd Select whose option list carries the field's name as well as its combobox. antd names only
 * the combobox; its popup list (role listbox, id `<select id>_list`) has no name of its own, so a
 * screen reader entering the list, or the list still showing while it closes, is announced nameless.
 */
export function NamedSelect<V>(props: SelectProps<V> & { 'aria-label': string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const label = props['aria-label'];
  useEffect(() => {
    if (!open) return undefined;
    // The list mounts with the popup: name it now and once more after the popup's first frame.
    const name = () => document.getElementById(`${id}_list`)?.setAttribute('aria-label', label);
    name();
    const frame = requestAnimationFrame(name);
    return () => cancelAnimationFrame(frame);
  }, [open, id, label, props.options]);
  return (
    <Select<V>
      {...props}
      id={id}
      onOpenChange={(next) => {
        setOpen(next);
        props.onOpenChange?.(next);
      }}
    />
  );
}
