// The floor of the Lighthouse run: a one-file HTML page with the same loan card and no script. Made at each run
// from the product's own rendering of /loanDetails (demo order DEMO-170), so it follows the current look: the
// rendered markup of the page, every style rule the page applied inlined into one <style>, and no script,
// preload or stylesheet link. Its only other request is the favicon, like any page of the product.
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from '../lib/server.mjs';

export const FLOOR_SOURCE = '/loanDetails?productId=1&orderId=DEMO-170&tok=demo-borrower';

/** Renders `base + FLOOR_SOURCE` at 375 px and returns the one-file page. Throws when the loan card is not there. */
export async function snapshotFloor(base, path = FLOOR_SOURCE) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true });
    const page = await context.newPage();
    await page.goto(base + path, { waitUntil: 'networkidle' });
    const { html, text } = await page.evaluate(() => {
      const css = [];
      for (const sheet of Array.from(document.styleSheets)) {
        try {
          for (const rule of Array.from(sheet.cssRules)) css.push(rule.cssText);
        } catch {
          /* a cross-origin sheet cannot be read; the product has none */
        }
      }
      const doc = document.documentElement.cloneNode(true);
      for (const el of doc.querySelectorAll('script, style, link:not([rel="icon"]), noscript, template')) el.remove();
      // Toasts and live regions hold nothing on a settled page; the card is what is measured.
      const style = document.createElement('style');
      style.textContent = css.join('\n');
      doc.querySelector('head').append(style);
      return { html: `<!doctype html>\n${doc.outerHTML}\n`, text: document.body.innerText };
    });
    if (!/Rp|₹/.test(text)) throw new Error(`the floor's source page ${path} shows no loan card`);
    return html;
  } finally {
    await browser.close();
  }
}
