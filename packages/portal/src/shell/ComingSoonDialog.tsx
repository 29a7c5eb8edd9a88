import { InfoCircleFilled } from '@ant-design/icons';
import { Modal } from 'antd';
import { AntdScope } from '../app/AntdRoot';
import { useT } from '../i18n/useT';

/** 敬请期待 for a header entry whose screen is not built yet: a lazy part, loaded on the first click. */
export default function ComingSoonDialog({
  open,
  title,
  onClose,
  afterClose,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Once it has gone (closing transition over): the opener says where keyboard focus goes back to. */
  afterClose?: () => void;
}) {
  const t = useT();
  return (
    <AntdScope>
      <Modal
        open={open}
        title={
          <span className="ds-coming-soon-title">
            <InfoCircleFilled aria-hidden="true" /> {title}
          </span>
        }
        onOk={onClose}
        onCancel={onClose}
        // Called when the opening or closing transition ends (antd 6 gives `afterClose` only to its closable).
        afterOpenChange={(shown) => {
          if (!shown) afterClose?.();
        }}
        width={416}
        // One button, worded by antd's locale (确定 / OK), as antd's info dialog has.
        footer={(_, { OkBtn }) => <OkBtn />}
      >
        {t('page.comingSoon')}
      </Modal>
    </AntdScope>
  );
}
