import { useTranslation } from 'react-i18next';
import { Button, Modal } from '@lendview/ui';

/** Spec 2.5: the tips dialog of 'have paid': 'we will confirm your repayment as soon as possible', Cancel and Yes. */
export function HavePaidDialog({ open, onCancel, onYes }: { open: boolean; onCancel: () => void; onYes: () => void }) {
  const { t } = useTranslation('repayment');
  return (
    <Modal
      open={open}
      title={t('va.tipsTitle')}
      onClose={onCancel}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('cancel', { ns: 'common' })}
          </Button>
          <Button variant="primary" onClick={onYes}>
            {t('yes', { ns: 'common' })}
          </Button>
        </>
      }
    >
      <p className="rp-modal-text">{t('va.tipsText')}</p>
    </Modal>
  );
}
