import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@lendview/api-client';
import { Button, Modal, StarRating, toast } from '@lendview/ui';
import { useSaveScore } from '../api/save-score.ts';

/**
 * The complaint rating dialog (spec 2.4, 4.1, 5): five stars, Cancel, Send. Send with no star says 'Silakan
 * pilih' / 'Please select' and sends nothing; Send → save-score (score, problemId); success closes it.
 */
export function ScoreDialog({
  open,
  problemId,
  onClose,
  onSaved,
}: {
  open: boolean;
  problemId: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('complaint');
  const [score, setScore] = useState(0);
  const save = useSaveScore();
  // Focus lands on the question, not on the first star (a focused star would look chosen).
  const textRef = useRef<HTMLParagraphElement>(null);

  const send = () => {
    if (save.isPending) return;
    if (score < 1) {
      toast.show(t('pleaseSelect', { ns: 'common' }));
      return;
    }
    save.mutate(
      { score, problemId },
      {
        onSuccess: () => {
          toast.success(t('detail.thanks'));
          onSaved();
        },
        onError: (e) => {
          if (!isApiError(e)) toast.show(t('error', { ns: 'common' }));
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('detail.ratingTitle')}
      onClose={save.isPending ? undefined : onClose}
      closeOnBackdrop={false}
      initialFocus={textRef}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            {t('cancel', { ns: 'common' })}
          </Button>
          <Button variant="primary" onClick={send} loading={save.isPending}>
            {t('detail.send')}
          </Button>
        </>
      }
    >
      <p ref={textRef} tabIndex={-1} className="cc-modal-text">
        {t('detail.ratingText')}
      </p>
      <div className="cc-stars">
        <StarRating value={score} onChange={setScore} label={t('detail.ratingStars')} disabled={save.isPending} />
      </div>
    </Modal>
  );
}
