import { createHash } from 'node:crypto';

/** At the latest, the scripts start this long after the page was parsed, paint reported or not. */
const FALLBACK_MS = 3000;
/**
 * At the latest, the whole stylesheets apply this long after the loader started, all of them answered or not. Until
 * then they wait for each other, even once the scripts run (FALLBACK_MS): a sheet applied before a later one moves the
 * page (see below), and the page's <style> already has every rule its markup uses.
 */
const SHEETS_FALLBACK_MS = 10000;
/** Elements added per task (see AFTER_PAINT_SCRIPT). */
const BATCH = 6;

/**
 * The scripts of a server-rendered page start after its first paint (issue 14).
 *
 * A server-rendered page has its content in the markup; its scripts (the shell's module script, the modulepreloads
 * of what hydration needs: ~200 KB) only make it interactive. Written as tags after the markup, the browser starts
 * them as soon as it parses them and, when they are cached (every visit after the first: release files are
 * immutable), it can run them, and the hydration they do, before it paints: on a slow phone the borrower then looks
 * at a blank page for the time the hydration takes, with the loan already in it. Started once the first paint is
 * shown, they can never hold it back, and on a slow network the markup's own images do not share the bandwidth with
 * them. What it costs: the downloads start when the page is on screen instead of when its end is parsed, so the page
 * becomes interactive that much later (pages with nothing rendered keep their script tags: page.ts).
 *
 * The page lists them as data (`<script id="lv-scripts" type="application/json">`) and AFTER_PAINT_SCRIPT, inline in the
 * page and allowed by its hash in that page's CSP (AFTER_PAINT_CSP_SOURCE), adds them in order once the browser reports
 * the first contentful paint (Paint Timing). That report is the paint as shown, which comes well after the frame that
 * drew it (measured in Chromium: ~170 ms after the document was parsed, when requestAnimationFrame then a task had
 * already run at ~140 ms), so waiting for a frame is not enough. A browser without Paint Timing waits for the next frame. A hidden page
 * never paints (a web view loaded in the background): it starts them at once, and when it is shown or hidden later.
 * FALLBACK_MS bounds the wait.
 *
 * The page's whole stylesheets come first in the list (its head has only the rules its markup uses: critical-css.ts).
 * They are appended in their order, so the cascade ends as with the whole sheets alone, and the module scripts run only
 * once they have loaded (or failed, or FALLBACK_MS later): what a script renders (a dialog, a message) always has its
 * styles. Their downloads do not wait: every script and preload starts as a modulepreload, BATCH elements per task.
 *
 * The sheets load as `media="print"` (fetched, not applied) and all apply in one step, right before the module scripts
 * run; should a sheet be so slow that the scripts start without it (FALLBACK_MS), the sheets still apply together when
 * it comes (SHEETS_FALLBACK_MS bounds that wait). Applied one by one as each arrived, a sheet that came before a later
 * one overrode, until that one came, the later one's rules that the page's <style> held in their final order:
 * /complainNewPage's order card shrank by 12 px and grew back (two layout shifts, CLS 0.013 in Lighthouse; e2e
 * ssr.spec.ts "the whole stylesheets apply at once", with the fallback too in "… even when the scripts start first").
 *
 * Why in batches: adding the ~8 sheets and ~25 preloads of a page in one go was one task of 13–25 ms in Lighthouse's
 * traces (Chromium starts each fetch as the element is added), which its 4× slowdown counts as 50–100 ms, blocking
 * (bench/: TBT). Six per task, the tasks stay under 12.5 ms (the slowdown's 50 ms); the last batch is a few
 * milliseconds later than a single one would be. A hidden page adds them all at once: nobody waits on its main thread,
 * and a hidden page's timers are throttled (to one a second in Chromium), which would spread the batches over seconds.
 */
export const AFTER_PAINT_SCRIPT = `(function () {
  var data = document.getElementById('lv-scripts');
  if (!data) return;
  var list = JSON.parse(data.textContent);
  var started = false;
  function add(el) {
    el.crossOrigin = 'anonymous';
    document.head.appendChild(el);
  }
  function start() {
    if (started) return;
    started = true;
    var modules = [];
    var sheets = [];
    var pending = 0;
    var applied = false;
    var ran = false;
    var next = 0;
    function apply() {
      if (applied) return;
      applied = true;
      for (var i = 0; i < sheets.length; i++) sheets[i].media = 'all';
    }
    function script(src) {
      var el = document.createElement('script');
      el.type = 'module';
      el.src = src;
      add(el);
    }
    function run() {
      if (ran) return;
      ran = true;
      for (var j = 0; j < modules.length; j++) script(modules[j]);
    }
    function settled() {
      if (--pending === 0 && next === list.length) {
        apply();
        run();
      }
    }
    for (var k = 0; k < list.length; k++) if (list[k].style) pending++;
    function batch() {
      var size = document.visibilityState === 'visible' ? BATCH : list.length;
      for (var end = Math.min(list.length, next + size); next < end; next++) {
        var item = list[next];
        var el = document.createElement('link');
        if (item.style) {
          el.rel = 'stylesheet';
          // Once the others have applied (SHEETS_FALLBACK_MS came before this batch), a sheet applies as it comes.
          el.media = applied ? 'all' : 'print';
          el.href = item.style;
          el.onload = el.onerror = settled;
          sheets.push(el);
        } else {
          el.rel = 'modulepreload';
          el.href = item.preload || item.module;
          if (item.module) modules.push(item.module);
        }
        add(el);
        // The scripts already started (FALLBACK_MS came before this batch): this one starts now, in its order.
        if (ran && item.module) script(item.module);
      }
      if (next < list.length) setTimeout(batch, 0);
      else if (pending === 0) {
        apply();
        run();
      }
    }
    batch();
    // A slow sheet holds the scripts back FALLBACK_MS at most; the sheets still apply together once all have come.
    setTimeout(run, FALLBACK_MS);
    // A sheet that never answers: the others apply after all.
    setTimeout(apply, SHEETS_FALLBACK_MS);
  }
  function soon() {
    setTimeout(start, 0);
  }
  if (document.visibilityState !== 'visible') return start();
  document.addEventListener('visibilitychange', start);
  // Should the paint never be reported, the page still becomes interactive.
  setTimeout(start, FALLBACK_MS);
  if (typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0) {
    new PerformanceObserver(function (entries, observer) {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      soon();
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(soon);
  }
})();
`
  // The longer name first: FALLBACK_MS is a part of it.
  .replace(/SHEETS_FALLBACK_MS/g, String(SHEETS_FALLBACK_MS))
  .replace(/FALLBACK_MS/g, String(FALLBACK_MS))
  .replace(/BATCH/g, String(BATCH));

/**
 * The CSP source that lets exactly this script run inline (a hash source; the product's CSP otherwise allows no inline
 * script). Inline, because as a file it was a request before the first paint: Chromium fetches a script at the end of
 * the body before it paints (at High priority; async at Low, still before the paint), and Lighthouse counted that round
 * trip in the first paint (~0.25 s of simulated LCP). A page with the hash runs only this text inline: an injected
 * copy could only start the scripts script-src allows anyway.
 */
export const AFTER_PAINT_CSP_SOURCE = `'sha256-${createHash('sha256').update(AFTER_PAINT_SCRIPT).digest('base64')}'`;

export type AfterPaintItem = { module: string } | { preload: string } | { style: string };

const TAG = /<(script|link)\b([^>]*)>/g;
const ATTR = (name: string) => new RegExp(`\\s${name}="([^"]*)"`);

/**
 * The page's script tags (module scripts and modulepreloads, as the shell's index.html and the remote's head part
 * write them) as the list the script above reads, in their order. A tag of another kind is not expected here
 * (SCRIPT_TAGS in page.ts picks only those two) and is left out.
 */
export function afterPaintList(tags: string): AfterPaintItem[] {
  const items: AfterPaintItem[] = [];
  for (const [, tag, attrs = ''] of tags.matchAll(TAG)) {
    if (tag === 'script' && /\stype="module"/.test(attrs)) {
      const src = ATTR('src').exec(attrs)?.[1];
      if (src) items.push({ module: unescapeAttr(src) });
    } else if (tag === 'link' && /\srel="modulepreload"/.test(attrs)) {
      const href = ATTR('href').exec(attrs)?.[1];
      if (href) items.push({ preload: unescapeAttr(href) });
    }
  }
  return items;
}

/** An attribute value as written in HTML, unescaped (the entities Vite and attr() write). */
export function unescapeAttr(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
