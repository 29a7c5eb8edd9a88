import { describe, expect, it } from 'vitest';
import { enumOf, valueOf } from './enum.js';
import { FileCategories, resourceKindOf } from './files.js';
import { HomeworkTypes } from './homework.js';
import { Stages } from './stages.js';
import { ApplyStatuses } from './statuses.js';
import { subjectColor, Subjects, subjectsOfStage } from './subjects.js';

describe('code tables', () => {
  it('throws "No enum constant" for unknown values and accepts string or number', () => {
    expect(Stages.valueOf('2').label).toBe('小学');
    expect(Stages.valueOf(4).labelEn).toBe('Senior high school');
    expect(() => Stages.valueOf(5)).toThrow('No enum constant Stage.5');
    expect(Stages.find(5)).toBeUndefined();
    expect(() => valueOf('Colour', { a: 1 }, 'b')).toThrow('No enum constant Colour.b');
    expect(valueOf('Colour', { a: 1 }, 'a')).toBe(1);
  });

  it('keeps tables frozen', () => {
    const table = enumOf('T', [{ value: 1, label: '一', labelEn: 'one' }]);
    expect(() => {
      (table.entries[0] as { label: string }).label = '二';
    }).toThrow(TypeError);
  });

  it('has Chinese, maths and English in every school stage with a hex colour', () => {
    for (const stage of [2, 3, 4]) {
      const names = subjectsOfStage(stage).map((s) => s.label);
      expect(names).toEqual(expect.arrayContaining(['语文', '数学', '英语']));
    }
    expect(Subjects.valueOf(213).label).toBe('语文');
    expect(Subjects.valueOf(241).stage).toBe(2);
    for (const subject of Subjects.entries) expect(subject.color).toMatch(/^#[0-9a-f]{6}$/);
    expect(subjectColor(314)).toBe(subjectColor(214));
    expect(subjectColor(12345)).toBe('#8c8c8c');
  });

  it('names file categories, resource kinds, apply statuses and the eleven homework types', () => {
    expect(FileCategories.entries.map((c) => c.value)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(resourceKindOf('第一课.MP4')).toBe('video');
    expect(resourceKindOf('sb3')).toBe('scratch');
    expect(resourceKindOf('readme')).toBe('other');
    expect(ApplyStatuses.label(2)).toBe('无需处理');
    expect(HomeworkTypes.entries).toHaveLength(11);
    expect(HomeworkTypes.label(11)).toBe('听写关卡');
  });
});
