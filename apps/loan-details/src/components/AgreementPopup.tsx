import { useTranslation } from 'react-i18next';
import { bridge } from '@lendview/bridge';
import { Button, Modal } from '@lendview/ui';

export interface AgreementPopupProps {
  open: boolean;
  title: string;
  content: string;
  url: string;
  onAgree: () => void;
}

/**
 * Popup agreement of spec 2.5 / 4.8: the agreement page in a frame. Cancel closes the web view (the borrower
 * does not accept), Agree closes the popup. No other way out: the borrower has to choose.
 */
export function AgreementPopup({ open, title, content, url, onAgree }: AgreementPopupProps) {
  const { t } = useTranslation('loanDetails');
  return (
    <Modal
      open={open}
      title={title || t('confirm.agreements')}
      className="ld-popup"
      footer={
        <>
          <Button variant="secondary" onClick={() => bridge.closeWebView()}>
            {t('confirm.popCancel')}
          </Button>
          <Button variant="primary" onClick={onAgree}>
            {t('confirm.popAgree')}
          </Button>
        </>
      }
    >
      {content && <p className="ld-popup__content">{content}</p>}
      <iframe className="ld-popup__frame" src={url} title={t('confirm.popFrame', { title: title || url })} />
    </Modal>
  );
}
