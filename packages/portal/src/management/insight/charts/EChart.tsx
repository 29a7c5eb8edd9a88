import { Alert, Button, Skeleton } from 'antd';
import type { EChartsType } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../i18n/useT';
import type { ChartOption } from './chartOptions';

type Setup = typeof import('./echartsSetup');
let setup: Promise<Setup> | null = null;

/** The chart library, fetched once; a failed fetch is asked again next time (offline at first use). */
function loadSetup(): Promise<Setup> {
  setup ??= import('./echartsSetup').catch((error: unknown) => {
    setup = null;
    throw error;
  });
  return setup;
}

type Status = 'loading' | 'ready' | 'failed';

export interface EChartProps {
  option: ChartOption;
  /** What the chart shows, for screen readers (the numbers are in the table beside it). */
  label: string;
  height?: number;
}

/**
 * One ECharts chart. The library is a lazy part (`echartsSetup.ts`): the screen and its tables render
 * at once, the chart follows; a part that cannot be fetched shows 重试 and is tried again when the
 * browser is back online. The host carries `data-rendered` once the chart has drawn (tests wait on it).
 */
export function EChart({ option, label, height = 320 }: EChartProps) {
  const t = useT();
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    let instance: EChartsType | null = null;
    let observer: ResizeObserver | null = null;
    loadSetup().then(
      ({ init }) => {
        const el = host.current;
        if (!alive || !el) return;
        instance = init(el, undefined, { renderer: 'canvas' });
        instance.on('finished', () => el.setAttribute('data-rendered', 'true'));
        chart.current = instance;
        observer = new ResizeObserver(() => instance?.resize());
        observer.observe(el);
        setStatus('ready');
      },
      () => {
        if (alive) setStatus('failed');
      },
    );
    return () => {
      alive = false;
      observer?.disconnect();
      instance?.dispose();
      chart.current = null;
    };
  }, [attempt]);

  useEffect(() => {
    if (status !== 'ready' || !chart.current) return;
    host.current?.removeAttribute('data-rendered');
    chart.current.setOption(option, { notMerge: true });
  }, [status, option]);

  useEffect(() => {
    if (status !== 'failed') return;
    const retry = () => {
      setStatus('loading');
      setAttempt((n) => n + 1);
    };
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [status]);

  return (
    <div className="ds-chart">
      <div ref={host} className="ds-chart-canvas" role="img" aria-label={label} style={{ height }} />
      {status === 'loading' ? (
        <div className="ds-chart-pending">
          <Skeleton active paragraph={{ rows: 4 }} />
        </div>
      ) : null}
      {status === 'failed' ? (
        <Alert
          className="ds-chart-pending"
          type="warning"
          showIcon
          title={t('ri.chart.loadFailed')}
          action={
            <Button
              onClick={() => {
                setStatus('loading');
                setAttempt((n) => n + 1);
              }}
            >
              {t('retry')}
            </Button>
          }
        />
      ) : null}
    </div>
  );
}
