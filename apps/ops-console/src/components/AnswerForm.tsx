import { type ChangeEvent, type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPLAINT_MAX_IMAGES, trimBlank } from '@lendview/contracts/routes';
import { Button, Field, Modal, TextArea, toast } from '@lendview/ui';
import { useAnswer } from '../api/console.ts';
import { errorText } from '../lib/error-text.ts';

const ANSWER_MAX = 2000;

/** Local previews of the photos chosen (object URLs, revoked when the list changes). */
function usePreviews(files: readonly File[]): string[] {
  const urls = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  return urls;
}

/** The answer to the borrower: text and up to 9 photos, sent once after a confirmation. */
export function AnswerForm({ problemId }: { problemId: number }) {
  const { t } = useTranslation('ops_console');
  const id = useId();
  const answer = useAnswer();
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const previews = usePreviews(photos);

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(e.target.files ?? []);
    e.target.value = '';
    const notImage = chosen.find((f) => !f.type.startsWith('image/'));
    const images = chosen.filter((f) => f.type.startsWith('image/'));
    const room = COMPLAINT_MAX_IMAGES - photos.length;
    setPhotoError(
      notImage
        ? t('answer.notImage', { name: notImage.name })
        : images.length > room
          ? t('answer.tooMany', { max: COMPLAINT_MAX_IMAGES })
          : null,
    );
    if (images.length) setPhotos((p) => [...p, ...images.slice(0, Math.max(0, room))]);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!trimBlank(text)) {
      setError(t('answer.empty'));
      return;
    }
    setError(null);
    setConfirming(true);
  };

  const send = () => {
    answer.mutate(
      { problemId, text: trimBlank(text), photos },
      {
        onSuccess: () => {
          setConfirming(false);
          toast.show(t('answer.sent'));
        },
        onError: (err) => {
          setConfirming(false);
          setError(errorText(err, t));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="oc-answer">
      <p className="oc-muted">{t('answer.hint')}</p>
      <Field label={t('answer.label')} error={error ?? undefined} aside={`${text.length}/${ANSWER_MAX}`}>
        <TextArea rows={5} maxLength={ANSWER_MAX} value={text} onChange={(e) => setText(e.target.value)} />
      </Field>
      <fieldset className="oc-fieldset">
        <legend className="lv-field__label">{t('answer.photos')}</legend>
        <p className="oc-muted" id={`${id}-hint`}>
          {t('answer.photosHint', { max: COMPLAINT_MAX_IMAGES })}
        </p>
        {photos.length > 0 && (
          <ul className="oc-photos">
            {photos.map((f, i) => (
              <li key={previews[i]} className="oc-photo">
                <img src={previews[i]} alt={f.name} className="oc-photo__img" />
                <button
                  type="button"
                  className="oc-photo__remove"
                  aria-label={t('answer.removePhoto', { n: i + 1, name: f.name })}
                  onClick={() => setPhotos((p) => p.filter((_, j) => j !== i))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        {photoError && (
          <p className="oc-error" role="alert">
            {photoError}
          </p>
        )}
        <input
          ref={input}
          id={`${id}-file`}
          data-testid="answer-photo-input"
          type="file"
          accept="image/*"
          multiple
          className="lv-visually-hidden"
          aria-label={t('answer.addPhoto')}
          aria-describedby={`${id}-hint`}
          onChange={pick}
          tabIndex={-1}
        />
        <Button type="button" variant="secondary" disabled={photos.length >= COMPLAINT_MAX_IMAGES} onClick={() => input.current?.click()}>
          {t('answer.addPhoto')}
        </Button>
      </fieldset>
      <Button type="submit">{t('answer.send')}</Button>
      <Modal
        open={confirming}
        title={t('answer.confirmTitle')}
        onClose={answer.isPending ? undefined : () => setConfirming(false)}
        footer={
          <div className="oc-actions">
            <Button variant="secondary" disabled={answer.isPending} onClick={() => setConfirming(false)}>
              {t('cancel')}
            </Button>
            <Button loading={answer.isPending} onClick={send}>
              {t('answer.confirm')}
            </Button>
          </div>
        }
      >
        <p>{t('answer.confirmText')}</p>
      </Modal>
    </form>
  );
}
