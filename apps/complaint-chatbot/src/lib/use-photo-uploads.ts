import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, requestHeaders } from '@lendview/api-client';
import { toast } from '@lendview/ui';
import { uploadProblemImage } from '../api/upload-problem-img.ts';
import { COMPLAINT_MAX_IMAGES } from './limits.ts';
import { shrinkImage } from './shrink-image.ts';

export type PhotoStatus = 'preparing' | 'uploading' | 'done' | 'failed';

export interface Photo {
  key: string;
  status: PhotoStatus;
  /** Fraction of the upload sent, 0..1. */
  progress: number;
  /** The server's URL once uploaded ('' before). */
  url: string;
  /**
   * What the thumbnail shows: the shrunk photo (blob:) or, for a restored draft, the server's signed URL, replaced
   * by the photo fetched with the session header (the signed URL may have expired since the draft was saved).
   */
  preview: string;
  /** Kept for a retry (absent for photos restored from the draft: those are uploaded already). */
  blob?: Blob;
  name?: string;
}

let seq = 0;
const newKey = () => `photo-${++seq}`;

function objectUrl(blob: Blob): string {
  try {
    return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : '';
  } catch {
    return '';
  }
}

function revoke(url: string): void {
  if (url.startsWith('blob:')) {
    try {
      URL.revokeObjectURL(url);
    } catch {
      // Nothing to free.
    }
  }
}

/**
 * A restored draft's photo, fetched with the session in the X-Lv-Token header (never in a URL), as a blob: URL; ''
 * when it cannot be (not our origin, gone, not an image). The signed URL of the draft may have expired by now
 * (docs/security.md "Signed file URLs"); its path alone opens with the owner's session.
 */
async function fetchPreview(url: string, signal: AbortSignal): Promise<string> {
  if (typeof window === 'undefined') return '';
  let path: string;
  try {
    const u = new URL(url, window.location.origin);
    if (u.origin !== window.location.origin) return '';
    path = u.pathname;
  } catch {
    return '';
  }
  try {
    const res = await fetch(path, { headers: requestHeaders(), credentials: 'same-origin', signal });
    if (!res.ok || !/^image\//i.test(res.headers.get('content-type') ?? '')) return '';
    return objectUrl(await res.blob());
  } catch {
    return '';
  }
}

/**
 * The complaint photos (spec 4.1 / 5): at most 9; each is shrunk (lib/shrink-image.ts) and uploaded as soon as
 * it is added, with its progress; a failed upload keeps the photo with a retry. `initial` are URLs already
 * uploaded (a restored draft).
 */
export function usePhotoUploads(initial: string[]) {
  const { t } = useTranslation('complaint');
  const [photos, setPhotos] = useState<Photo[]>(() =>
    initial.map((url) => ({ key: newKey(), status: 'done', progress: 1, url, preview: url })),
  );
  const photosRef = useRef(photos);
  const controllers = useRef(new Map<string, AbortController>());

  const commit = useCallback((fn: (ps: Photo[]) => Photo[]) => {
    photosRef.current = fn(photosRef.current);
    setPhotos(photosRef.current);
  }, []);

  const update = useCallback(
    (key: string, patch: Partial<Photo>) => commit((ps) => ps.map((p) => (p.key === key ? { ...p, ...patch } : p))),
    [commit],
  );

  const send = useCallback(
    async (key: string, blob: Blob, name: string) => {
      const controller = new AbortController();
      controllers.current.get(key)?.abort();
      controllers.current.set(key, controller);
      update(key, { status: 'uploading', progress: 0 });
      try {
        const { url } = await uploadProblemImage(blob, name, {
          signal: controller.signal,
          onProgress: (f) => {
            if (!controller.signal.aborted) update(key, { progress: f });
          },
        });
        if (!controller.signal.aborted) update(key, { status: 'done', progress: 1, url });
      } catch (e) {
        if (controller.signal.aborted) return;
        update(key, { status: 'failed' });
        // A server "no" (too big, not an image) was shown already (api-client toast, spec 8).
        if (!isApiError(e)) toast.show(t('error', { ns: 'common' }));
      } finally {
        if (controllers.current.get(key) === controller) controllers.current.delete(key);
      }
    },
    [t, update],
  );

  /** Adds what fits under the limit; the rest is ignored with a message. */
  const add = useCallback(
    (files: File[]) => {
      const room = COMPLAINT_MAX_IMAGES - photosRef.current.length;
      const accepted = files.slice(0, Math.max(0, room));
      if (files.length > accepted.length) toast.show(t('form.tooManyPhotos', { max: COMPLAINT_MAX_IMAGES }));
      if (accepted.length === 0) return;
      const added = accepted.map((file) => ({ file, key: newKey() }));
      commit((ps) => [...ps, ...added.map(({ key }) => ({ key, status: 'preparing' as const, progress: 0, url: '', preview: '' }))]);
      for (const { file, key } of added) {
        void shrinkImage(file).then(({ blob, name }) => {
          if (!photosRef.current.some((p) => p.key === key)) return;
          update(key, { blob, name, preview: objectUrl(blob) });
          return send(key, blob, name);
        });
      }
    },
    [commit, send, t, update],
  );

  const retry = useCallback(
    (key: string) => {
      const p = photosRef.current.find((x) => x.key === key);
      if (p?.status === 'failed' && p.blob) void send(key, p.blob, p.name ?? 'photo.jpg');
    },
    [send],
  );

  const remove = useCallback(
    (key: string) => {
      controllers.current.get(key)?.abort();
      controllers.current.delete(key);
      const p = photosRef.current.find((x) => x.key === key);
      if (p) revoke(p.preview);
      commit((ps) => ps.filter((x) => x.key !== key));
    },
    [commit],
  );

  // A restored draft: its photos are fetched with the session header and shown from memory.
  useEffect(() => {
    const controller = new AbortController();
    for (const p of photosRef.current) {
      if (p.status !== 'done' || p.blob || p.preview !== p.url) continue;
      void fetchPreview(p.url, controller.signal).then((preview) => {
        if (!preview) return;
        if (controller.signal.aborted || !photosRef.current.some((x) => x.key === p.key)) revoke(preview);
        else update(p.key, { preview });
      });
    }
    return () => controller.abort();
    // Once, for the photos the form opened with (update is stable).
  }, [update]);

  // Leaving the form: running uploads stop and previews are freed.
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const c of running.values()) c.abort();
      running.clear();
      for (const p of photosRef.current) revoke(p.preview);
    };
  }, []);

  return { photos, add, retry, remove };
}
