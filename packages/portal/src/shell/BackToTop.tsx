import { VerticalAlignTopOutlined } from '@ant-design/icons';
import { FloatButton } from 'antd';
import { AntdScope } from '../app/AntdRoot';
import { useT } from '../i18n/useT';

/** Appears once the page has been scrolled; keyboard users reach it as a labelled button. */
export default function BackToTop() {
  const t = useT();
  return (
    <AntdScope>
      <FloatButton.BackTop
        visibilityHeight={300}
        icon={<VerticalAlignTopOutlined />}
        aria-label={t('backTop')}
        tooltip={t('backTop')}
      />
    </AntdScope>
  );
}
