import type { OccupancyNode } from '@dscloud/sdk/activities';
import { Button, Checkbox, Empty, Input, Progress, Tag } from 'antd';
import { toneClass } from './tone';
import { useMemo, useState } from 'react';
import { useT, type TKey } from '../i18n/useT';
import { filterTree, isLeaf, mineCount, nodeBlock, occupancyTotals, type ClaimGate } from './nodeTree';

interface PickerProps {
  tree: OccupancyNode[];
  /** Whether nodes can be claimed now (window open and signed up). */
  gate: ClaimGate;
  /** The activity's `nodesPerTeacher`. */
  perTeacher: number;
  busy: boolean;
  onClaim: (nodes: OccupancyNode[]) => void;
}

function NodeRow({ node, gate, left, ticked, onToggle }: { node: OccupancyNode; gate: ClaimGate; left: number; ticked: Set<string>; onToggle: (node: OccupancyNode) => void }) {
  const t = useT();
  const isTicked = ticked.has(node.nodeId);
  const block = nodeBlock(node, gate, left, isTicked);
  const reasonId = `act-node-${node.nodeId}-state`;
  const percent = node.limit ? Math.round((Math.min(node.taken, node.limit) / node.limit) * 100) : 100;
  const children = (
    <ul className="ds-act-node-children">
      {node.children.map((child) => (
        <NodeRow key={child.nodeId} node={child} gate={gate} left={left} ticked={ticked} onToggle={onToggle} />
      ))}
    </ul>
  );
  if (!isLeaf(node)) {
    return (
      <li>
        <div className="ds-act-node ds-act-node--group">{node.name}</div>
        {children}
      </li>
    );
  }
  return (
    <li>
      <div className={`ds-act-node${block === 'full' ? ' ds-act-node--full' : ''}`} data-node-id={node.nodeId}>
        <Checkbox checked={isTicked || node.mine} disabled={block !== null} onChange={() => onToggle(node)} aria-describedby={reasonId}>
          {node.name}
        </Checkbox>
        <span id={reasonId} className="ds-act-node-state">
          <Progress
            className="ds-act-node-bar"
            percent={percent}
            showInfo={false}
            size="small"
            status={node.taken >= node.limit ? 'exception' : 'normal'}
            aria-hidden
          />
          <span>{t('act.signUp.occupancy', { taken: node.taken, limit: node.limit })}</span>
          {block ? <Tag className={toneClass(block === 'mine' ? 'green' : block === 'full' ? 'red' : 'default')}>{t(`act.signUp.block.${block}` as TKey)}</Tag> : null}
        </span>
      </div>
    </li>
  );
}

/**
 * The scope's node tree with each node's occupancy (taken / limit, a bar, 已满 in red) and a checkbox;
 * a node that cannot be ticked says why next to it. Ticking stops at the teacher's remaining places.
 */
export function NodePicker({ tree, gate, perTeacher, busy, onClaim }: PickerProps) {
  const t = useT();
  const [keyword, setKeyword] = useState('');
  const [ticked, setTicked] = useState<Map<string, OccupancyNode>>(new Map());
  const shown = useMemo(() => filterTree(tree, keyword), [tree, keyword]);
  const totals = useMemo(() => occupancyTotals(tree), [tree]);
  const mine = mineCount(tree);
  const left = Math.max(0, perTeacher - mine - ticked.size);
  const toggle = (node: OccupancyNode) =>
    setTicked((current) => {
      const next = new Map(current);
      if (next.has(node.nodeId)) next.delete(node.nodeId);
      else next.set(node.nodeId, node);
      return next;
    });
  const tickedIds = new Set(ticked.keys());

  if (!tree.length) return <Empty description={<span className="ds-empty-text">{t('act.signUp.emptyTree')}</span>} />;
  return (
    <div className="ds-act-picker">
      <p className="ds-act-muted">{t('act.signUp.nodesHint')}</p>
      <div className="ds-toolbar">
        <Input.Search aria-label={t('act.signUp.searchNodes')} placeholder={t('act.signUp.searchNodes')} allowClear onSearch={setKeyword} onChange={(e) => setKeyword(e.target.value)} className="ds-act-search" />
        <span className="ds-act-muted" aria-live="polite">
          {t('act.signUp.totals', { nodes: totals.nodes, full: totals.full, free: totals.freePlaces })} · {t('act.signUp.left', { mine, left: Math.max(0, perTeacher - mine) })}
        </span>
      </div>
      <ul className="ds-act-tree" aria-label={t('act.signUp.nodes')} tabIndex={0}>
        {shown.map((node) => (
          <NodeRow key={node.nodeId} node={node} gate={gate} left={left} ticked={tickedIds} onToggle={toggle} />
        ))}
      </ul>
      {gate === 'open' ? (
        <div className="ds-act-actions">
          <Button type="primary" disabled={ticked.size === 0} loading={busy} onClick={() => onClaim([...ticked.values()])}>
            {t('act.signUp.claim', { n: ticked.size })}
          </Button>
          {ticked.size ? <Button onClick={() => setTicked(new Map())}>{t('act.confirm.cancel')}</Button> : null}
        </div>
      ) : null}
    </div>
  );
}
