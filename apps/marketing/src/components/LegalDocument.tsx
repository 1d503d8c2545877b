import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Block, DocSection, LegalDoc } from '../content/doc-types.ts';
import { ContactDetails } from './ContactDetails.tsx';
import '../styles/legal.css';

function renderBlock(block: Block, key: number): ReactNode {
  switch (block.type) {
    case 'p':
      return <p key={key}>{block.text}</p>;
    case 'ul':
      return (
        <ul key={key}>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case 'table':
      return (
        <div key={key} className="mk-table-wrap">
          <table className="mk-table">
            <caption>{block.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{block.head[0]}</th>
                <th scope="col">{block.head[1]}</th>
              </tr>
            </thead>
            <tbody>
              {block.rows.map(([label, value]) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td>{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'contact':
      return <ContactDetails key={key} className="mk-legal-contact" />;
  }
}

function Section({ section, level }: { section: DocSection; level: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section id={section.id} aria-labelledby={`${section.id}-title`} className={`mk-legal-section mk-legal-section--h${level}`}>
      <Heading id={`${section.id}-title`}>{section.title}</Heading>
      {section.blocks.map(renderBlock)}
      {section.subsections?.map((sub) => (
        <Section key={sub.id} section={sub} level={3} />
      ))}
    </section>
  );
}

/**
 * A long legal or company text: the title as h1 (unless the page's title band already shows it), an optional
 * table of contents, h2 sections and h3 subsections. Rendered inside the page's <main>.
 */
export function LegalDocument({ doc, toc = true, showTitle = true }: { doc: LegalDoc; toc?: boolean; showTitle?: boolean }) {
  const { t } = useTranslation('marketing');
  return (
    <article className="mk-legal" aria-labelledby={showTitle ? 'mk-legal-title' : undefined} aria-label={showTitle ? undefined : doc.title}>
      {showTitle || doc.updated ? (
        <div className="mk-legal-header">
          {showTitle ? (
            <h1 id="mk-legal-title" className="mk-legal-title">
              {doc.title}
            </h1>
          ) : null}
          {doc.updated ? <p className="mk-legal-updated">{doc.updated}</p> : null}
        </div>
      ) : null}
      {doc.intro.map(renderBlock)}
      {toc && doc.sections.length > 3 ? (
        <nav className="mk-toc" aria-labelledby="mk-toc-title">
          <h2 id="mk-toc-title" className="mk-toc-title">
            {t('common.contents')}
          </h2>
          <ol>
            {doc.sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.title}</a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {doc.sections.map((s) => (
        <Section key={s.id} section={s} level={2} />
      ))}
    </article>
  );
}
