import { type ChangeEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@lendview/api-client';
import { trimBlank } from '@lendview/contracts/routes';
import { useLang } from '@lendview/i18n';
import { Button, Card, Modal, Page, toast, Skeleton, useQueryParam } from '@lendview/ui';
import { type ProblemInit, useProblemInit } from '../api/problem-init.ts';
import { useSaveProblem } from '../api/problem-save.ts';
import { GrievanceOfficerSection } from '../components/GrievanceOfficerCard.tsx';
import { PhotoUploader } from '../components/PhotoUploader.tsx';
import { clearDraft, draftKey, loadDraft, saveDraft } from '../lib/draft.ts';
import { newIdempotencyKey } from '../lib/idempotency-key.ts';
import { COLLECTION_TYPE, COMPLAINT_MAX_CHARS, SUCCESS_MODAL_MS } from '../lib/limits.ts';
import { entryUrl } from '../lib/routes.ts';
import { capEdit } from '../lib/text-cap.ts';
import { usePhotoUploads } from '../lib/use-photo-uploads.ts';
import { useHydrating } from '@lendview/kit';
import { parseIndex } from '../lib/query-params.ts';
import '../styles/common.css';
import '../styles/form.css';

/**
 * `/complainPageNext?problemType&problemSonType&orderNo` (or `problemIndex`): the complaint form (spec 2.4,
 * 4.1, 5). One draft per type and order (lib/draft.ts); the key is the type as the address gives it.
 */
export default function ComplaintFormPage() {
  const orderNo = useQueryParam('orderNo');
  const typeParam = useQueryParam('problemType');
  const indexParam = useQueryParam('problemIndex');
  const sonParam = useQueryParam('problemSonType');
  const typeKey = parseIndex(typeParam) !== undefined ? typeParam : parseIndex(indexParam) !== undefined ? `i${indexParam}` : '';
  const key = draftKey(typeKey, orderNo);
  return (
    <ComplaintForm
      key={key}
      storageKey={key}
      orderNo={orderNo}
      typeParam={positive(parseIndex(typeParam))}
      indexParam={parseIndex(indexParam)}
      sonParam={positive(parseIndex(sonParam))}
    />
  );
}

const positive = (n: number | undefined) => (n !== undefined && n > 0 ? n : undefined);

interface FormProps {
  storageKey: string;
  orderNo: string;
  typeParam?: number;
  indexParam?: number;
  sonParam?: number;
}

/**
 * The type the address names (problemType, else problemIndex into the type list) and whether the borrower must
 * choose one here instead: no type in the address (the chatbot's way in), or one the list does not know.
 * Until the list has loaded, a type in the address is taken as it is.
 */
function resolveType(
  init: Pick<ProblemInit, 'problemType'> | undefined,
  typeParam?: number,
  indexParam?: number,
): { addressType?: number; ask: boolean } {
  if (!init) return { addressType: typeParam, ask: typeParam === undefined && indexParam === undefined };
  let addressType: number | undefined;
  if (typeParam !== undefined) addressType = init.problemType.some((x) => x.value === typeParam) ? typeParam : undefined;
  else if (indexParam !== undefined) addressType = init.problemType[indexParam]?.value;
  return { addressType, ask: addressType === undefined };
}

/**
 * A saved draft (lib/draft.ts) is the browser's alone: a server-rendered form is drawn, and hydrated, empty. Right
 * after hydration a form with a draft starts again (its key) and restores it as a client-rendered form does; without
 * one, the hydrated form simply carries on.
 */
function ComplaintForm(props: FormProps) {
  const hydrating = useHydrating();
  // Read during the hydration render, but only for the key after it: the markup does not depend on it.
  const [hasDraft] = useState(() => typeof window !== 'undefined' && loadDraft(props.storageKey) !== null);
  return <ComplaintFormBody key={!hydrating && hasDraft ? 'draft' : 'drawn'} hydrating={hydrating} {...props} />;
}

function ComplaintFormBody({ storageKey, orderNo, typeParam, indexParam, sonParam, hydrating }: FormProps & { hydrating: boolean }) {
  const { t } = useTranslation('complaint');
  const lang = useLang();
  const navigate = useNavigate();
  const init = useProblemInit(orderNo, lang);
  const save = useSaveProblem();
  // One key per filling of the form, kept across retries of its submission (a lost answer, a second tap).
  const [idempotencyKey] = useState(newIdempotencyKey);

  const [draft] = useState(() => (hydrating ? null : loadDraft(storageKey)));
  const [text, setText] = useState(draft?.text ?? '');
  const [chosenType, setChosenType] = useState<number | undefined>(draft?.problemType);
  const [chosenSon, setChosenSon] = useState<number | undefined>(draft?.problemSonType);
  const [error, setError] = useState(false);
  const [done, setDone] = useState(false);
  const uploads = usePhotoUploads(draft?.images ?? []);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const caret = useRef<number | null>(null);
  const textId = useId();
  const counterId = useId();
  const errorId = useId();

  // A restored draft is said once, when the form opens.
  const announced = useRef(false);
  useEffect(() => {
    if (announced.current) return;
    announced.current = true;
    if (draft && (draft.text || draft.images.length > 0)) toast.info(t('form.draftRestored'));
  }, [draft, t]);

  const { addressType, ask: askType } = resolveType(init.data, typeParam, indexParam);
  const problemType = askType ? chosenType : addressType;
  const isCollection = problemType === COLLECTION_TYPE;
  const sonFromAddress = addressType !== undefined && sonParam !== undefined ? sonParam : undefined;
  const needSon = isCollection && (init.data?.problemSonType.length ?? 0) > 0 && sonFromAddress === undefined;
  const problemSonType = isCollection ? (sonFromAddress ?? (needSon ? chosenSon : 0)) : 0;

  const uploadedUrls = useMemo(() => uploads.photos.filter((p) => p.status === 'done' && p.url).map((p) => p.url), [uploads.photos]);
  const urlsJoined = uploadedUrls.join(',');

  // The draft follows every change of the text, the uploaded photos and a type chosen here.
  useEffect(() => {
    // Not from the hydration render: it would write the empty form over a draft the next render restores.
    if (done || hydrating) return;
    saveDraft(storageKey, {
      text,
      images: urlsJoined ? urlsJoined.split(',') : [],
      problemType: askType ? chosenType : undefined,
      problemSonType: askType ? chosenSon : undefined,
    });
  }, [storageKey, text, urlsJoined, askType, chosenType, chosenSon, done, hydrating]);

  useEffect(() => {
    if (caret.current !== null && textRef.current) {
      textRef.current.setSelectionRange(caret.current, caret.current);
      caret.current = null;
    }
  });

  // Spec 4.1: the success modal shows for 1.5 s, then back to the complaint entry.
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate(entryUrl(orderNo), { replace: true }), SUCCESS_MODAL_MS);
    return () => clearTimeout(timer);
  }, [done, navigate, orderNo]);

  const onText = (e: ChangeEvent<HTMLTextAreaElement>) => {
    const { value, caret: at } = capEdit(text, e.target.value, COMPLAINT_MAX_CHARS);
    if (value !== e.target.value && at >= 0) caret.current = at;
    setText(value);
    if (error && trimBlank(value)) setError(false);
  };

  const chooseType = (value: number | undefined) => {
    if (value === COLLECTION_TYPE && init.data?.orderDetail?.isShow !== 1) {
      toast.show(t('entry.collectionNotSupported'));
      return;
    }
    setChosenType(value);
    setChosenSon(undefined);
  };

  const submit = () => {
    if (save.isPending || done) return;
    if (problemType === undefined) {
      toast.show(t('form.chooseTypeFirst'));
      return;
    }
    if (needSon && !chosenSon) {
      toast.show(t('form.chooseSubTypeFirst'));
      return;
    }
    if (isCollection && init.data && init.data.orderDetail?.isShow !== 1) {
      toast.show(t('entry.collectionNotSupported'));
      return;
    }
    const detail = trimBlank(text);
    if (!detail) {
      setError(true);
      toast.show(t('form.empty'));
      textRef.current?.focus();
      return;
    }
    if (uploads.photos.some((p) => p.status === 'preparing' || p.status === 'uploading')) {
      toast.show(t('form.waitForPhotos'));
      return;
    }
    if (uploads.photos.some((p) => p.status === 'failed')) {
      toast.show(t('form.photosFailed'));
      return;
    }
    save.mutate(
      {
        input: { problemType, problemSonType: problemSonType ?? 0, problemDetail: detail, problemImage: uploadedUrls.join(','), orderNo },
        idempotencyKey,
      },
      {
        onSuccess: () => {
          clearDraft(storageKey);
          setDone(true);
        },
        // The text and photos stay (and so does the draft). A server "no" was shown already (spec 8).
        onError: (e) => {
          if (!isApiError(e)) toast.show(t('error', { ns: 'common' }));
        },
      },
    );
  };

  const count = text.length;

  return (
    <Page
      title={t('form.title')}
      className="cc-page"
      footer={
        <Button variant="primary" block onClick={submit} loading={save.isPending}>
          {t('form.submit')}
        </Button>
      }
    >
      <div className="cc-stack">
        <Card className="cc-form-card">
          <TypeFields
            init={init.data}
            failed={init.isError}
            onRetry={() => void init.refetch()}
            askType={askType}
            problemType={problemType}
            problemSonType={problemSonType}
            needSon={needSon}
            onType={chooseType}
            onSon={setChosenSon}
          />
          <div className="cc-form-row">
            <span className="cc-form-row__label">{t('form.order')}</span>
            <span className="cc-form-row__value">{orderNo || t('form.noOrder')}</span>
          </div>
        </Card>

        <Card className="cc-form-card">
          <div className={`lv-field${error ? ' is-invalid' : ''}`}>
            <label className="lv-field__label" htmlFor={textId}>
              {t('form.detail')}
            </label>
            <textarea
              ref={textRef}
              id={textId}
              className="lv-input lv-textarea cc-textarea"
              rows={6}
              value={text}
              onChange={onText}
              placeholder={t('form.detailPlaceholder')}
              aria-invalid={error || undefined}
              aria-describedby={[counterId, error ? errorId : ''].filter(Boolean).join(' ')}
            />
            <div className="cc-textarea__foot">
              {error ? (
                <p id={errorId} className="lv-field__error">
                  {t('form.empty')}
                </p>
              ) : (
                <span />
              )}
              <p id={counterId} className={`cc-counter${count >= COMPLAINT_MAX_CHARS ? ' is-full' : ''}`} data-testid="counter">
                <span aria-hidden="true">{t('form.counter', { count, max: COMPLAINT_MAX_CHARS })}</span>
                <span className="lv-visually-hidden">{t('form.counterLabel', { count, max: COMPLAINT_MAX_CHARS })}</span>
              </p>
            </div>
          </div>
        </Card>

        <Card className="cc-form-card">
          <PhotoUploader photos={uploads.photos} onAdd={uploads.add} onRetry={uploads.retry} onRemove={uploads.remove} />
        </Card>

        <GrievanceOfficerSection />
      </div>

      <Modal open={done} title={t('form.successTitle')}>
        <p className="cc-modal-text">{t('form.successText')}</p>
      </Modal>
    </Page>
  );
}

interface TypeFieldsProps {
  init: ProblemInit | undefined;
  failed: boolean;
  onRetry: () => void;
  askType: boolean;
  problemType: number | undefined;
  problemSonType: number | undefined;
  needSon: boolean;
  onType: (v: number | undefined) => void;
  onSon: (v: number | undefined) => void;
}

/** The type (and collection sub-type): shown when the address gives it, chosen here when it does not. */
function TypeFields({ init, failed, onRetry, askType, problemType, problemSonType, needSon, onType, onSon }: TypeFieldsProps) {
  const { t } = useTranslation('complaint');
  const typeId = useId();
  const sonId = useId();
  const typeTitle = init?.problemType.find((x) => x.value === problemType)?.title;
  const sonTitle = init?.problemSonType.find((x) => x.value === problemSonType)?.title;

  if (!init && failed) {
    return (
      <div className="cc-form-row">
        <span className="cc-form-row__label">{t('form.type')}</span>
        <button type="button" className="cc-link-button" onClick={onRetry}>
          {t('retry', { ns: 'common' })}
        </button>
      </div>
    );
  }

  if (!init) {
    return (
      <div className="cc-form-row" aria-hidden="true">
        <Skeleton width="35%" height={18} />
        <Skeleton width="40%" height={18} />
      </div>
    );
  }

  if (!askType) {
    return (
      <div className="cc-form-row">
        <span className="cc-form-row__label">{t('form.type')}</span>
        <span className="cc-form-row__value" data-testid="complaint-type">
          {[typeTitle, sonTitle].filter(Boolean).join(' · ')}
        </span>
      </div>
    );
  }

  return (
    <>
      <div className="cc-select-field">
        <label htmlFor={typeId} className="lv-field__label">
          {t('form.type')}
        </label>
        <select
          id={typeId}
          className="lv-input cc-select"
          value={problemType ?? ''}
          onChange={(e) => onType(e.target.value ? Number(e.target.value) : undefined)}
        >
          <option value="">{t('form.typeChoose')}</option>
          {init.problemType.map((x) => (
            <option key={x.value} value={x.value}>
              {x.title}
            </option>
          ))}
        </select>
      </div>
      {problemType === COLLECTION_TYPE && init.problemSonType.length > 0 && (
        <div className="cc-select-field">
          <label htmlFor={sonId} className="lv-field__label">
            {t('form.subType')}
          </label>
          <select
            id={sonId}
            className="lv-input cc-select"
            value={needSon ? (problemSonType ?? '') : ''}
            onChange={(e) => onSon(e.target.value ? Number(e.target.value) : undefined)}
          >
            <option value="">{t('form.subTypeChoose')}</option>
            {init.problemSonType.map((x) => (
              <option key={x.value} value={x.value}>
                {x.title}
              </option>
            ))}
          </select>
        </div>
      )}
    </>
  );
}
