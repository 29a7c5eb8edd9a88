import { GlobalOutlined } from '@ant-design/icons';
import { localeStore } from '../i18n/localeStore';
import { useLocale, useT } from '../i18n/useT';

/** 中文 / English: one button naming the language it switches to. */
export function LanguageSwitch() {
  const t = useT();
  const locale = useLocale();
  const next = locale === 'en' ? 'zh-CN' : 'en';
  return (
    <button
      type="button"
      className="ds-button ds-button-text"
      lang={next === 'en' ? 'en' : 'zh-CN'}
      aria-label={`${t('lang.label')}：${t('lang.switch')}`}
      onClick={() => localeStore.set(next)}
    >
      <GlobalOutlined aria-hidden="true" />
      <span className="ds-lang-text">{t('lang.switch')}</span>
    </button>
  );
}
