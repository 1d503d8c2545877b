import { describe, expect, it } from 'vitest';
import { criticalCss, markupTokens, parseSheet } from '../src/ssr/critical-css.ts';

// Only the rules a server-rendered page's markup can use are inlined (src/ssr/critical-css.ts); the whole sheets
// follow after the first paint. Dropping a rule the markup uses would show the borrower an unstyled page until then,
// so every doubt keeps the rule.

const critical = (css: string, html: string) => criticalCss(parseSheet(css)!, markupTokens(html));

describe('critical CSS', () => {
  it('keeps the rules whose classes and ids are all in the markup, drops the others, in the sheet order', () => {
    const css = '.card{color:red}.toast{color:blue}.card .title{margin:0}.card .missing{margin:1px}#root{padding:0}#gone{padding:1px}';
    expect(critical(css, '<div id="root"><section class="card  big"><h2 class="title">x</h2></section></div>')).toBe(
      '.card{color:red}.card .title{margin:0}#root{padding:0}',
    );
  });

  it('keeps a rule when any one of its selectors can match', () => {
    expect(critical('.toast,.card{color:red}.toast,.modal{color:blue}', '<p class="card"></p>')).toBe('.toast,.card{color:red}');
  });

  it('always keeps rules without a class or an id, @keyframes and @font-face', () => {
    const css =
      ':root{--lv-gap:4px}*,:before{box-sizing:border-box}body{margin:0}button:focus-visible{outline:2px solid}' +
      '@keyframes lv-spin{to{transform:rotate(1turn)}}@font-face{font-family:x;src:local(x)}';
    expect(critical(css, '<p></p>')).toBe(css);
  });

  it('filters inside @media and @supports, and leaves an empty one out', () => {
    const css = '@media (min-width:600px){.card{padding:8px}.toast{padding:0}}@supports (display:grid){.toast{display:grid}}';
    expect(critical(css, '<p class="card"></p>')).toBe('@media (min-width:600px){.card{padding:8px}}');
  });

  it('ignores what it cannot judge: attribute selectors, parentheses, pseudo-classes, escapes', () => {
    const css =
      '.card:not(.toast){color:red}[data-x="#nope .nope"]{color:blue}:is(.toast,.card) p{margin:0}' +
      '.card:hover::after{content:".toast"}.sm\\:hidden{display:none}.toast[aria-hidden]{color:green}';
    expect(critical(css, '<p class="card"></p>')).toBe(
      '.card:not(.toast){color:red}[data-x="#nope .nope"]{color:blue}:is(.toast,.card) p{margin:0}' +
        '.card:hover::after{content:".toast"}.sm\\:hidden{display:none}',
    );
  });

  it('reads classes and ids from the markup only from class and id attributes', () => {
    expect([...markupTokens('<p class="a b" id="x" data-class="c">class="d"</p><i class=""></i>')]).toEqual(['.a', '.b', '#x']);
  });

  it('a sheet it cannot parse is null (the page then inlines it whole)', () => {
    expect(parseSheet('.card{color:red')).toBeNull();
    expect(parseSheet('.card{color:red}}')).toBeNull();
    expect(parseSheet('.card{color:red}')).not.toBeNull();
  });
});
