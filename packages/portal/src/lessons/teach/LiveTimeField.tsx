import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useT } from '../../i18n/useT';

type Range = readonly [number, number];

/** A live lesson's start and end as one range picker; the form keeps epoch milliseconds. */
export function LiveTimeField({ id, value, onChange }: { id?: string; value?: Range; onChange?: (value: Range | undefined) => void }) {
  const t = useT();
  return (
    <DatePicker.RangePicker
      id={id}
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      placeholder={[t('teach.liveStart'), t('teach.liveEnd')]}
      value={value ? [dayjs(value[0]), dayjs(value[1])] : null}
      onChange={(range: [Dayjs | null, Dayjs | null] | null) =>
        onChange?.(range?.[0] && range[1] ? [range[0].startOf('minute').valueOf(), range[1].startOf('minute').valueOf()] : undefined)
      }
    />
  );
}
