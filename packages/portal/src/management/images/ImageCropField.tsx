import { Button, Modal, Slider, Space } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import 'react-easy-crop/react-easy-crop.css';
import { useT } from '../../i18n/useT';
import { usePortal } from '../../platform/PortalContext';
import { cropImage } from './cropImage';
import { IMAGE_EXTENSIONS, uploadImage } from './uploadImage';

export interface ImageCropFieldProps {
  /** The image shown now (a stored image's address), if any. */
  imageUrl?: string | null;
  /** The size the picture is stored at (the banner: 1920 × 430); the crop keeps its proportions. */
  width: number;
  height: number;
  /** The accessible name of the file chooser. */
  label: string;
  /** Called with the stored image's file id once the cropped picture is uploaded. */
  onUploaded: (fileInfoId: string) => void;
  /** Told while an upload runs, so a form can wait for it. */
  onBusy?: (busy: boolean) => void;
  type?: 'image/jpeg' | 'image/png';
}

/**
 * Choose a picture, crop it in the browser to the stored proportions (drag, zoom by wheel, slider or
 * keyboard), see the result, and upload it through the SDK's upload engine. Nothing leaves the browser
 * before the user confirms the crop.
 */
export function ImageCropField({ imageUrl, width, height, label, onUploaded, onBusy, type = 'image/jpeg' }: ImageCropFieldProps) {
  const t = useT();
  const { platform } = usePortal();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<{ url: string; name: string } | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'uploading' | 'failed'>('idle');
  const [problem, setProblem] = useState('');

  useEffect(() => () => void (source && URL.revokeObjectURL(source.url)), [source]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    setSource({ url: URL.createObjectURL(file), name: file.name });
    // The crop area is known once the cropper has loaded the picture; until then there is nothing to crop.
    setArea(null);
    setCrop({ x: 0, y: 0 });
    setZoom(1);
  };

  const confirm = async () => {
    if (!source || !area) return;
    const name = source.name.replace(/\.[^.]+$/, '') + (type === 'image/png' ? '.png' : '.jpg');
    setState('uploading');
    onBusy?.(true);
    try {
      const blob = await cropImage(source.url, area, width, height, type);
      setPreview(URL.createObjectURL(blob));
      setSource(null);
      onUploaded(await uploadImage(platform, blob, name));
      setState('idle');
      setProblem('');
    } catch (error) {
      setState('failed');
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      onBusy?.(false);
      if (input.current) input.current.value = '';
    }
  };

  const shown = preview ?? imageUrl ?? null;
  return (
    <div className="ds-crop-field">
      {shown ? (
        <img className="ds-crop-preview" src={shown} alt={t('crop.preview')} style={{ aspectRatio: `${width} / ${height}` }} />
      ) : (
        <div className="ds-crop-preview ds-crop-empty" style={{ aspectRatio: `${width} / ${height}` }}>
          {t('crop.none')}
        </div>
      )}
      <Space wrap>
        <label className="ant-btn ant-btn-default ds-crop-choose" htmlFor={inputId}>
          {t('crop.choose')}
        </label>
        <input
          ref={input}
          id={inputId}
          className="ds-visually-hidden"
          type="file"
          aria-label={label}
          accept={IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',')}
          onChange={(event) => choose(event.target.files?.[0])}
        />
        <span className="ds-mgmt-muted">{t('crop.hint', { width, height })}</span>
      </Space>
      <div aria-live="polite" className={state === 'failed' ? 'ds-crop-error' : 'ds-mgmt-muted'}>
        {state === 'uploading' ? t('crop.uploading') : state === 'failed' ? `${t('crop.failed')}：${problem}` : ''}
      </div>
      <Modal
        open={source !== null}
        title={t('crop.title')}
        okText={t('crop.confirm')}
        cancelText={t('kit.cancel')}
        onOk={() => void confirm()}
        okButtonProps={{ disabled: area === null }}
        onCancel={() => setSource(null)}
        width={720}
        destroyOnHidden
      >
        <div className="ds-crop-stage">
          {source ? (
            <Cropper
              image={source.url}
              crop={crop}
              zoom={zoom}
              aspect={width / height}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
              keyboardStep={10}
              disableAutomaticStylesInjection
            />
          ) : null}
        </div>
        <label className="ds-crop-zoom">
          <span>{t('crop.zoom')}</span>
          <Slider min={1} max={4} step={0.05} value={zoom} onChange={setZoom} aria-label={t('crop.zoom')} style={{ flex: 1 }} />
        </label>
        <Button type="link" onClick={() => setZoom(1)}>
          {t('crop.reset')}
        </Button>
      </Modal>
    </div>
  );
}
