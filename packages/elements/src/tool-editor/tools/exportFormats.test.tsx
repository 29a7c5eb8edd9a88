// Every tool lists the formats its exportAs makes (the editor's 导出 menu offers exactly these), and makes each.
import { expect } from 'chai';
import type { ExportFormat, ToolModule } from '../toolModule.js';
import functionTool from './FUNCTION/index.js';
import pinyinTool from './PINYIN/index.js';
import fltgTool from './FLTG/index.js';
import gameTool from './gameTemplate/index.js';
import whiteboardTool from './whiteboard/index.js';
import { mountTool, type MountedTool } from './shared/toolTestKit.js';
import { waitFor } from '../../test/waitFor.js';

const MIME: Record<ExportFormat, string> = { png: 'image/png', svg: 'image/svg+xml', json: 'application/json', md: 'text/markdown' };

const cases: [ToolModule, ExportFormat[]][] = [
  [functionTool, ['svg', 'png', 'json']],
  [pinyinTool, ['svg', 'png', 'json']],
  [fltgTool, ['svg', 'png', 'json']],
  [gameTool, ['json']],
  [whiteboardTool, ['svg', 'png', 'json']],
];

describe('tool export formats', () => {
  let tool: MountedTool | undefined;
  afterEach(() => tool?.unmount());

  for (const [module, formats] of cases) {
    it(`${module.id}: lists ${formats.join(', ')} and exports each with its type`, async function () {
      this.timeout(20_000);
      tool = mountTool(module);
      const handle = await waitFor(() => tool!.handle(), { timeout: 15_000, message: 'the tool handle' });
      expect(handle.formats).to.deep.equal(formats);
      for (const format of formats) {
        // A drawing tool draws after its first render: ask until it can.
        const blob = await waitFor(() => handle.exportAs!(format), { timeout: 15_000, message: `${format} export` });
        expect(blob.type, format).to.equal(MIME[format]);
        expect(blob.size, format).to.be.greaterThan(0);
      }
    });
  }
});
