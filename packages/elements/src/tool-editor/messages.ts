import { normalizeLocale, type Locale } from '@dscloud/sdk/i18n';

export type Lang = Locale;
export const toLang = (lang?: string | null): Lang => normalizeLocale(lang ?? undefined);

const text = {
  'zh-CN': {
    toolbar: '工具栏',
    save: '保存',
    saving: '正在保存…',
    saved: '已保存',
    unsaved: '有未保存的修改',
    export: '导出',
    exportAs: (f: string) => `导出为 ${f.toUpperCase()}`,
    undo: '撤销',
    redo: '重做',
    title: '标题',
    untitled: (tool: string) => `未命名${tool}`,
    loading: '正在加载…',
    unavailable: '该工具暂不可用',
    unknownTool: (value: string) => `tool 属性「${value}」无效`,
    openFailed: '文档加载失败',
    retry: '重试',
    conflictTitle: '该文档已在其他页面修改',
    conflictBody: (when: string) => `该文档已在其他页面修改（${when}），你的修改尚未保存。请选择：`,
    reloadTheirs: '加载对方的版本',
    keepMine: '保留我的，另存为副本',
    copySuffix: '（副本）',
    draftFound: (when: string) => `发现 ${when} 未保存的草稿，是否恢复？`,
    restoreDraft: '恢复草稿',
    discardDraft: '丢弃草稿',
    leaveWarning: '有未保存的修改，确定离开吗？',
    viewOnly: '只读',
  },
  en: {
    toolbar: 'Toolbar',
    save: 'Save',
    saving: 'Saving…',
    saved: 'Saved',
    unsaved: 'Unsaved changes',
    export: 'Export',
    exportAs: (f: string) => `Export as ${f.toUpperCase()}`,
    undo: 'Undo',
    redo: 'Redo',
    title: 'Title',
    untitled: (tool: string) => `Untitled ${tool.toLowerCase()}`,
    loading: 'Loading…',
    unavailable: 'This tool is not available yet',
    unknownTool: (value: string) => `Invalid tool attribute "${value}"`,
    openFailed: 'The document could not be loaded',
    retry: 'Retry',
    conflictTitle: 'Changed on another page',
    conflictBody: (when: string) => `This document was changed on another page (${when}) and your changes are not saved. Choose:`,
    reloadTheirs: 'Load their version',
    keepMine: 'Keep mine as a copy',
    copySuffix: ' (copy)',
    draftFound: (when: string) => `An unsaved draft from ${when} was found. Restore it?`,
    restoreDraft: 'Restore draft',
    discardDraft: 'Discard draft',
    leaveWarning: 'You have unsaved changes. Leave anyway?',
    viewOnly: 'Read only',
  },
};

export type ToolEditorMessages = (typeof text)['zh-CN'];
export const toolEditorMessages = (lang: Lang): ToolEditorMessages => text[lang];

/** China time, as every time the platform shows. */
export const timeText = (ms: number, lang: Lang) =>
  new Date(ms).toLocaleString(lang === 'en' ? 'en-GB' : 'zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });
