import { Button, Input } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef } from 'react';
import { useT } from '../../i18n/useT';
import { insertTemplate } from './rubric';

export const OPINION_MAX = 2000;

/** The opinion, with the activity's templates as buttons that put their text at the caret. */
export function OpinionField({ id, value, onChange, templates, invalid, describedBy }: { id: string; value: string; onChange: (v: string) => void; templates: readonly string[]; invalid?: boolean; describedBy?: string }) {
  const t = useT();
  const ref = useRef<TextAreaRef>(null);
  return (
    <div className="ds-rv-opinion">
      <label htmlFor={id} className="ds-rv-label">
        {t('rv.opinion')}
      </label>
      {templates.length ? (
        <div className="ds-rv-templates" role="group" aria-label={t('rv.templates')}>
          {templates.map((text, i) => (
            <Button
              key={i}
              size="small"
              aria-label={t('rv.insert', { text })}
              onClick={() => {
                const area = ref.current?.resizableTextArea?.textArea;
                onChange(insertTemplate(value, text, area ? area.selectionStart : value.length));
                area?.focus();
              }}
            >
              {text.length > 24 ? `${text.slice(0, 24)}…` : text}
            </Button>
          ))}
        </div>
      ) : null}
      <Input.TextArea
        id={id}
        ref={ref}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoSize={{ minRows: 3, maxRows: 8 }}
        maxLength={OPINION_MAX}
        showCount
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      />
    </div>
  );
}
