import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal, StarRating, toast } from '@lendview/ui';
import { useSaveGoogleScore } from '../api/google-score.ts';

export interface RatingModalProps {
  open: boolean;
  orderId: string;
  onCancel: () => void;
  /** After a successful submit, with the stars chosen (the page decides: thank-you or native rating). */
  onRated: (score: number) => void;
}

/**
 * Rating modal of spec 4.9: five stars, Cancel, Submit. Picking a star lights the stars up to it. Submit with
 * none chosen says 'Silakan pilih' / 'Please select' and sends nothing (spec 5). We send the stars chosen.
 */
export function RatingModal({ open, orderId, onCancel, onRated }: RatingModalProps) {
  const { t } = useTranslation('loanDetails');
  const [score, setScore] = useState(0);
  const save = useSaveGoogleScore();
  // Focus lands on the question, not on the first star: a focused star would look chosen.
  const textRef = useRef<HTMLParagraphElement>(null);
  // A double tap lands twice before React renders isPending (issue 40: two ratings sent): the ref says at once.
  const sending = useRef(false);

  const submit = () => {
    if (sending.current || save.isPending) return;
    if (score < 1) {
      toast.show(t('pleaseSelect', { ns: 'common' }));
      return;
    }
    sending.current = true;
    save.mutate(
      { score, orderId: orderId || undefined },
      {
        onSuccess: () => onRated(score),
        // ApiError: the server message is already on screen (api-client toast). No answer: say so.
        onError: (e) => {
          if (e.name !== 'ApiError') toast.show(t('error', { ns: 'common' }));
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('details.rating.title')}
      onClose={save.isPending ? undefined : onCancel}
      closeOnBackdrop={false}
      initialFocus={textRef}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={save.isPending}>
            {t('cancel', { ns: 'common' })}
          </Button>
          <Button variant="primary" onClick={submit} loading={save.isPending}>
            {t('details.rating.submit')}
          </Button>
        </>
      }
    >
      <p ref={textRef} tabIndex={-1} className="ld-modal-text">
        {t('details.rating.text')}
      </p>
      <div className="ld-rating-stars">
        <StarRating value={score} onChange={setScore} label={t('details.rating.stars')} disabled={save.isPending} />
      </div>
    </Modal>
  );
}

/** Thank-you modal after a rating under 4 stars (spec 4.9). */
export function ThanksModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('loanDetails');
  return (
    <Modal
      open={open}
      title={t('details.thanks.title')}
      onClose={onClose}
      footer={
        <Button variant="primary" onClick={onClose}>
          {t('details.thanks.ok')}
        </Button>
      }
    >
      <p className="ld-modal-text">{t('details.thanks.text')}</p>
    </Modal>
  );
}
