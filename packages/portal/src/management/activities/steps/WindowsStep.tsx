import type { ActivityWindows } from '@dscloud/sdk/activities';
import { DatePicker, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { useT, type TKey } from '../../../i18n/useT';
import { fromChinaPicker, toChinaPicker } from '../../../lessons/chinaPicker';
import { dateTime } from '../../../lessons/format';
import { WINDOW_NAMES, windowEditProblems, windowProblems, type WindowName, type WindowValue, type WindowsValue } from '../activityWindows';
import type { StepProps } from './stepProps';

const LABEL: Record<WindowName, TKey> = { signUp: 'actm.f.signUp', upload: 'actm.f.upload', audit: 'actm.f.audit' };

/** Every problem of the windows as the form holds them: their order, and for a published activity the extend-only rule. */
export function allWindowProblems(windows: WindowsValue, complete: boolean, saved: ActivityWindows | null, now: number) {
  return { ...windowProblems(windows, complete), ...(saved ? windowEditProblems(saved, windows, now) : {}) };
}

/**
 * 时间安排: the sign-up, upload and review windows in China time, checked in order as they are
 * entered. A published activity's windows may only be extended: a started window keeps its start.
 */
export function WindowsStep({ limits, saved, now }: StepProps & { saved: ActivityWindows | null; now: number }) {
  const t = useT();
  const form = Form.useFormInstance();
  const published = limits.windowsExtendOnly;
  return (
    <>
      <p className="ds-mgmt-muted">{t('actm.f.windowsHelp')}</p>
      {WINDOW_NAMES.map((w) => (
        <Form.Item
          key={w}
          name={['windows', w]}
          label={t(LABEL[w])}
          dependencies={WINDOW_NAMES.filter((o) => o !== w).map((o) => ['windows', o])}
          extra={limits.windowStartLocked[w] && !limits.readOnly ? t('actm.lock.started') : undefined}
          rules={[
            {
              validator: async () => {
                const rule = allWindowProblems(form.getFieldValue('windows') as WindowsValue, published, published ? saved : null, now)[w];
                if (!rule) return;
                const time = rule === 'startedMoved' ? saved?.[`${w}StartTime`] : rule === 'endMovedEarlier' ? saved?.[`${w}EndTime`] : null;
                throw new Error(t(`actm.win.${rule}`, { time: time ? dateTime(time) : '' }));
              },
            },
          ]}
        >
          <ChinaRangeField allowEmpty={!published} startLocked={limits.windowStartLocked[w]} readOnly={limits.readOnly} />
        </Form.Item>
      ))}
    </>
  );
}

interface RangeProps {
  id?: string;
  value?: WindowValue;
  onChange?: (value: WindowValue | undefined) => void;
  allowEmpty: boolean;
  startLocked: boolean;
  readOnly: boolean;
}

/** A window as a range picker in China time; the form keeps epoch milliseconds (either end may be empty in a draft). */
function ChinaRangeField({ id, value, onChange, allowEmpty, startLocked, readOnly }: RangeProps) {
  const t = useT();
  const shown = value ? ([value[0] === null ? null : toChinaPicker(value[0]), value[1] === null ? null : toChinaPicker(value[1])] as [Dayjs | null, Dayjs | null]) : null;
  return (
    // Enter confirms a typed time; it must not also submit the form around the picker.
    <span onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}>
      <DatePicker.RangePicker
        id={id}
        showTime={{ format: 'HH:mm' }}
        format="YYYY-MM-DD HH:mm"
        allowEmpty={[allowEmpty, allowEmpty]}
        disabled={[readOnly || startLocked, readOnly]}
        placeholder={[t('actm.f.start'), t('actm.f.end')]}
        value={shown}
        onChange={(range) => {
          const start = range?.[0] ? fromChinaPicker(range[0]) : null;
          const end = range?.[1] ? fromChinaPicker(range[1]) : null;
          onChange?.(start === null && end === null ? undefined : [start, end]);
        }}
      />
    </span>
  );
}
