import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { fromChinaPicker, toChinaPicker } from '../chinaPicker';
import { useT } from '../../i18n/useT';

type Range = readonly [number, number];

/** A live lesson's start and end (China time) as one range picker; the form keeps epoch milliseconds. */
export function LiveTimeField({ id, value, onChange }: { id?: string; value?: Range; onChange?: (value: Range | undefined) => void }) {
  const t = useT();
  return (
    // Enter confirms a typed time; it must not also submit the form around the picker.
    <span onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}>
      <DatePicker.RangePicker
        id={id}
        showTime={{ format: 'HH:mm' }}
        format="YYYY-MM-DD HH:mm"
        placeholder={[t('teach.liveStart'), t('teach.liveEnd')]}
        value={value ? [toChinaPicker(value[0]), toChinaPicker(value[1])] : null}
        onChange={(range: [Dayjs | null, Dayjs | null] | null) =>
          onChange?.(range?.[0] && range[1] ? [fromChinaPicker(range[0]), fromChinaPicker(range[1])] : undefined)
        }
      />
    </span>
  );
}
