import { formatMoney, formatRateBp } from '../i18n/format.ts';
import { t, type Lang } from '../i18n/messages.ts';
import type { Contract } from '../repositories/contracts.ts';

/**
 * The server-rendered agreement page (GET /v3/contract/view). Plain HTML with an inline <style> and no
 * script at all (the CSP allows 'unsafe-inline' styles, never inline scripts); it is shown in the confirm
 * page's iframe (same origin) and opened directly from contract-jump. Every value is HTML-escaped.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const STYLE = `
  :root { color-scheme: light; }
  * { box-sizing: border-box; }
  body { margin: 0; padding: 16px; font: 15px/1.55 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Arial, sans-serif;
         color: #1f2933; background: #fff; }
  main { max-width: 720px; margin: 0 auto; }
  h1 { font-size: 20px; line-height: 1.3; margin: 0 0 12px; }
  h2 { font-size: 16px; margin: 20px 0 6px; }
  p { margin: 0 0 10px; }
  .particulars { border: 1px solid #d9e2ec; border-radius: 8px; padding: 12px; margin: 0 0 16px; background: #f5f8ff; }
  .particulars h2 { margin-top: 0; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; margin: 0; }
  dt { color: #52606d; }
  dd { margin: 0; font-weight: 600; text-align: right; overflow-wrap: break-word; }
  .note { color: #52606d; font-size: 13px; margin-top: 8px; }
  .error { padding-top: 40px; text-align: center; color: #52606d; }
  .back { margin: -4px 0 12px; }
  .back a { display: inline-block; padding: 10px 0; color: #1d4ed8; font-weight: 600; text-decoration: none; }
`;

function page(lang: Lang, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/**
 * Plain-text body → HTML: a line starting with '# ' is a heading; other consecutive lines form a paragraph
 * (kept as line breaks); a blank line ends a paragraph. Everything is escaped.
 */
export function bodyToHtml(text: string): string {
  const out: string[] = [];
  let para: string[] = [];
  const flush = () => {
    if (para.length) out.push(`<p>${para.map(escapeHtml).join('<br>')}</p>`);
    para = [];
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (line === '') flush();
    else if (line.startsWith('# ')) {
      flush();
      out.push(`<h2>${escapeHtml(line.slice(2).trim())}</h2>`);
    } else para.push(line);
  }
  flush();
  return out.join('\n');
}

export interface Particulars {
  orderNo: string | null;
  phone: string | null;
  amount: number | null;
  termDays: number | null;
  dailyRateBp: number | null;
  /** True when amount and term are the product's offer, not a confirmed order's. */
  isOffer: boolean;
}

/**
 * `backHref`: the loan confirmation this page was opened from in place of itself (issue 40), linked at the top;
 * null in the confirmation's popup frame and for a link from anywhere else.
 */
export function renderContractPage(lang: Lang, contract: Contract, p: Particulars, backHref: string | null = null): string {
  const none = `<span>${escapeHtml(t(lang, 'contractNotFilled'))}</span>`;
  const item = (label: string, value: string | null) =>
    `<dt>${escapeHtml(label)}</dt><dd>${value === null ? none : escapeHtml(value)}</dd>`;
  const items = [
    p.orderNo ? item(t(lang, 'contractOrderNo'), p.orderNo) : '',
    item(t(lang, 'contractBorrowerPhone'), p.phone),
    item(t(lang, 'rowLoanAmount'), p.amount === null ? null : formatMoney(p.amount, lang)),
    item(t(lang, 'rowTerm'), p.termDays === null ? null : t(lang, 'days', { days: p.termDays })),
    item(t(lang, 'rowDailyRate'), p.dailyRateBp === null ? null : formatRateBp(p.dailyRateBp, lang)),
  ].join('');
  const title = contract.title[lang];
  return page(
    lang,
    title,
    `${backHref ? `<p class="back"><a href="${escapeHtml(backHref)}">${escapeHtml(t(lang, 'contractBackToConfirm'))}</a></p>\n` : ''}<h1>${escapeHtml(title)}</h1>
<section class="particulars">
<h2>${escapeHtml(t(lang, 'contractParticulars'))}</h2>
<dl>${items}</dl>
${p.isOffer ? `<p class="note">${escapeHtml(t(lang, 'contractOfferNote'))}</p>` : ''}
</section>
${bodyToHtml(contract.body[lang])}`,
  );
}

export function renderErrorPage(lang: Lang, message: string): string {
  return page(lang, t(lang, 'contractPageError'), `<p class="error">${escapeHtml(message)}</p>`);
}
