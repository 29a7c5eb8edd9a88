/** The error for an export format a tool does not offer. */
export const unsupportedExport = (format: string): Error => new Error(`此工具不支持导出为 ${format.toUpperCase()}`);
