import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Table, Tag } from 'antd';
import { useRef, useState } from 'react';
import type { ImportReport, TeachersApi } from '../../api/teachers';
import { useT } from '../../i18n/useT';
import { refuseFile, viewOf } from './importReport';

type Phase = { kind: 'idle' } | { kind: 'busy' } | { kind: 'error'; message: string } | { kind: 'report'; report: ImportReport };

/**
 * 批量导入: download the template, upload the filled file, read the server's per-row report. The
 * server imports the whole file or nothing; the dialog shows every problem when it refused.
 */
export function ImportDialog({ api, open, onClose, onImported }: { api: TeachersApi; open: boolean; onClose: () => void; onImported: () => void }) {
  const t = useT();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const input = useRef<HTMLInputElement>(null);

  const download = async () => {
    try {
      const { blob, fileName } = await api.template();
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = fileName ?? '教师批量导入模板.xlsx';
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      setPhase({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const refusal = refuseFile(file);
    if (refusal) {
      setPhase({ kind: 'error', message: t(refusal.key, refusal) });
      return;
    }
    setPhase({ kind: 'busy' });
    try {
      const report = await api.importExcel(file);
      setPhase({ kind: 'report', report });
      if (report.imported) onImported();
    } catch (error) {
      setPhase({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const close = () => {
    setPhase({ kind: 'idle' });
    onClose();
  };
  const view = phase.kind === 'report' ? viewOf(phase.report) : null;

  return (
    <Modal title={t('tea.import.title')} open={open} onCancel={close} footer={<Button onClick={close}>{t('kit.cancel')}</Button>} width={760} destroyOnHidden>
      <p>{t('tea.import.step1')}</p>
      <Button icon={<DownloadOutlined />} onClick={() => void download()}>
        {t('tea.import.template')}
      </Button>
      <p className="ds-tea-import-step">{t('tea.import.step2')}</p>
      <input
        ref={input}
        type="file"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        aria-label={t('tea.import.pick')}
        className="ds-visually-hidden"
        onChange={(event) => void upload(event.target.files?.[0])}
      />
      <Button type="primary" icon={<UploadOutlined />} loading={phase.kind === 'busy'} onClick={() => input.current?.click()}>
        {t('tea.import.pick')}
      </Button>

      {phase.kind === 'error' ? <Alert className="ds-tea-import-result" type="error" showIcon title={t('tea.import.failed')} description={phase.message} /> : null}
      {view?.kind === 'imported' ? (
        <>
          <Alert className="ds-tea-import-result" type="success" showIcon title={t('tea.import.done', { n: view.importedCount })} />
          <Table
            aria-label={t('tea.import.imported')}
            size="small"
            rowKey="row"
            pagination={false}
            scroll={{ y: 240 }}
            dataSource={phase.kind === 'report' ? phase.report.rows : []}
            columns={[
              { title: t('tea.import.row'), dataIndex: 'row', width: 80 },
              { title: t('tea.import.name'), dataIndex: 'name' },
              { title: t('tea.import.status'), dataIndex: 'status', render: () => <Tag color="green">{t('tea.import.status.imported')}</Tag> },
            ]}
          />
        </>
      ) : null}
      {view?.kind === 'refused' ? (
        <>
          <Alert className="ds-tea-import-result" type="error" showIcon title={t('tea.import.refused', { problems: view.problemCount, rows: view.refusedRows })} />
          <Table
            aria-label={t('tea.import.problems')}
            size="small"
            rowKey="key"
            pagination={false}
            scroll={{ y: 320 }}
            dataSource={view.problems}
            columns={[
              { title: t('tea.import.row'), dataIndex: 'row', width: 80 },
              { title: t('tea.import.column'), dataIndex: 'column', width: 110 },
              { title: t('tea.import.reason'), dataIndex: 'reason' },
            ]}
          />
        </>
      ) : null}
    </Modal>
  );
}
