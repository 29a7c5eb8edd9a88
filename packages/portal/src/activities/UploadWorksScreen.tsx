import { activityPhase, PackageItems, WorkSubmitStatus, type ActivityDetail, type ActivityWork, type PackageItemCode } from '@dscloud/sdk/activities';
import { Alert, App, Button, Form, Input, Modal, Skeleton, Spin } from 'antd';
import { useCallback, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { SignUpNode } from '@dscloud/sdk/activities';
import { markServerError } from '../forms/serverFieldError';
import { useLocale, useT, type TKey } from '../i18n/useT';
import { LoadFailed } from '../lessons/LoadFailed';
import { useAsync } from '../lessons/useAsync';
import { Placeholder } from '../screens/Placeholder';
import { PhaseCountdown, PhaseTag } from './ActivityParts';
import { errorText, notFoundAsNull } from './errorText';
import { FormatReviewResult } from './FormatReviewResult';
import { PackageItemField, type PackageFile } from './PackageItemField';
import { activityPaths } from './paths';
import { nodeLabel } from './phaseView';
import { TeacherGate } from './TeacherGate';
import { useActivitiesApi } from './useActivitiesApi';
import { useNow } from './useNow';
import { editOpen, isReturned, missingRequired, submitBlock } from './workPackage';
import './activities.css';

type Files = Partial<Record<PackageItemCode, PackageFile[]>>;

function filesOf(work: ActivityWork | null): Files {
  const out: Files = {};
  for (const f of work?.items ?? []) (out[f.item] ??= []).push({ fileId: f.fileId, fileName: f.fileName });
  return out;
}

function PackageForm({ detail, node, initial }: { detail: ActivityDetail; node: SignUpNode; initial: ActivityWork | null }) {
  const t = useT();
  const en = useLocale() === 'en';
  const api = useActivitiesApi();
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const { message } = App.useApp();
  const [modal, holder] = Modal.useModal();
  const now = useNow();
  const [form] = Form.useForm<{ title: string; description: string }>();
  const [work, setWork] = useState<ActivityWork | null>(initial);
  const [files, setFiles] = useState<Files>(() => filesOf(initial));
  const [busyItems, setBusyItems] = useState<Set<number>>(new Set());
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState('');
  const [itemErrors, setItemErrors] = useState<Partial<Record<number, string>>>({});
  const info = activityPhase(detail, now);
  const uploading = busyItems.size > 0;
  const onBusyChange = useCallback(
    (item: number, busy: boolean) =>
      setBusyItems((current) => {
        if (busy === current.has(item)) return current;
        const next = new Set(current);
        if (busy) next.add(item);
        else next.delete(item);
        return next;
      }),
    [],
  );
  const itemName = (item: number) => {
    const entry = PackageItems.find(item);
    return entry ? (en ? entry.labelEn : entry.label) : String(item);
  };
  const setItemFiles = (item: PackageItemCode, update: (list: PackageFile[]) => PackageFile[]) => {
    setFiles((current) => ({ ...current, [item]: update(current[item] ?? []) }));
    setItemErrors((current) => ({ ...current, [item]: undefined }));
    setDirty(true);
  };
  const items = detail.packageTemplate.flatMap((tpl) => (files[tpl.item] ?? []).map((f) => ({ item: tpl.item, fileId: f.fileId })));

  const save = async (values: { title: string; description: string }) => {
    const missing = missingRequired(detail.packageTemplate, items);
    if (missing.length) {
      setItemErrors(Object.fromEntries(missing.map((m) => [m, t('act.upload.missing', { items: itemName(m) })])));
      setFailure(t('act.upload.missing', { items: missing.map(itemName).join('、') }));
      return;
    }
    setSaving(true);
    setFailure('');
    try {
      const saved = await api.saveWork({
        ...(work ? { lessonId: work.lessonId, version: work.version } : {}),
        signUpNodeId: node.signUpNodeId,
        title: values.title.trim(),
        description: values.description?.trim() ?? '',
        items,
      });
      setWork(saved);
      setFiles(filesOf(saved));
      setDirty(false);
      void message.success(t('act.upload.saved'));
      if (!work) setParams({ activityId: detail.activityId, signUpNodeId: node.signUpNodeId, lessonId: saved.lessonId }, { replace: true, preventScrollReset: true });
    } catch (error) {
      if (!markServerError(form, error, (field) => (field === 'title' || field === 'description' ? [field] : null))) setFailure(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  // A returned work is edited and submitted again in the upload or the audit window.
  const open = editOpen(work, info);
  const returned = work !== null && isReturned(work);
  const block = work ? submitBlock(work, detail.packageTemplate, detail.rules, open) : 'notReviewed';
  const canSubmit = work !== null && (work.submitStatus === WorkSubmitStatus.DRAFT || returned) && block === null && !dirty && !uploading && !saving;
  const submit = () => {
    if (!work) return;
    modal.confirm({
      title: t('act.manage.submitConfirm', { title: work.title }),
      okText: t('act.confirm.ok'),
      cancelText: t('act.confirm.cancel'),
      onOk: async () => {
        try {
          await api.setSubmitStatus(work.lessonId, WorkSubmitStatus.SUBMITTED);
          void message.success(t('act.manage.submitted', { title: work.title }));
          void navigate(activityPaths.manage(detail.activityId));
        } catch (error) {
          setFailure(t('act.failed', { message: errorText(error) }));
        }
      },
    });
  };

  return (
    <>
      {holder}
      <div className="ds-act-tags">
        <Link to={activityPaths.manage(detail.activityId)}>{detail.name}</Link>
        <PhaseTag phase={info.phase} />
        <PhaseCountdown phase={info.phase} endsAt={info.endsAt} now={now} long />
      </div>
      <p>{t('act.manage.node', { name: nodeLabel(node) })}</p>
      {!open ? <Alert type="warning" showIcon title={t('act.upload.block.closed')} className="ds-act-alert" /> : null}
      {returned ? <Alert type="info" showIcon title={t('rv.teacher.returned')} className="ds-act-alert" /> : null}
      <Spin spinning={saving} description={t('act.upload.saving')}>
        <Form
          form={form}
          layout="vertical"
          className="ds-act-form"
          initialValues={{ title: initial?.title ?? '', description: initial?.description ?? '' }}
          onValuesChange={() => setDirty(true)}
          onFinish={(values) => void save(values)}
        >
          <Form.Item name="title" label={t('act.upload.title')} rules={[{ required: true, whitespace: true, message: t('act.upload.titleRequired') }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="description" label={t('act.upload.description')}>
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
          <h2 className="ds-act-subtitle">{t('act.upload.items')}</h2>
          {detail.packageTemplate.map((tpl) => (
            <PackageItemField
              key={tpl.item}
              template={tpl}
              files={files[tpl.item] ?? []}
              onChange={(update) => setItemFiles(tpl.item, update)}
              onBusyChange={onBusyChange}
              error={itemErrors[tpl.item]}
            />
          ))}
          {failure ? <Alert type="error" showIcon title={failure} className="ds-act-alert" role="alert" /> : null}
          {uploading ? <p className="ds-act-muted" aria-live="polite">{t('act.upload.busy')}</p> : null}
          <div className="ds-act-actions">
            <Button type="primary" htmlType="submit" loading={saving} disabled={uploading || !open}>
              {t('act.upload.save')}
            </Button>
            <Button onClick={() => void navigate(activityPaths.manage(detail.activityId))}>{t('act.upload.backToManage')}</Button>
          </div>
        </Form>
      </Spin>
      {work?.formatReview && !dirty ? <FormatReviewResult review={work.formatReview} rules={detail.rules} /> : null}
      <div className="ds-act-actions ds-act-submit">
        <Button type="primary" size="large" disabled={!canSubmit} onClick={submit} aria-describedby={block ? 'act-submit-block' : undefined}>
          {returned ? t('rv.teacher.resubmit') : t('act.upload.submit')}
        </Button>
        {block && (work || dirty) ? (
          <span id="act-submit-block" className="ds-act-muted">
            {t(`act.upload.block.${block}` as TKey)}
          </span>
        ) : null}
      </div>
    </>
  );
}

function UploadBody() {
  const t = useT();
  const api = useActivitiesApi();
  const [params] = useSearchParams();
  const activityId = params.get('activityId') ?? '';
  const signUpNodeId = params.get('signUpNodeId') ?? '';
  const loaded = useAsync(
    () => Promise.all([api.detail(activityId).catch(notFoundAsNull), signUpNodeId ? api.nodeInfo(signUpNodeId).catch(notFoundAsNull) : Promise.resolve(null)]),
    [api, activityId, signUpNodeId],
  );
  if (loaded.status === 'failed' && !loaded.data) return <LoadFailed message={loaded.message} onRetry={loaded.reload} />;
  if (!loaded.data) return <Skeleton active />;
  const [detail, node] = loaded.data;
  if (!detail || !node) return <Placeholder status="404" title={t('screen.uploadWorks')} subTitle={t(detail ? 'act.upload.noNode' : 'act.detail.notFound')} />;
  return <PackageForm detail={detail} node={node} initial={node.work} />;
}

/** 上传作品: the package form (title, description, one uploader per template item), the format review, submit. */
export default function UploadWorksScreen() {
  const t = useT();
  return (
    <div className="ds-act">
      <h1 className="ds-screen-title">{t('screen.uploadWorks')}</h1>
      <TeacherGate title={t('screen.uploadWorks')}>
        <UploadBody />
      </TeacherGate>
    </div>
  );
}
