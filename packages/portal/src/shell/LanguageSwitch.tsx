import { GlobalOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { localeStore } from '../i18n/localeStore';
import { useLocale, useT } from '../i18n/useT';

/** 中文 / English: one button naming the language it switches to. */
export function LanguageSwitch() {
  const t = useT();
  const locale = useLocale();
  const next = locale === 'en' ? 'zh-CN' : 'en';
  return (
    <Button
      type="text"
      icon={<GlobalOutlined />}
      lang={next === 'en' ? 'en' : 'zh-CN'}
      aria-label={`${t('lang.label')}：${t('lang.switch')}`}
      onClick={() => localeStore.set(next)}
    >
      <span className="ds-lang-text">{t('lang.switch')}</span>
    </Button>
  );
}
