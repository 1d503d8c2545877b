import { describe, expect, it } from 'vitest';
import { DRAFT_TTL_MS, clearDraft, draftKey, loadDraft, saveDraft } from '../lib/draft.ts';

describe('complaint draft (local storage, per type and order)', () => {
  const key = draftKey('2', 'DEMO-170');

  it('keys by problem type and order', () => {
    expect(key).toBe('lv.complaint.draft.v1:2:DEMO-170');
    expect(draftKey('', '')).toBe('lv.complaint.draft.v1:-:');
    expect(draftKey('1', 'DEMO-170')).not.toBe(key);
  });

  it('saves, loads and clears', () => {
    saveDraft(key, { text: 'My payment is missing', images: ['/u/1.jpg'] }, 1000);
    expect(loadDraft(key, 2000)).toEqual({
      text: 'My payment is missing',
      images: ['/u/1.jpg'],
      problemType: undefined,
      problemSonType: undefined,
      savedAt: 1000,
    });
    clearDraft(key);
    expect(loadDraft(key)).toBeNull();
  });

  it('an empty draft removes the key', () => {
    saveDraft(key, { text: 'x', images: [] });
    saveDraft(key, { text: '', images: [] });
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('drops an expired draft', () => {
    saveDraft(key, { text: 'old', images: [] }, 0);
    expect(loadDraft(key, DRAFT_TTL_MS + 1)).toBeNull();
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('ignores malformed data and caps what it reads', () => {
    localStorage.setItem(key, '{not json');
    expect(loadDraft(key)).toBeNull();
    localStorage.setItem(key, JSON.stringify({ text: 3, images: [], savedAt: 1 }));
    expect(loadDraft(key, 2)).toBeNull();
    localStorage.setItem(
      key,
      JSON.stringify({ text: 'y'.repeat(300), images: Array.from({ length: 12 }, (_, i) => `/u/${i}`), savedAt: 1 }),
    );
    const d = loadDraft(key, 2)!;
    expect(d.text).toHaveLength(200);
    expect(d.images).toHaveLength(9);
  });
});
