import { Button, Form } from 'antd';
import { useT } from '../../i18n/useT';

/**
 * The 查询 / 重置 tail of a back-office filter form (inside its antd `Form`): 查询 submits the form,
 * 重置 does what the screen says (usually empties the fields and the filters in the address).
 */
export function SearchButtons({ onReset }: { onReset: () => void }) {
  const t = useT();
  return (
    <>
      <Form.Item>
        <Button type="primary" htmlType="submit">
          {t('kit.search')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button htmlType="button" onClick={onReset}>
          {t('kit.reset')}
        </Button>
      </Form.Item>
    </>
  );
}
