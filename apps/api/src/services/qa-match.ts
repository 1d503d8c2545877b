import type { Lang } from '../i18n/messages.ts';
import type { QaNode } from '../repositories/complaints.ts';

/**
 * Free-text questions of the chatbot (spec 4.2, record type 4) answered from the QA base in the borrower's
 * language: words of the question against words of each answered node's title and answer. No shared word → no
 * answer (the caller says so honestly); never a random pick.
 *
 * Words: lowercased letters/digits, stop words dropped, then a light stem (English -s/-ing/-ed/-ment, Indonesian
 * me-/pe-/di-/ber-/ter- prefixes and -kan/-an/-nya suffixes) so that 'repayment' meets 'repay' and
 * 'pembayaran' meets 'membayar'. Each shared word counts its rarity in the base (idf: 'loan' is everywhere,
 * 'harassing' is not), twice when it is in the node's title, divided by the square root of the field's word count.
 * The best score wins; ties go to the earlier node.
 */

const STOP_WORDS: Record<Lang, Set<string>> = {
  en: new Set(
    `a an the i me my mine we our us you your he she it its they them their this that these those is are was were be
    been being am do does did done have has had having can could will would shall should may might must to of in on
    at by for from with about as into than then so if or and but not no yes please hi hello thanks thank what which
    who whom whose when where why how there here just also very too still any some all get got want need help
    know tell let`.split(/\s+/),
  ),
  id: new Set(
    `yang dan di ke dari saya aku anda kamu ini itu apa apakah bagaimana gimana cara kenapa mengapa kapan siapa berapa
    mana untuk dengan tidak tak belum sudah udah bisa dapat akan ada atau juga karena pada dalam tolong mohon kami
    kita mereka nya lagi masih jika kalau adalah saja sih dong ya halo terima kasih mau ingin perlu tahu bantu
    oleh para sangat lebih agar supaya sebagai`.split(/\s+/),
  ),
};

function stem(word: string, lang: Lang): string {
  const cut = (w: string, n: number) => (w.length - n >= 4 ? w.slice(0, w.length - n) : w);
  if (lang === 'en') {
    for (const suffix of ['ments', 'ment', 'ing', 'ed', 'es', 's']) {
      if (word.endsWith(suffix)) {
        const s = cut(word, suffix.length);
        if (s !== word) return s;
      }
    }
    return word;
  }
  let w = word;
  for (const suffix of ['nya', 'kan', 'lah', 'an']) {
    if (w.endsWith(suffix)) {
      w = cut(w, suffix.length);
      break;
    }
  }
  for (const prefix of ['meng', 'meny', 'mem', 'men', 'me', 'peng', 'pem', 'pen', 'pe', 'ber', 'ter', 'di']) {
    if (w.startsWith(prefix) && w.length - prefix.length >= 4) {
      w = w.slice(prefix.length);
      break;
    }
  }
  return w;
}

export function wordsOf(text: string, lang: Lang): Set<string> {
  const words = new Set<string>();
  for (const raw of text
    .toLowerCase()
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)) {
    if (raw.length < 2 || STOP_WORDS[lang].has(raw)) continue;
    words.add(stem(raw, lang));
  }
  return words;
}

export interface QaMatch {
  node: QaNode;
  score: number;
}

/** The node whose title and answer share the most (rarity-weighted) words with the question, or null. */
export function matchQuestion(question: string, nodes: QaNode[], lang: Lang): QaMatch | null {
  const asked = wordsOf(question, lang);
  if (asked.size === 0) return null;
  const docs = nodes
    .filter((n) => n.answer)
    .map((node) => ({ node, title: wordsOf(node.title, lang), answer: wordsOf(node.answer ?? '', lang) }));
  const df = new Map<string, number>();
  for (const d of docs) {
    for (const w of new Set([...d.title, ...d.answer])) df.set(w, (df.get(w) ?? 0) + 1);
  }
  let best: QaMatch | null = null;
  for (const d of docs) {
    let score = 0;
    for (const w of asked) {
      const inTitle = d.title.has(w);
      if (!inTitle && !d.answer.has(w)) continue;
      const idf = Math.log(1 + docs.length / (df.get(w) ?? 1));
      // Divided by the square root of the field's size: a short title that is all about the word beats a long
      // one that mentions it among others ('How do I repay?' vs 'I have paid but my loan is still unpaid').
      score += inTitle ? (2 * idf) / Math.sqrt(d.title.size) : idf / Math.sqrt(d.answer.size);
    }
    if (score > 0 && (!best || score > best.score)) best = { node: d.node, score };
  }
  return best;
}
