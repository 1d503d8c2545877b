import { type ChangeEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@lendview/ui';
import { COMPLAINT_MAX_IMAGES } from '../lib/limits.ts';
import type { Photo } from '../lib/use-photo-uploads.ts';
import { CameraIcon, CloseSmall, RetryIcon } from './icons.tsx';

interface PhotoUploaderProps {
  photos: Photo[];
  onAdd: (files: File[]) => void;
  onRetry: (key: string) => void;
  onRemove: (key: string) => void;
}

/**
 * The complaint photos: a 3-column grid of thumbnails, each with its upload progress, a retry when it failed
 * and a remove button, then the add control, which is not there once 9 photos are (spec 5).
 */
export function PhotoUploader({ photos, onAdd, onRetry, onRemove }: PhotoUploaderProps) {
  const { t } = useTranslation('complaint');
  const headingId = useId();
  const hintId = useId();
  const inputId = useId();
  const full = photos.length >= COMPLAINT_MAX_IMAGES;

  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    // The same photo may be chosen again after it was removed.
    e.target.value = '';
    if (files.length > 0) onAdd(files);
  };

  return (
    <div className="cc-photos">
      <div className="cc-photos__top">
        <h2 id={headingId} className="lv-field__label cc-photos__title">
          {t('form.photos')}
        </h2>
        <span className="cc-muted cc-photos__count">{t('form.photoCount', { count: photos.length, max: COMPLAINT_MAX_IMAGES })}</span>
      </div>
      <p id={hintId} className="cc-muted cc-photos__hint">
        {t('form.photosHint', { max: COMPLAINT_MAX_IMAGES })}
      </p>
      <ul className="cc-photo-grid" aria-labelledby={headingId}>
        {photos.map((p, i) => (
          <PhotoTile
            key={p.key}
            photo={p}
            n={i + 1}
            total={photos.length}
            onRetry={() => onRetry(p.key)}
            onRemove={() => onRemove(p.key)}
          />
        ))}
        {!full && (
          <li>
            <label htmlFor={inputId} className="cc-photo-add">
              <CameraIcon />
              <span>{t('form.addPhoto')}</span>
            </label>
            <input
              id={inputId}
              className="cc-photo-add__input"
              type="file"
              accept="image/*"
              multiple
              aria-describedby={hintId}
              onChange={onChange}
              data-testid="photo-input"
            />
          </li>
        )}
      </ul>
    </div>
  );
}

function PhotoTile({
  photo: p,
  n,
  total,
  onRetry,
  onRemove,
}: {
  photo: Photo;
  n: number;
  total: number;
  onRetry: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('complaint');
  const percent = Math.round(p.progress * 100);
  return (
    <li className={`cc-photo is-${p.status}`} data-testid="photo">
      {p.preview ? (
        <img className="cc-photo__img" src={p.preview} alt={t('common.photo', { n, total })} width={96} height={96} decoding="async" />
      ) : (
        <span className="cc-photo__img cc-photo__img--empty" />
      )}
      {(p.status === 'preparing' || p.status === 'uploading') && (
        <div className="cc-photo__overlay">
          {p.status === 'preparing' ? (
            <Spinner label={t('form.uploading', { percent: 0 })} size="sm" className="cc-photo__spinner" />
          ) : (
            <>
              <span
                className="cc-photo__percent"
                role="progressbar"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                aria-label={t('form.uploading', { percent })}
              >
                {`${percent}%`}
              </span>
              <span className="cc-photo__bar" aria-hidden="true">
                <span style={{ transform: `scaleX(${p.progress})` }} />
              </span>
            </>
          )}
        </div>
      )}
      {p.status === 'failed' && (
        <div className="cc-photo__overlay cc-photo__overlay--failed">
          <span className="cc-photo__failed">{t('form.uploadFailed')}</span>
          <button type="button" className="cc-photo__retry" onClick={onRetry} aria-label={t('form.retryPhoto', { n })}>
            <RetryIcon />
            <span aria-hidden="true">{t('form.retry')}</span>
          </button>
        </div>
      )}
      <button type="button" className="cc-photo__remove" onClick={onRemove} aria-label={t('form.removePhoto', { n })}>
        <CloseSmall />
      </button>
    </li>
  );
}
