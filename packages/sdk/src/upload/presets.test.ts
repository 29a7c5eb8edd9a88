import { describe, expect, it, vi } from 'vitest';
import { toolSavePreset } from './presets.js';
import { createHarness, randomFile } from './testing/uploaderHarness.js';

// Loading the WebAssembly hash engine and mp4box costs seconds on a busy CI machine.
vi.setConfig({ testTimeout: 30_000 });

describe('tool save preset', () => {
  it('takes one file of up to 2048 MB with three retries per chunk', async () => {
    const preset = toolSavePreset({ apiBase: 'https://yx.example.edu.cn', rules: { allowedExtensions: 'zip', maxCount: 9 } });
    expect(preset.rules).toMatchObject({ maxCount: 1, maxFileSize: '2048mb' });
    expect(preset.retryDelays).toHaveLength(3);

    const { uploader } = createHarness({ rules: preset.rules, retryDelays: preset.retryDelays });
    const { accepted, notices } = uploader.add([randomFile(100, 'a.zip'), randomFile(100, 'b.zip')]);
    expect(accepted).toHaveLength(1);
    expect(notices[0]?.messageZh).toBe('已达到最大上传数量');
    await uploader.idle();
  });
});
