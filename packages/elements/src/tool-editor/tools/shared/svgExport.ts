import { PAPER } from './documentPalette.js';

/** An SVG element as a standalone .svg file (namespaces and size set, so other programs open it). */
export function svgBlob(svg: SVGSVGElement): Blob {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('xmlns:xlink', 'http://www.w3.org/1999/xlink');
  const box = svg.getBoundingClientRect();
  if (!copy.getAttribute('width') && box.width) copy.setAttribute('width', String(Math.round(box.width)));
  if (!copy.getAttribute('height') && box.height) copy.setAttribute('height', String(Math.round(box.height)));
  return new Blob([new XMLSerializer().serializeToString(copy)], { type: 'image/svg+xml' });
}

/** The SVG drawn on a white canvas at `scale` and encoded as PNG. */
export async function pngFromSvg(svg: SVGSVGElement, scale = 2): Promise<Blob> {
  const file = svgBlob(svg);
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
    canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = PAPER;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG 编码失败'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}
