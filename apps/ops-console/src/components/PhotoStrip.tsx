import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Modal } from '@lendview/ui';
import { useOpsClient } from '../api/client.ts';

/** One photo as an object URL of the bytes fetched with the operator's token (revoked when it goes away). */
function usePhoto(url: string) {
  const client = useOpsClient();
  const blob = useQuery({
    queryKey: ['ops_console', 'photo', url],
    queryFn: ({ signal }) => client.photo(url, signal),
    staleTime: Infinity,
  });
  const src = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : null), [blob.data]);
  useEffect(() => () => (src ? URL.revokeObjectURL(src) : undefined), [src]);
  return { src, failed: blob.isError };
}

function Thumb({ url, n, total, onOpen }: { url: string; n: number; total: number; onOpen: (src: string) => void }) {
  const { t } = useTranslation('ops_console');
  const { src, failed } = usePhoto(url);
  if (failed) return <li className="oc-photo oc-photo--failed">{t('item.photoFailed', { n })}</li>;
  return (
    <li className="oc-photo">
      {src ? (
        <button type="button" className="oc-photo__button" onClick={() => onOpen(src)} aria-label={t('item.openPhoto', { n, total })}>
          <img src={src} alt={t('item.photo', { n, total })} className="oc-photo__img" />
        </button>
      ) : (
        <span className="oc-photo__pending" aria-hidden="true" />
      )}
    </li>
  );
}

/** The photos of a complaint or an answer, as thumbnails; a tap opens one large. */
export function PhotoStrip({ urls, label }: { urls: readonly string[]; label: string }) {
  const { t } = useTranslation('ops_console');
  const [open, setOpen] = useState<{ src: string; n: number } | null>(null);
  if (urls.length === 0) return null;
  return (
    <>
      <ul className="oc-photos" aria-label={label}>
        {urls.map((url, i) => (
          <Thumb key={url} url={url} n={i + 1} total={urls.length} onOpen={(src) => setOpen({ src, n: i + 1 })} />
        ))}
      </ul>
      <Modal
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open ? t('item.photo', { n: open.n, total: urls.length }) : ''}
        showClose
        className="oc-viewer"
      >
        {open && <img src={open.src} alt={t('item.photo', { n: open.n, total: urls.length })} className="oc-viewer__img" />}
      </Modal>
    </>
  );
}
