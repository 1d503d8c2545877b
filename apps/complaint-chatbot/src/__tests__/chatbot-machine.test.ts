import { describe, expect, it } from 'vitest';
import { type ChatEffect, type ChatEvent, type ChatState, type RecordEffect, initialChatState, step } from '../lib/chatbot-machine.ts';
import { CATEGORIES, HOW_TO_REPAY, REPAYMENT_QUESTIONS, item } from '../test/fixtures.ts';

// Spec 4.2, transition by transition.

function play(state: ChatState, ...events: ChatEvent[]): { state: ChatState; effects: ChatEffect[] } {
  let effects: ChatEffect[] = [];
  for (const e of events) ({ state, effects } = step(state, e));
  return { state, effects };
}

const lastRecord = (effects: ChatEffect[]) => effects.find((e): e is RecordEffect => e.type === 'record');

/** Started on category 1 (Repayment) of order DEMO-170, its questions shown. */
function atQuestions() {
  return play(
    initialChatState('DEMO-170', 1),
    { type: 'start' },
    { type: 'loaded', pid: 0, list: CATEGORIES },
    { type: 'loaded', pid: 2, list: REPAYMENT_QUESTIONS },
  ).state;
}

/** An answer is shown (How do I repay?, qaId 21). */
function atAnswer() {
  return play(atQuestions(), { type: 'choose', item: item(21, 'How do I repay?') }, { type: 'loaded', pid: 21, list: HOW_TO_REPAY }).state;
}

const answerId = (s: ChatState) => s.messages.find((m) => m.kind === 'answer')!.id;

describe('chatbot machine (spec 4.2)', () => {
  it('start loads the top categories (pid 0), once', () => {
    const first = step(initialChatState('DEMO-170', 0), { type: 'start' });
    expect(first.effects).toEqual([{ type: 'load', pid: 0 }]);
    expect(first.state.loading).toBe(0);
    expect(step(first.state, { type: 'start' }).effects).toEqual([]);
  });

  it('the categories arrive: the one at selectedIndex is chosen and its questions load (pid = category id)', () => {
    const { state, effects } = play(initialChatState('DEMO-170', 1), { type: 'start' }, { type: 'loaded', pid: 0, list: CATEGORIES });
    expect(effects).toEqual([{ type: 'load', pid: 2 }]);
    expect(state.loading).toBe(2);
    expect(state.messages.map((m) => m.kind)).toEqual(['options', 'user']);
    expect(state.messages[0]).toMatchObject({ kind: 'options', pid: 0, items: CATEGORIES.answerList });
    expect(state.messages[1]).toMatchObject({ kind: 'user', text: 'Repayment' });
  });

  it('a selectedIndex past the categories chooses nothing: the borrower picks', () => {
    const { state, effects } = play(initialChatState('DEMO-170', 9), { type: 'start' }, { type: 'loaded', pid: 0, list: CATEGORIES });
    expect(effects).toEqual([]);
    expect(state.loading).toBeNull();
    expect(state.messages.map((m) => m.kind)).toEqual(['options']);
  });

  it("the category's questions arrive as choices", () => {
    const state = atQuestions();
    expect(state.loading).toBeNull();
    expect(state.messages.at(-1)).toMatchObject({ kind: 'options', pid: 2, items: REPAYMENT_QUESTIONS.answerList });
  });

  it('a question asks its follow-up (pid = item id); a list with question and data is an answer with Resolved / Not resolved', () => {
    const chose = step(atQuestions(), { type: 'choose', item: item(21, 'How do I repay?') });
    expect(chose.effects).toEqual([{ type: 'load', pid: 21 }]);
    expect(chose.state.messages.at(-1)).toMatchObject({ kind: 'user', text: 'How do I repay?' });
    const { state, effects } = step(chose.state, { type: 'loaded', pid: 21, list: HOW_TO_REPAY });
    expect(effects).toEqual([]);
    expect(state.messages.at(-1)).toMatchObject({
      kind: 'answer',
      qaId: 21,
      question: 'How do I repay?',
      text: HOW_TO_REPAY.data,
      feedback: 'ask',
    });
  });

  it('an answer that has follow-ups shows them after the answer', () => {
    const withMore = { ...HOW_TO_REPAY, answerList: [item(211, 'By bank'), item(212, 'At a mini market')] };
    const { state } = play(
      atQuestions(),
      { type: 'choose', item: item(21, 'How do I repay?') },
      { type: 'loaded', pid: 21, list: withMore },
    );
    expect(state.messages.slice(-2).map((m) => m.kind)).toEqual(['answer', 'options']);
  });

  it('action_type 4 records type 1 (value empty, qaId = item) and, once recorded, goes to the complaint form', () => {
    const toForm = item(23, 'I have paid but my loan is still unpaid', 4);
    const chose = step(atQuestions(), { type: 'choose', item: toForm });
    expect(chose.effects).toEqual([{ type: 'record', purpose: 'toComplaint', recordType: 1, value: '', qaId: 23, messageId: undefined }]);
    expect(chose.state.leaving).toBe(true);
    // Nothing else is taken meanwhile.
    expect(step(chose.state, { type: 'choose', item: item(21, 'How do I repay?') }).effects).toEqual([]);
    const done = step(chose.state, { type: 'recorded', effect: lastRecord(chose.effects)!, ok: true, reply: '' });
    expect(done.effects).toEqual([{ type: 'navigate', to: '/complainPageNext?orderNo=DEMO-170' }]);
  });

  it('the complaint form opens even when the type 1 record failed', () => {
    const chose = step(atQuestions(), { type: 'choose', item: item(23, 'x', 4) });
    const done = step(chose.state, { type: 'recorded', effect: lastRecord(chose.effects)!, ok: false });
    expect(done.effects).toEqual([{ type: 'navigate', to: '/complainPageNext?orderNo=DEMO-170' }]);
  });

  it('Resolved records type 2 value 1 and opens the star dialog', () => {
    const s = atAnswer();
    const { state, effects } = step(s, { type: 'resolved', messageId: answerId(s) });
    expect(effects).toEqual([{ type: 'record', purpose: 'resolved', recordType: 2, value: '1', qaId: 21, messageId: answerId(s) }]);
    expect(state.rating).toEqual({ qaId: 21, messageId: answerId(s) });
    expect(state.messages.find((m) => m.kind === 'answer')).toMatchObject({ feedback: 'resolved' });
    // Asked once: a second tap does nothing.
    expect(step(state, { type: 'resolved', messageId: answerId(s) }).effects).toEqual([]);
  });

  it('3 stars record type 3 value 3, then show the server message; no native rating', () => {
    const s = atAnswer();
    const open = step(s, { type: 'resolved', messageId: answerId(s) }).state;
    const rated = step(open, { type: 'rate', stars: 3 });
    expect(rated.effects).toEqual([{ type: 'record', purpose: 'stars', recordType: 3, value: '3', qaId: 21, messageId: answerId(s) }]);
    expect(rated.state.rating).toBeNull();
    const shown = step(rated.state, {
      type: 'recorded',
      effect: lastRecord(rated.effects)!,
      ok: true,
      reply: 'Sorry. How can we do better?',
    });
    expect(shown.effects).toEqual([]);
    expect(shown.state.messages.at(-1)).toMatchObject({ kind: 'reply', text: 'Sorry. How can we do better?', contactCs: false });
  });

  it('5 stars record type 3 value 5 and call the native rating; no message', () => {
    const s = atAnswer();
    const open = step(s, { type: 'resolved', messageId: answerId(s) }).state;
    const rated = step(open, { type: 'rate', stars: 5 });
    expect(rated.effects).toEqual([
      { type: 'record', purpose: 'stars', recordType: 3, value: '5', qaId: 21, messageId: answerId(s) },
      { type: 'goRating' },
    ]);
    const after = step(rated.state, { type: 'recorded', effect: lastRecord(rated.effects)!, ok: true, reply: 'ignored' });
    expect(after.state.messages).toEqual(rated.state.messages);
  });

  it('4 stars is "4 or more": native rating', () => {
    const s = atAnswer();
    const open = step(s, { type: 'resolved', messageId: answerId(s) }).state;
    expect(step(open, { type: 'rate', stars: 4 }).effects.map((e) => e.type)).toEqual(['record', 'goRating']);
  });

  it('a star without the dialog open, or out of 1-5, does nothing', () => {
    const s = atAnswer();
    expect(step(s, { type: 'rate', stars: 5 }).effects).toEqual([]);
    const open = step(s, { type: 'resolved', messageId: answerId(s) }).state;
    expect(step(open, { type: 'rate', stars: 0 }).effects).toEqual([]);
    expect(step(open, { type: 'rate', stars: 6 }).effects).toEqual([]);
    expect(step(open, { type: 'closeRating' }).state.rating).toBeNull();
  });

  it('Not resolved records type 2 value 2', () => {
    const s = atAnswer();
    const { state, effects } = step(s, { type: 'notResolved', messageId: answerId(s) });
    expect(effects).toEqual([{ type: 'record', purpose: 'notResolved', recordType: 2, value: '2', qaId: 21, messageId: answerId(s) }]);
    expect(state.rating).toBeNull();
    expect(state.messages.find((m) => m.kind === 'answer')).toMatchObject({ feedback: 'notResolved' });
  });

  it('a feedback that could not be recorded is asked again', () => {
    const s = atAnswer();
    const r = step(s, { type: 'resolved', messageId: answerId(s) });
    const failed = step(r.state, { type: 'recorded', effect: lastRecord(r.effects)!, ok: false });
    expect(failed.state.rating).toBeNull();
    expect(failed.state.messages.find((m) => m.kind === 'answer')).toMatchObject({ feedback: 'ask' });
  });

  it('free text records type 4 (value = the text), then shows the reply with Contact CS and clears the box', () => {
    const typed = step(atQuestions(), { type: 'input', text: '  My payment is missing  ' }).state;
    const sent = step(typed, { type: 'send' });
    expect(sent.effects).toEqual([
      { type: 'record', purpose: 'freeText', recordType: 4, value: 'My payment is missing', qaId: 0, messageId: sent.state.nextId - 1 },
    ]);
    expect(sent.state.messages.at(-1)).toMatchObject({ kind: 'user', text: 'My payment is missing' });
    expect(sent.state.input).toBe('  My payment is missing  ');
    const replied = step(sent.state, {
      type: 'recorded',
      effect: lastRecord(sent.effects)!,
      ok: true,
      reply: 'Payments are confirmed within minutes.',
    });
    expect(replied.state.messages.at(-1)).toMatchObject({ kind: 'reply', text: 'Payments are confirmed within minutes.', contactCs: true });
    expect(replied.state.input).toBe('');
    expect(replied.state.sending).toBeNull();
  });

  it('text typed while a send runs is not wiped by its success', () => {
    const sent = step(step(atQuestions(), { type: 'input', text: 'First' }).state, { type: 'send' });
    const typing = step(sent.state, { type: 'input', text: 'Second question' }).state;
    const replied = step(typing, { type: 'recorded', effect: lastRecord(sent.effects)!, ok: true, reply: 'ok' });
    expect(replied.state.input).toBe('Second question');
  });

  it('an empty send does nothing', () => {
    const s = atQuestions();
    for (const text of ['', '   ', '\n']) {
      const { state, effects } = step(step(s, { type: 'input', text }).state, { type: 'send' });
      expect(effects).toEqual([]);
      expect(state.messages).toEqual(s.messages);
    }
  });

  it('a send that fails keeps the text in the box and takes the unsent bubble away', () => {
    const typed = step(atQuestions(), { type: 'input', text: 'Where is my money?' }).state;
    const sent = step(typed, { type: 'send' });
    // A second send while the first runs is ignored.
    expect(step(sent.state, { type: 'send' }).effects).toEqual([]);
    const failed = step(sent.state, { type: 'recorded', effect: lastRecord(sent.effects)!, ok: false });
    expect(failed.state.input).toBe('Where is my money?');
    expect(failed.state.messages).toEqual(typed.messages);
    expect(failed.state.sending).toBeNull();
  });

  it('the box holds at most 200 characters (the record value limit)', () => {
    const { state } = step(initialChatState('', 0), { type: 'input', text: 'x'.repeat(250) });
    expect(state.input).toHaveLength(200);
  });

  it('a list that fails to load offers a retry, which loads it again', () => {
    const s = play(initialChatState('DEMO-170', 0), { type: 'start' }, { type: 'loadFailed', pid: 0 }).state;
    expect(s.messages).toEqual([expect.objectContaining({ kind: 'loadError', pid: 0 })]);
    const retried = step(s, { type: 'retry', pid: 0 });
    expect(retried.effects).toEqual([{ type: 'load', pid: 0 }]);
    expect(retried.state.messages).toEqual([]);
  });

  it('choices wait while a list loads, and a late answer for another pid is ignored', () => {
    const loading = play(initialChatState('DEMO-170', 1), { type: 'start' }, { type: 'loaded', pid: 0, list: CATEGORIES }).state;
    expect(step(loading, { type: 'choose', item: item(1, 'Loan application') }).effects).toEqual([]);
    expect(step(loading, { type: 'loaded', pid: 1, list: REPAYMENT_QUESTIONS }).state).toBe(loading);
  });

  it('an empty list says there is nothing more', () => {
    const { state } = play(
      atQuestions(),
      { type: 'choose', item: item(22, 'Late?') },
      { type: 'loaded', pid: 22, list: { answerList: [], question: null, data: '' } },
    );
    expect(state.messages.at(-1)).toMatchObject({ kind: 'empty', pid: 22 });
  });
});
