import { LOGO_KEY_PREFIX, SETTING_RULES, type SettingKey } from '@dscloud/sdk/settings';
import { Alert, App, Button, Card, Form, Input, Select, Spin, Switch } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useT, type TKey } from '../../i18n/useT';
import { useBootActions, useGlobalValue } from '../../platform/hooks';
import { usePortal } from '../../platform/PortalContext';
import { ImageCropField } from '../images/ImageCropField';
import { markServerError } from '../kit';
import { changedItems, fieldOfItem, keysToLoad, logoAreas, validateSetting, type SettingValues } from './settingsForm';
import './settings.css';

/** The sections of the screen and the keys in each, in order (labels come from the shared rules). */
const SECTIONS: ReadonlyArray<{ title: TKey; keys: readonly SettingKey[] }> = [
  { title: 'settings.section.footer', keys: ['common.platform.name', 'common.platform.nameEn', 'common.footer.copyright', 'common.footer.icp', 'common.footer.police'] },
  { title: 'settings.section.hotline', keys: ['common.hotline.account', 'common.hotline.usage', 'common.hotline.groupChat'] },
  {
    title: 'settings.section.login',
    keys: ['common.login.rememberPassword', 'common.login.forgotPasswordUrl', 'common.login.wechatAreaCodes', 'common.login.mode', 'common.login.url', 'common.message.showError'],
  },
  { title: 'settings.section.sso', keys: ['common.link.smartGrowth', 'common.link.smartManagement', 'common.link.virtualSimulation'] },
  { title: 'settings.section.ai', keys: ['common.ai.bureauId', 'common.ai.pageUrl'] },
  {
    title: 'settings.section.help',
    keys: ['common.help.wechatQr', 'common.help.wechatVideo', 'common.help.tvQr', 'common.help.tvVideo', 'common.help.centerUrl'],
  },
];

const LOGO = { width: 240, height: 64 };
const QR = { width: 240, height: 240 };

/** The control of one setting; Form.Item hands it `id`, `value`, `onChange` (and `checked` for switches), passed on as they are. */
function SettingInput({ name, ...control }: { name: SettingKey } & Record<string, unknown>) {
  const t = useT();
  const kind = SETTING_RULES[name].kind;
  if (kind === 'flag') return <Switch {...control} />;
  if (kind === 'loginMode') {
    return (
      <Select
        {...control}
        options={[
          { value: '', label: t('settings.mode.env') },
          { value: '0', label: t('settings.mode.platform') },
          { value: '1', label: t('settings.mode.external') },
        ]}
      />
    );
  }
  return <Input {...control} placeholder={kind === 'url' ? 'https://' : undefined} maxLength={SETTING_RULES[name].max} allowClear />;
}

/**
 * 平台设置 (city bureau only): footer, hotlines, login options, single sign-on targets, the AI
 * assistant and per-area logos, stored through `globalConfig/save`. Values are checked with the
 * server's own rules before sending; a refusal marks the field the server names. After a save the
 * portal reloads its configuration, so the footer of this very page shows the change.
 */
export default function SettingsScreen() {
  const t = useT();
  const { platform } = usePortal();
  const { reloadConfig } = useBootActions();
  const { message } = App.useApp();
  const [form] = Form.useForm<SettingValues>();
  const areaCode = useGlobalValue('common.platform.areaCode') || 'dsideal';
  const [loaded, setLoaded] = useState<SettingValues | null>(null);
  const [failed, setFailed] = useState('');
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const first = await platform.config.getValueByKeys(keysToLoad([areaCode]));
        const areas = logoAreas(areaCode, first['common.login.wechatAreaCodes'] ?? '');
        const values = areas.length > 1 ? await platform.config.getValueByKeys(keysToLoad(areas)) : first;
        const all = Object.fromEntries(keysToLoad(areas).map((key) => [key, values[key] ?? '']));
        if (live) {
          setLoaded(all);
          form.setFieldsValue(all);
          setFailed('');
        }
      } catch (error) {
        if (live) setFailed(error instanceof Error ? error.message : String(error));
      }
    })();
    return () => {
      live = false;
    };
  }, [platform, form, areaCode, attempt]);

  const areas = useMemo(() => (loaded ? Object.keys(loaded).filter((k) => k.startsWith(LOGO_KEY_PREFIX)).map((k) => k.slice(LOGO_KEY_PREFIX.length)) : []), [loaded]);

  const save = useCallback(
    async (edited: SettingValues) => {
      if (!loaded) return;
      const items = changedItems(loaded, edited);
      if (items.length === 0) {
        void message.info(t('settings.nothing'));
        return;
      }
      setSaving(true);
      try {
        await platform.http.post(platform.paths.base('/v1/globalConfig/save'), { items }, { silent: true });
        setLoaded({ ...loaded, ...Object.fromEntries(items.map((i) => [i.configKey, i.configValue])) });
        void message.success(t('kit.success'));
        // The page's own configuration (footer, login options) follows at once.
        platform.config.reset();
        reloadConfig();
      } catch (error) {
        if (!markServerError(form, error, (field) => fieldOfItem(items, field))) {
          void message.error(`${t('kit.failure')}：${error instanceof Error ? error.message : String(error)}`);
        }
      } finally {
        setSaving(false);
      }
    },
    [loaded, platform, form, message, t, reloadConfig],
  );

  if (failed) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('kit.loadFailed')}
        description={failed}
        action={<Button onClick={() => setAttempt((n) => n + 1)}>{t('retry')}</Button>}
      />
    );
  }
  if (!loaded) return <Spin aria-label={t('loading')} />;
  return (
    <div className="ds-settings">
      <h2 className="ds-mgmt-screen-title">{t('mgmt.settings')}</h2>
      <Form form={form} layout="vertical" onFinish={(values) => void save(values)} className="ds-settings-form">
        {SECTIONS.map((section) => (
          <Card key={section.title} title={t(section.title)} className="ds-settings-card">
            {section.keys.map((key) => {
              const flag = SETTING_RULES[key].kind === 'flag';
              return (
                <Form.Item
                  key={key}
                  name={[key]}
                  label={SETTING_RULES[key].label}
                  extra={<code className="ds-settings-key">{key}</code>}
                  rules={[{ validator: (_, value: unknown) => validateSetting(key, flag ? (value === true || value === '1' ? '1' : '0') : value) }]}
                  {...(flag
                    ? {
                        valuePropName: 'checked',
                        getValueProps: (value: unknown) => ({ checked: value === '1' || value === true }),
                        normalize: (value: unknown) => (value ? '1' : '0'),
                      }
                    : {})}
                >
                  {SETTING_RULES[key].kind === 'fileId' ? (
                    <HelpQrField settingKey={key} onUploaded={(id) => form.setFieldValue([key], id)} onBusy={setUploading} />
                  ) : (
                    <SettingInput name={key} />
                  )}
                </Form.Item>
              );
            })}
          </Card>
        ))}
        <Card title={t('settings.section.logo')} className="ds-settings-card">
          {areas.map((area) => {
            const key = `${LOGO_KEY_PREFIX}${area}`;
            return (
              <Form.Item key={key} name={[key]} label={t('settings.logoOf', { area })} extra={<code className="ds-settings-key">{key}</code>}>
                <LogoField area={area} onUploaded={(id) => form.setFieldValue([key], id)} onBusy={setUploading} />
              </Form.Item>
            );
          })}
        </Card>
        <div className="ds-settings-actions">
          <Button type="primary" htmlType="submit" loading={saving} disabled={uploading}>
            {t('settings.save')}
          </Button>
          <Button htmlType="button" onClick={() => form.setFieldsValue(loaded)}>
            {t('kit.reset')}
          </Button>
        </div>
      </Form>
    </div>
  );
}

/** An area's logo: shows the one served now and crops and uploads a new one. */
function LogoField({ area, onUploaded, onBusy }: { area: string; onUploaded: (id: string) => void; onBusy: (busy: boolean) => void }) {
  const t = useT();
  const { platform } = usePortal();
  return (
    <ImageCropField
      imageUrl={platform.http.url(`/static/platformLogo/${encodeURIComponent(area)}.png`)}
      width={LOGO.width}
      height={LOGO.height}
      type="image/png"
      label={t('settings.logoOf', { area })}
      onUploaded={onUploaded}
      onBusy={onBusy}
    />
  );
}

/** A QR code of the help widget (`common.help.*Qr`): shows the one served now and crops and uploads a new one. */
function HelpQrField({ settingKey, value, onUploaded, onBusy }: { settingKey: SettingKey; value?: string; onUploaded: (id: string) => void; onBusy: (busy: boolean) => void }) {
  const { platform } = usePortal();
  const item = settingKey.slice('common.help.'.length);
  return (
    <ImageCropField
      // Form.Item hands in the stored id; without one there is nothing to show yet.
      imageUrl={value ? platform.http.url(`/static/help/${item}`) : null}
      width={QR.width}
      height={QR.height}
      type="image/png"
      label={SETTING_RULES[settingKey].label}
      onUploaded={onUploaded}
      onBusy={onBusy}
    />
  );
}
