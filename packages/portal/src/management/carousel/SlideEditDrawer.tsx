import { App, Button, Drawer, Form, Input, Select, Space, Switch } from 'antd';
import { useEffect, useState } from 'react';
import type { ManageCarouselApi, ManagedSlide, SlideInput, SlideTarget, SlideVisibility } from '../../api/manageCarousel';
import { useT } from '../../i18n/useT';
import { usePortal } from '../../platform/PortalContext';
import { ImageCropField } from '../images/ImageCropField';
import { markServerError } from '../kit';

interface SlideForm {
  title: string;
  subtitle: string;
  titleEn: string;
  subtitleEn: string;
  imageFileId: string | null;
  target: { type: 'none' | 'route' | 'url' | 'external'; path?: string; url?: string; key?: string };
  visibility: SlideVisibility;
  enabled: boolean;
}

const BANNER = { width: 1920, height: 430 };
/** English words: no Chinese characters (CJK ideographs and full-width punctuation). */
const NO_CHINESE = /^[^\u3000-\u303f\u3400-\u9fff\uff00-\uffef]*$/;

function toInput(values: SlideForm, slide: ManagedSlide | null): SlideInput {
  const t = values.target;
  const target: SlideTarget =
    t.type === 'route' ? { type: 'route', path: (t.path ?? '').trim() } : t.type === 'url' ? { type: 'url', url: (t.url ?? '').trim() } : t.type === 'external' ? { type: 'external', key: t.key ?? '' } : { type: 'none' };
  return {
    ...(slide ? { carouselImageId: slide.carouselImageId } : {}),
    title: values.title.trim(),
    subtitle: (values.subtitle ?? '').trim(),
    titleEn: (values.titleEn ?? '').trim(),
    subtitleEn: (values.subtitleEn ?? '').trim(),
    ...(values.imageFileId && values.imageFileId !== slide?.imageFileId ? { imageFileId: values.imageFileId } : {}),
    target,
    visibility: values.visibility,
    enabled: values.enabled ? 1 : 0,
  };
}

/**
 * New and edit in one drawer: the picture (cropped to 1920 × 430 in the browser, with a preview, then
 * uploaded), title, link and who sees it. A refused save marks the field the server names.
 */
export function SlideEditDrawer({ api, slide, open, onClose, onSaved }: { api: ManageCarouselApi; slide: ManagedSlide | null; open: boolean; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const { platform } = usePortal();
  const { message } = App.useApp();
  const [form] = Form.useForm<SlideForm>();
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const targetType = Form.useWatch(['target', 'type'], form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      title: slide?.title ?? '',
      subtitle: slide?.subtitle ?? '',
      titleEn: slide?.titleEn ?? '',
      subtitleEn: slide?.subtitleEn ?? '',
      imageFileId: slide?.imageFileId ?? (slide?.imageUrl ? 'kept' : null),
      target: slide?.target ?? { type: 'none' },
      visibility: slide?.visibility ?? 'all',
      enabled: slide ? slide.enabled === 1 : true,
    });
  }, [open, slide, form]);

  const save = async (values: SlideForm) => {
    setSaving(true);
    try {
      const input = toInput(values, slide);
      if (input.imageFileId === 'kept') delete input.imageFileId;
      await api.save(input);
      void message.success(t('kit.success'));
      onSaved();
    } catch (error) {
      if (!markServerError(form, error, (field) => (field === 'imageUrl' ? ['imageFileId'] : field.split('.')))) {
        void message.error(`${t('kit.failure')}：${error instanceof Error ? error.message : String(error)}`);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size="large"
      title={t(slide ? 'lbt.form.edit' : 'lbt.form.new')}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('kit.cancel')}</Button>
          <Button type="primary" loading={saving} disabled={uploading} onClick={() => form.submit()}>
            {t('lbt.form.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" onFinish={(values) => void save(values)}>
        <Form.Item name="imageFileId" label={t('lbt.form.image')} rules={[{ required: true, message: t('lbt.form.imageRequired') }]}>
          <ImageCropField
            imageUrl={slide?.imageUrl ? platform.http.url(slide.imageUrl) : null}
            width={BANNER.width}
            height={BANNER.height}
            label={t('lbt.form.image')}
            onUploaded={(id) => {
              form.setFieldValue('imageFileId', id);
              void form.validateFields(['imageFileId']);
            }}
            onBusy={setUploading}
          />
        </Form.Item>
        <Form.Item name="title" label={t('lbt.form.title')} rules={[{ required: true, whitespace: true, message: t('lbt.form.titleRequired') }]}>
          <Input maxLength={50} showCount />
        </Form.Item>
        <Form.Item name="subtitle" label={t('lbt.form.subtitle')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="titleEn" label={t('lbt.form.titleEn')} extra={t('lbt.form.enHelp')} rules={[{ pattern: NO_CHINESE, message: t('lbt.form.enRule') }]}>
          <Input maxLength={100} showCount lang="en" />
        </Form.Item>
        <Form.Item name="subtitleEn" label={t('lbt.form.subtitleEn')} rules={[{ pattern: NO_CHINESE, message: t('lbt.form.enRule') }]}>
          <Input maxLength={300} lang="en" />
        </Form.Item>
        <Form.Item name={['target', 'type']} label={t('lbt.form.targetType')}>
          <Select
            options={(['none', 'route', 'url', 'external'] as const).map((type) => ({ value: type, label: t(`lbt.target.${type}`) }))}
            disabled={targetType === 'external'}
          />
        </Form.Item>
        {targetType === 'route' ? (
          <Form.Item name={['target', 'path']} label={t('lbt.form.path')} rules={[{ required: true, pattern: /^\/\S*$/, message: t('lbt.form.pathRule') }]}>
            <Input placeholder="/learn" maxLength={500} />
          </Form.Item>
        ) : null}
        {targetType === 'url' ? (
          <Form.Item name={['target', 'url']} label={t('lbt.form.url')} rules={[{ required: true, pattern: /^https?:\/\/\S+$/, message: t('lbt.form.urlRule') }]}>
            <Input placeholder="https://" maxLength={1000} />
          </Form.Item>
        ) : null}
        <Form.Item name={['target', 'key']} hidden>
          <Input />
        </Form.Item>
        <Form.Item name="visibility" label={t('lbt.form.visibility')}>
          <Select options={(['all', 'loggedIn', 'loggedInNotStudent'] as const).map((v) => ({ value: v, label: t(`lbt.visibility.${v}`) }))} />
        </Form.Item>
        <Form.Item name="enabled" label={t('lbt.form.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
