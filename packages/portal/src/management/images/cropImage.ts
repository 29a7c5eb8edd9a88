/** The pixels of `area` of an image, scaled to `width` × `height`, as a JPEG (banners) or PNG (logos). */
export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

export async function cropImage(src: string, area: PixelArea, width: number, height: number, type: 'image/jpeg' | 'image/png'): Promise<Blob> {
  const image = await new Promise<HTMLImageElement>((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('图片无法读取'));
    img.src = src;
  });
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('浏览器不支持图片裁剪');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, width, height);
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('图片裁剪失败'))), type, 1),
  );
}
