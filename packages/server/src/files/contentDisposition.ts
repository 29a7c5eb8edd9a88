/**
 * `Content-Disposition` per RFC 6266: an ASCII `filename` for old clients and `filename*=UTF-8''…`
 * for the real (often Chinese) name. The stored name is metadata only; here it is cleaned of
 * anything that could break the header or suggest a path.
 */
export function cleanFileName(name: string): string {
  // Control characters are exactly what this removes.
  // eslint-disable-next-line no-control-regex
  const cleaned = name.replace(/[\u0000-\u001f\u007f]/g, '').replace(/[\\/]/g, '_').trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'file' : cleaned;
}

const encodeExt = (value: string) => encodeURIComponent(value).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const clean = cleanFileName(name);
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeExt(clean)}`;
}
