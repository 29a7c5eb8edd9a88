import { expect } from 'chai';
import { fromOutline, toOutline } from './outline.js';

describe('mind map Markdown outline', () => {
  const map = { topic: '分数', children: [{ topic: '认识分数', children: [{ topic: '几分之一', children: [] }] }, { topic: '分数的计算', children: [] }] };

  it('writes the root as a heading and nodes as indented items, and reads them back', () => {
    const text = toOutline(map);
    expect(text).to.equal('# 分数\n- 认识分数\n  - 几分之一\n- 分数的计算\n');
    expect(fromOutline(text)).to.deep.equal(map);
  });

  it('reads deeper headings as levels and any list marker', () => {
    const tree = fromOutline('# 分数\n## 认识分数\n1. 几分之一\n## 分数的计算\n* 同分母加法\n');
    expect(tree).to.deep.equal({
      topic: '分数',
      children: [
        { topic: '认识分数', children: [{ topic: '几分之一', children: [] }] },
        { topic: '分数的计算', children: [{ topic: '同分母加法', children: [] }] },
      ],
    });
  });

  it('gives nothing for text without headings or items', () => {
    expect(fromOutline('只是一段文字')).to.equal(undefined);
  });
});
