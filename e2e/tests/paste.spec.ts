import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// Issue 40 item 2: a digits-only field cleans what a phone delivers (spaces, dashes, brackets, a leading +, other
// scripts' digits) first and caps after. A `maxlength` on the input cut a pasted "+62 812 3456 7890" to 11
// characters before the page cleaned it, and the visitor's number reached support short by two digits.
// `insertText` is what a paste or an autofill does: one edit of the whole text, which `maxlength` limits.

const EN = 'isNeedPop=1';

async function paste(field: Locator, text: string) {
  await field.focus();
  await field.page().keyboard.insertText(text);
}

for (const [pasted, kept] of [
  ['+62 812 3456 7890', '6281234567890'],
  ['+62 (812) 3456-7890', '6281234567890'],
  ['＋９１ ９８７６５ ４３２１０', '919876543210'],
  ['+91 ९८७६५-४३२१०', '919876543210'],
] as const) {
  test(`the contact form keeps every digit of a pasted "${pasted}"`, async ({ page }) => {
    await page.goto(`/Contact?${EN}`);
    const form = page.locator('form').filter({ has: page.getByLabel('Message') });
    const phone = form.getByLabel('Phone number');
    await paste(phone, pasted);
    await expect(phone).toHaveValue(kept);
    await form.getByLabel('Name', { exact: true }).fill('Asha');
    await form.getByLabel('Message').fill('Please call me back about my loan.');
    const sent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/contact-messages');
    await form.getByRole('button').click();
    expect(new URLSearchParams((await sent).postData() ?? '').get('phone')).toBe(kept);
  });
}

test('the landing cleans a pasted phone and SMS code before it caps them', async ({ page }) => {
  await page.goto('/promo?templateId=1&isNeedPop=1');
  const mobile = page.getByRole('textbox', { name: 'Mobile number', exact: true });
  // The landing's phone is 11 digits (spec 4.4): counted after cleaning, so the brackets and dashes cost nothing.
  await paste(mobile, '(138) 0000-0001');
  await expect(mobile).toHaveValue('13800000001');
  const sms = page.getByRole('textbox', { name: 'SMS code', exact: true });
  await paste(sms, ' 12 34 56 ');
  await expect(sms).toHaveValue('123456');
});
