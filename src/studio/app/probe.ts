// A media file's size (and a video's length) read by the browser, for what the gateway does not
// read itself: a media URL given instead of an upload, a video's size and duration. The file is
// loaded as the page would load it (an <img>, a <video> with its metadata only), so a URL the
// browser cannot show is found out here, before the media item is made.

export interface Probed {
  type: 'image' | 'video';
  width: number;
  height: number;
  /** A video's length, when the browser knows it. */
  durationMs: number | null;
}

const timeoutMs = 20_000;

function probeImage(url: string): Promise<Probed> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    const timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
    image.onload = () => {
      clearTimeout(timer);
      if (image.naturalWidth > 0 && image.naturalHeight > 0)
        resolve({ type: 'image', width: image.naturalWidth, height: image.naturalHeight, durationMs: null });
      else reject(new Error('no size'));
    };
    image.onerror = () => {
      clearTimeout(timer);
      reject(new Error('not an image'));
    };
    image.src = url;
  });
}

function probeVideo(url: string): Promise<Probed> {
  return new Promise((resolve, reject) => {
    const video = document.createElement('video');
    const timer = setTimeout(() => finish(new Error('timeout')), timeoutMs);
    const finish = (error: Error | null) => {
      clearTimeout(timer);
      // The element is let go as it is: cutting its load short (removing its src) may leave the
      // file's request half done, and the editor's <video> of the same file waiting on it.
      const found = { width: video.videoWidth, height: video.videoHeight, duration: video.duration };
      if (error) return reject(error);
      if (!found.width || !found.height) return reject(new Error('no picture'));
      const durationMs = Number.isFinite(found.duration) ? Math.round(found.duration * 1000) : null;
      resolve({ type: 'video', width: found.width, height: found.height, durationMs });
    };
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => finish(null);
    video.onerror = () => finish(new Error('not a video'));
    video.src = url;
  });
}

const looksLikeVideo = (url: string) => /\.(mp4|m4v|webm|mov|ogv)(\?|#|$)/i.test(url);

/** What the file at `url` is and its size; `type` when it is known (an upload's). Rejects when it cannot be loaded. */
export async function probe(url: string, type?: 'image' | 'video'): Promise<Probed> {
  if (type) return type === 'image' ? probeImage(url) : probeVideo(url);
  const [first, second] = looksLikeVideo(url) ? [probeVideo, probeImage] : [probeImage, probeVideo];
  try {
    return await first(url);
  } catch {
    return second(url);
  }
}
