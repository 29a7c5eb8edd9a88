import { VerticalAlignTopOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useT } from '../i18n/useT';

const SHOW_AFTER_PX = 300;

/**
 * Appears once the page has been scrolled; keyboard users reach it as a labelled button. Plain markup
 * in antd's float button look (`shell/shell.css`): the shell loads it on every page, home included,
 * and home loads no antd.
 */
export default function BackToTop() {
  const t = useT();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const update = () => setShown(window.scrollY > SHOW_AFTER_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  if (!shown) return null;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return (
    <button
      type="button"
      className="ds-back-top"
      aria-label={t('backTop')}
      title={t('backTop')}
      onClick={() => window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' })}
    >
      <VerticalAlignTopOutlined aria-hidden="true" />
    </button>
  );
}
