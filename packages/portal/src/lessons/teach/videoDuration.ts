/**
 * A video's length in seconds, read from the file's own metadata by the browser (no upload, no
 * server work); undefined when the browser cannot tell within `timeoutMs`.
 */
export function readVideoDuration(file: Blob, timeoutMs = 15_000): Promise<number | undefined> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    const finish = (seconds: number | undefined) => {
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(seconds);
    };
    const timer = setTimeout(() => finish(undefined), timeoutMs);
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => finish(Number.isFinite(video.duration) ? video.duration : undefined);
    video.onerror = () => finish(undefined);
    video.src = url;
  });
}
