import { CHAT_MAX_CHARS, HIGH_RATING, QA_ACTION_COMPLAINT, QA_RECORD } from './limits.ts';
import { formUrl } from './routes.ts';
import { truncate } from './text-cap.ts';

/**
 * The chatbot of spec 4.2 as a pure state machine: `step(state, event)` returns the next state and the effects
 * to run (load a QA list, record, navigate, call the native rating). It does no I/O: the page runs the effects
 * and sends their outcome back as events (`loaded`, `loadFailed`, `recorded`). Every transition is
 * unit-tested in __tests__/chatbot-machine.test.ts.
 *
 * - start → load pid 0 (the top categories); when loaded, the category at `selectedIndex` is chosen for the
 *   borrower and its questions load (pid = category id).
 * - choose an item → action_type 4: record type 1 (value '', qaId = item) and, once recorded, go to the
 *   complaint form; any other item: load its follow-up (pid = item id). A list with `question` and `data`
 *   is an answer: its text is shown with Resolved / Not resolved.
 * - Resolved → record type 2 value 1 and open the 1-5 star dialog; a star → record type 3 value = stars;
 *   under 4 stars the server's message (reply) is shown, 4 or more call the native rating.
 * - Not resolved → record type 2 value 2.
 * - send → nothing when the input is empty; otherwise record type 4 (value = the text) and show the server's
 *   reply with a Contact CS button. The input is cleared only when the send succeeded.
 */

/** An item of get-qa-list's answerList (contracts `QaAnswerItem`). */
export interface QaItem {
  id: number;
  title_local: string;
  title_local_alias: string;
  action_type: number;
}

/** The data of get-qa-list (contracts `getQaList` response). */
export interface QaList {
  answerList: QaItem[];
  question: { id: number; title_local: string } | null;
  data: string;
}

export type Feedback = 'ask' | 'resolved' | 'notResolved';

export type ChatMessage =
  | { id: number; kind: 'user'; text: string }
  /** A list to choose from: the categories (pid 0) or the questions / follow-ups under `pid`. */
  | { id: number; kind: 'options'; pid: number; items: QaItem[] }
  /** An answer (a list with question and data), with its Resolved / Not resolved feedback. */
  | { id: number; kind: 'answer'; qaId: number; question: string; text: string; feedback: Feedback }
  /** A message from the server: the reply to free text (with Contact CS) or to a low star rating. */
  | { id: number; kind: 'reply'; text: string; contactCs: boolean }
  /** A list that could not be loaded, with a retry. */
  | { id: number; kind: 'loadError'; pid: number }
  /** A list that came back with nothing to show. */
  | { id: number; kind: 'empty'; pid: number };

export type RecordPurpose = 'toComplaint' | 'resolved' | 'notResolved' | 'stars' | 'freeText';

export interface RecordEffect {
  type: 'record';
  purpose: RecordPurpose;
  /** qa-record `type` (contracts: 1 to complaint, 2 resolved or not, 3 stars, 4 free text). */
  recordType: 1 | 2 | 3 | 4;
  value: string;
  qaId: number;
  /** The message the record is about (the answer, or the borrower's own text). */
  messageId?: number;
}

export type ChatEffect = { type: 'load'; pid: number } | RecordEffect | { type: 'navigate'; to: string } | { type: 'goRating' };

export interface ChatState {
  orderNo: string;
  /** Index of the category to open first (query selectedIndex). */
  selectedIndex: number;
  started: boolean;
  messages: ChatMessage[];
  nextId: number;
  /** The pid whose list is loading (one at a time; choices wait for it). */
  loading: number | null;
  /** The text box. */
  input: string;
  /** The borrower's message whose free-text record is running. */
  sending: number | null;
  /** The star dialog is open for this answer. */
  rating: { qaId: number; messageId: number } | null;
  /** Going to the complaint form (record type 1 running): nothing else is taken. */
  leaving: boolean;
}

export type ChatEvent =
  | { type: 'start' }
  | { type: 'loaded'; pid: number; list: QaList }
  | { type: 'loadFailed'; pid: number }
  | { type: 'retry'; pid: number }
  | { type: 'choose'; item: QaItem }
  | { type: 'resolved'; messageId: number }
  | { type: 'notResolved'; messageId: number }
  | { type: 'rate'; stars: number }
  | { type: 'closeRating' }
  | { type: 'input'; text: string }
  | { type: 'send' }
  /** The outcome of a record effect; `reply` is data.reply of a successful record. */
  | { type: 'recorded'; effect: RecordEffect; ok: boolean; reply?: string };

export interface Step {
  state: ChatState;
  effects: ChatEffect[];
}

export function initialChatState(orderNo: string, selectedIndex: number): ChatState {
  return {
    orderNo,
    selectedIndex: Number.isInteger(selectedIndex) && selectedIndex >= 0 ? selectedIndex : 0,
    started: false,
    messages: [],
    nextId: 1,
    loading: null,
    input: '',
    sending: null,
    rating: null,
    leaving: false,
  };
}

/**
 * The complaint form the chatbot leads to (action_type 4). A QA item carries no problem type (contracts), so
 * the form opens without one and asks for it (README "Chatbot to form").
 */
export function complaintFormUrl(orderNo: string): string {
  return formUrl(orderNo);
}

const same = (state: ChatState): Step => ({ state, effects: [] });

// A message of a given kind without its id: the id is assigned when it is appended.
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type NewMessage = WithoutId<ChatMessage>;

function append(state: ChatState, ...messages: NewMessage[]): ChatState {
  let nextId = state.nextId;
  const added = messages.map((m) => ({ ...m, id: nextId++ }));
  return { ...state, messages: [...state.messages, ...added], nextId };
}

function load(state: ChatState, pid: number): Step {
  return { state: { ...state, loading: pid }, effects: [{ type: 'load', pid }] };
}

function record(
  purpose: RecordPurpose,
  recordType: RecordEffect['recordType'],
  value: string,
  qaId: number,
  messageId?: number,
): RecordEffect {
  return { type: 'record', purpose, recordType, value, qaId, messageId };
}

function setFeedback(state: ChatState, messageId: number, feedback: Feedback): ChatState {
  return {
    ...state,
    messages: state.messages.map((m) => (m.id === messageId && m.kind === 'answer' ? { ...m, feedback } : m)),
  };
}

function answerAsking(state: ChatState, messageId: number) {
  const m = state.messages.find((x) => x.id === messageId);
  return m && m.kind === 'answer' && m.feedback === 'ask' ? m : undefined;
}

export function step(state: ChatState, event: ChatEvent): Step {
  switch (event.type) {
    case 'start':
      if (state.started) return same(state);
      return load({ ...state, started: true }, 0);

    case 'loaded': {
      if (state.loading !== event.pid) return same(state);
      const list = event.list;
      let next: ChatState = { ...state, loading: null };
      if (event.pid === 0) {
        // The top categories; the one at selectedIndex is chosen for the borrower.
        if (list.answerList.length === 0) return same(append(next, { kind: 'empty', pid: 0 }));
        next = append(next, { kind: 'options', pid: 0, items: list.answerList });
        const preselected = list.answerList[state.selectedIndex];
        if (!preselected) return same(next);
        return load(append(next, { kind: 'user', text: preselected.title_local }), preselected.id);
      }
      const isAnswer = list.question !== null && list.data.trim() !== '';
      if (isAnswer && list.question) {
        next = append(next, {
          kind: 'answer',
          qaId: list.question.id,
          question: list.question.title_local,
          text: list.data,
          feedback: 'ask',
        });
      }
      if (list.answerList.length > 0) next = append(next, { kind: 'options', pid: event.pid, items: list.answerList });
      else if (!isAnswer) next = append(next, { kind: 'empty', pid: event.pid });
      return same(next);
    }

    case 'loadFailed':
      if (state.loading !== event.pid) return same(state);
      return same(append({ ...state, loading: null }, { kind: 'loadError', pid: event.pid }));

    case 'retry': {
      if (state.loading !== null || state.leaving) return same(state);
      const at = state.messages.findIndex((m) => m.kind === 'loadError' && m.pid === event.pid);
      if (at < 0) return same(state);
      const messages = state.messages.filter((_, i) => i !== at);
      return load({ ...state, messages }, event.pid);
    }

    case 'choose': {
      if (state.loading !== null || state.leaving) return same(state);
      const item = event.item;
      const next = append(state, { kind: 'user', text: item.title_local });
      if (item.action_type === QA_ACTION_COMPLAINT) {
        return { state: { ...next, leaving: true }, effects: [record('toComplaint', QA_RECORD.toComplaint, '', item.id)] };
      }
      return load(next, item.id);
    }

    case 'resolved': {
      const answer = answerAsking(state, event.messageId);
      if (!answer || state.leaving) return same(state);
      const next = { ...setFeedback(state, answer.id, 'resolved'), rating: { qaId: answer.qaId, messageId: answer.id } };
      return { state: next, effects: [record('resolved', QA_RECORD.resolved, '1', answer.qaId, answer.id)] };
    }

    case 'notResolved': {
      const answer = answerAsking(state, event.messageId);
      if (!answer || state.leaving) return same(state);
      return {
        state: setFeedback(state, answer.id, 'notResolved'),
        effects: [record('notResolved', QA_RECORD.resolved, '2', answer.qaId, answer.id)],
      };
    }

    case 'rate': {
      const rating = state.rating;
      if (!rating || !Number.isInteger(event.stars) || event.stars < 1 || event.stars > 5) return same(state);
      const effects: ChatEffect[] = [record('stars', QA_RECORD.stars, String(event.stars), rating.qaId, rating.messageId)];
      if (event.stars >= HIGH_RATING) effects.push({ type: 'goRating' });
      return { state: { ...state, rating: null }, effects };
    }

    case 'closeRating':
      return same({ ...state, rating: null });

    case 'input':
      return same({ ...state, input: truncate(event.text, CHAT_MAX_CHARS) });

    case 'send': {
      const text = state.input.trim();
      if (!text || state.sending !== null || state.leaving) return same(state);
      const next = append(state, { kind: 'user', text });
      const messageId = next.nextId - 1;
      return { state: { ...next, sending: messageId }, effects: [record('freeText', QA_RECORD.freeText, text, 0, messageId)] };
    }

    case 'recorded':
      return recorded(state, event.effect, event.ok, event.reply ?? '');
  }
}

function recorded(state: ChatState, effect: RecordEffect, ok: boolean, reply: string): Step {
  switch (effect.purpose) {
    case 'toComplaint':
      // The record is the service's log of the hand-over; the borrower goes to the form either way.
      return { state, effects: [{ type: 'navigate', to: complaintFormUrl(state.orderNo) }] };

    case 'resolved':
    case 'notResolved':
      if (ok || effect.messageId === undefined) return same(state);
      // Not recorded: the question is asked again (and the star dialog of a failed "resolved" closes).
      return same({
        ...setFeedback(state, effect.messageId, 'ask'),
        rating: state.rating?.messageId === effect.messageId ? null : state.rating,
      });

    case 'stars': {
      const stars = Number(effect.value);
      if (!ok || stars >= HIGH_RATING || !reply.trim()) return same(state);
      return same(append(state, { kind: 'reply', text: reply, contactCs: false }));
    }

    case 'freeText': {
      if (state.sending !== effect.messageId) return same(state);
      if (!ok) {
        // The text stays in the box (it was never cleared) and the unsent bubble goes away.
        return same({ ...state, sending: null, messages: state.messages.filter((m) => m.id !== effect.messageId) });
      }
      const input = state.input.trim() === effect.value ? '' : state.input;
      return same(append({ ...state, sending: null, input }, { kind: 'reply', text: reply, contactCs: true }));
    }
  }
}
