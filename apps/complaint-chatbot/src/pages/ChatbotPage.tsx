import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@lendview/api-client';
import { bridge } from '@lendview/bridge';
import { Button, Modal, Page, StarRating, buttonClassName, toast, useQueryParam } from '@lendview/ui';
import { fetchQaList } from '../api/get-qa-list.ts';
import { saveQaRecord } from '../api/qa-record.ts';
import { BotIcon } from '../components/icons.tsx';
import { type ChatEffect, type ChatEvent, type ChatMessage, type ChatState, initialChatState, step } from '../lib/chatbot-machine.ts';
import { CHAT_MAX_CHARS } from '../lib/limits.ts';
import { customerServiceUrl } from '../lib/routes.ts';
import { parseIndex } from '../lib/query-params.ts';
import '../styles/common.css';
import '../styles/chat.css';

/**
 * Runs the chatbot machine (lib/chatbot-machine.ts): events go through `step`, and its effects are carried
 * out here (the QA list and record calls, navigation, the native rating); their outcome goes back in as events.
 */
function useChat(orderNo: string, selectedIndex: number) {
  const { t } = useTranslation('complaint');
  const navigate = useNavigate();
  const [state, setState] = useState<ChatState>(() => initialChatState(orderNo, selectedIndex));
  const stateRef = useRef(state);
  const alive = useRef(true);
  // The effect runner of the latest render (it reads navigate and t); dispatch itself never changes.
  const runRef = useRef<(effect: ChatEffect) => void>(() => {});

  const dispatch = useCallback((event: ChatEvent) => {
    if (!alive.current) return;
    const { state: next, effects } = step(stateRef.current, event);
    stateRef.current = next;
    setState(next);
    for (const effect of effects) runRef.current(effect);
  }, []);

  const run = (effect: ChatEffect) => {
    switch (effect.type) {
      case 'load':
        fetchQaList(orderNo, effect.pid).then(
          (list) => dispatch({ type: 'loaded', pid: effect.pid, list }),
          () => dispatch({ type: 'loadFailed', pid: effect.pid }),
        );
        return;
      case 'record':
        saveQaRecord({ orderNo, type: effect.recordType, value: effect.value, qaId: effect.qaId }).then(
          (data) => dispatch({ type: 'recorded', effect, ok: true, reply: data.reply }),
          (e: unknown) => {
            // A server "no" was already shown (api-client toast, spec 8); no answer at all is said here.
            if (!isApiError(e)) toast.show(t('error', { ns: 'common' }));
            dispatch({ type: 'recorded', effect, ok: false });
          },
        );
        return;
      case 'navigate':
        // Navigation is fire-and-forget: the machine needs no answer from it.
        void navigate(effect.to);
        return;
      case 'goRating':
        bridge.goRating();
        return;
    }
  };

  useLayoutEffect(() => {
    runRef.current = run;
  });

  useEffect(() => {
    alive.current = true;
    dispatch({ type: 'start' });
    return () => {
      alive.current = false;
    };
  }, [dispatch]);

  return [state, dispatch] as const;
}

/**
 * `/intelligentCustomerService?selectedIndex&orderNo`: the chatbot (spec 4.2). Everything the server sends
 * (titles, answers, replies) is shown as text.
 */
export default function ChatbotPage() {
  const orderNo = useQueryParam('orderNo');
  const selectedIndex = parseIndex(useQueryParam('selectedIndex')) ?? 0;
  // Another order or category in the address is another conversation.
  return <Chat key={`${orderNo}|${selectedIndex}`} orderNo={orderNo} selectedIndex={selectedIndex} />;
}

function Chat({ orderNo, selectedIndex }: { orderNo: string; selectedIndex: number }) {
  const { t } = useTranslation('complaint');
  const [state, dispatch] = useChat(orderNo, selectedIndex);
  const ratingHint = useRef<HTMLParagraphElement>(null);
  const endRef = useRef<HTMLDivElement>(null);

  // The newest message comes into view.
  const count = state.messages.length;
  useEffect(() => {
    if (count > 0) endRef.current?.scrollIntoView?.({ block: 'end', behavior: 'smooth' });
  }, [count]);

  const busy = state.loading !== null || state.sending !== null;

  return (
    <Page
      title={t('chat.title')}
      className="cc-page cc-chat-page"
      footer={
        <form
          className="cc-composer"
          onSubmit={(e) => {
            e.preventDefault();
            dispatch({ type: 'send' });
          }}
        >
          <label htmlFor="cc-chat-input" className="lv-visually-hidden">
            {t('chat.inputLabel')}
          </label>
          <input
            id="cc-chat-input"
            className="lv-input cc-composer__input"
            type="text"
            enterKeyHint="send"
            autoComplete="off"
            maxLength={CHAT_MAX_CHARS}
            placeholder={t('chat.inputPlaceholder')}
            value={state.input}
            onChange={(e) => dispatch({ type: 'input', text: e.target.value })}
          />
          {/* Spec: Send does nothing on empty input. Disabled then, so that it is not a button that does nothing. */}
          <Button
            type="submit"
            variant="primary"
            className="cc-composer__send"
            loading={state.sending !== null}
            disabled={state.sending === null && state.input.trim() === ''}
          >
            {t('chat.send')}
          </Button>
        </form>
      }
    >
      <div role="log" aria-label={t('chat.transcript')} aria-busy={busy || undefined}>
        <ol className="cc-chat">
          <BotBubble>
            <p>{t('chat.greeting')}</p>
          </BotBubble>
          {state.messages.map((m) => (
            <Message key={m.id} message={m} state={state} dispatch={dispatch} />
          ))}
          {busy && (
            // A new element for each wait: content inserted above does not move it (no layout shift).
            <BotBubble key={`typing-${state.loading}-${state.sending}`}>
              <span className="cc-typing" aria-hidden="true">
                <span />
                <span />
                <span />
              </span>
              <span className="lv-visually-hidden">{t('chat.loading')}</span>
            </BotBubble>
          )}
          {state.leaving && (
            <BotBubble>
              <p role="status">{t('chat.leaving')}</p>
            </BotBubble>
          )}
        </ol>
      </div>
      <div ref={endRef} />

      <Modal
        open={state.rating !== null}
        title={t('chat.ratingTitle')}
        onClose={() => dispatch({ type: 'closeRating' })}
        initialFocus={ratingHint}
        footer={
          <Button variant="secondary" onClick={() => dispatch({ type: 'closeRating' })}>
            {t('cancel', { ns: 'common' })}
          </Button>
        }
      >
        <p ref={ratingHint} tabIndex={-1} className="cc-modal-text">
          {t('chat.ratingHint')}
        </p>
        <div className="cc-stars">
          <StarRating value={0} onChange={(stars) => dispatch({ type: 'rate', stars })} label={t('chat.ratingStars')} />
        </div>
      </Modal>
    </Page>
  );
}

function BotBubble({ children }: { children: ReactNode }) {
  const { t } = useTranslation('complaint');
  return (
    <li className="cc-msg cc-msg--bot">
      <BotIcon className="cc-msg__avatar" />
      <div className="cc-bubble">
        <span className="lv-visually-hidden">{`${t('chat.assistant')}: `}</span>
        {children}
      </div>
    </li>
  );
}

function Message({ message: m, state, dispatch }: { message: ChatMessage; state: ChatState; dispatch: (e: ChatEvent) => void }) {
  const { t } = useTranslation('complaint');
  const choicesOff = state.loading !== null || state.leaving;
  switch (m.kind) {
    case 'user':
      return (
        <li className="cc-msg cc-msg--user">
          <div className="cc-bubble cc-bubble--user">
            <span className="lv-visually-hidden">{`${t('chat.you')}: `}</span>
            <p>{m.text}</p>
          </div>
        </li>
      );
    case 'options':
      return (
        <BotBubble>
          <p>{m.pid === 0 ? t('chat.chooseTopic') : t('chat.chooseQuestion')}</p>
          <ul className="cc-options">
            {m.items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className="cc-option"
                  aria-disabled={choicesOff || undefined}
                  onClick={() => dispatch({ type: 'choose', item })}
                >
                  {item.title_local}
                </button>
              </li>
            ))}
          </ul>
        </BotBubble>
      );
    case 'answer':
      return (
        <BotBubble>
          <p className="cc-answer__question">{m.question}</p>
          <p className="cc-answer__text">{m.text}</p>
          {m.feedback === 'ask' ? (
            <div className="cc-feedback" role="group" aria-label={t('chat.helpful')}>
              <p className="cc-feedback__ask">{t('chat.helpful')}</p>
              <div className="cc-feedback__buttons">
                <button type="button" className="cc-option cc-option--yes" onClick={() => dispatch({ type: 'resolved', messageId: m.id })}>
                  {t('chat.resolved')}
                </button>
                <button type="button" className="cc-option" onClick={() => dispatch({ type: 'notResolved', messageId: m.id })}>
                  {t('chat.notResolved')}
                </button>
              </div>
            </div>
          ) : (
            <p className="cc-feedback__done">{m.feedback === 'resolved' ? t('chat.thanksResolved') : t('chat.thanksNotResolved')}</p>
          )}
        </BotBubble>
      );
    case 'reply':
      return (
        <BotBubble>
          <p className="cc-answer__text">{m.text}</p>
          {m.contactCs && (
            <Link to={customerServiceUrl()} className={buttonClassName('secondary', { className: 'cc-contact' })}>
              {t('common.contactCs')}
            </Link>
          )}
        </BotBubble>
      );
    case 'loadError':
      return (
        <BotBubble>
          <p>{t('chat.loadFailed')}</p>
          <button type="button" className="cc-option" onClick={() => dispatch({ type: 'retry', pid: m.pid })}>
            {t('retry', { ns: 'common' })}
          </button>
        </BotBubble>
      );
    case 'empty':
      return (
        <BotBubble>
          <p>{t('chat.nothing')}</p>
        </BotBubble>
      );
  }
}
