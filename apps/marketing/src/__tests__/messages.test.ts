import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en.ts';
import { id } from '../i18n/id.ts';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out[key] = v;
    else Object.assign(out, flatten(v, key));
  }
  return out;
}

const flatEn = flatten(en);
const flatId = flatten(id);
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('marketing messages', () => {
  it('have the same keys in English and Indonesian, none empty', () => {
    expect(Object.keys(flatId).sort()).toEqual(Object.keys(flatEn).sort());
    for (const [key, value] of [...Object.entries(flatEn), ...Object.entries(flatId)]) {
      expect(value.trim(), key).not.toBe('');
    }
  });

  it('use the same placeholders in both languages', () => {
    for (const key of Object.keys(flatEn)) expect(placeholders(flatId[key] ?? ''), key).toEqual(placeholders(flatEn[key] ?? ''));
  });

  it('are translated (not copied from English)', () => {
    const same = Object.keys(flatEn).filter((k) => flatEn[k] === flatId[k]);
    expect(same.sort()).toEqual(['brand', 'footer.email', 'form.email', 'service.email']);
  });

  it('carry the exact form messages of spec 5', () => {
    expect(en.form.incomplete).toBe('Please provide complete information!');
    expect(en.form.success).toBe('Submit successfully！');
  });
});
