import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@lendview/ui';

/**
 * Photos as square thumbnails; a tap opens the photo larger in a dialog (complaint detail, spec 2.4). The URLs are
 * the API's signed ones, used as they are: the server's HTML and the page show the same src, and no session goes
 * into an <img> (docs/security.md "Signed file URLs").
 */
export function PhotoGallery({ urls, label }: { urls: string[]; label: string }) {
  const { t } = useTranslation('complaint');
  const [open, setOpen] = useState<number | null>(null);
  if (urls.length === 0) return null;
  const total = urls.length;
  const current = open === null ? undefined : urls[open];
  return (
    <>
      <ul className="cc-thumbs" aria-label={label}>
        {urls.map((url, i) => (
          <li key={`${url}-${i}`}>
            <button type="button" className="cc-thumb" onClick={() => setOpen(i)} aria-label={t('common.viewPhoto', { n: i + 1, total })}>
              <img src={url} alt="" width={96} height={96} loading="lazy" decoding="async" />
            </button>
          </li>
        ))}
      </ul>
      <Modal
        open={current !== undefined}
        aria-label={open === null ? undefined : t('common.photo', { n: open + 1, total })}
        onClose={() => setOpen(null)}
        showClose
        className="cc-viewer"
      >
        {current !== undefined && open !== null && (
          <img className="cc-viewer__img" src={current} alt={t('common.photo', { n: open + 1, total })} decoding="async" />
        )}
      </Modal>
    </>
  );
}
