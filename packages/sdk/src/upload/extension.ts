/**
 * The extension a file is judged on: the last dot-separated part of the name, lower-case, after the
 * trailing dots and spaces that Windows ignores are dropped (`'课件.PPTX '` → `'pptx'`,
 * `'a.tar.GZ'` → `'gz'`, `'README'` → `''`).
 */
export function normaliseExtension(fileName: string): string {
  const name = stripTrailing(baseName(fileName));
  const dot = name.lastIndexOf('.');
  // A leading dot names a hidden file, not an extension (as Node's path.extname has it).
  if (dot <= 0) return '';
  return name.slice(dot + 1).trim().toLowerCase();
}

/** The name without its (last) extension, as counted by the 200-character rule. */
export function nameWithoutExtension(fileName: string): string {
  const name = stripTrailing(baseName(fileName));
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** Counts characters as people see them (a CJK character or an emoji is one), not UTF-16 units. */
export function characterCount(text: string): number {
  return Array.from(text).length;
}

/** Accepts `'jpg,png'`, `'.jpg; .PNG'` or a list, and returns clean lower-case extensions. */
export function normaliseExtensionList(value: string | readonly string[]): string[] {
  const items = typeof value === 'string' ? value.split(/[\s,;|]+/) : value;
  return [...new Set(items.map((item) => item.trim().replace(/^\*?\./, '').toLowerCase()).filter(Boolean))];
}

function baseName(fileName: string): string {
  const slash = Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\'));
  return slash >= 0 ? fileName.slice(slash + 1) : fileName;
}

function stripTrailing(name: string): string {
  return name.replace(/[.\s]+$/, '');
}
