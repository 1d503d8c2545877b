/** The header band: the page's one h1, and a subtitle under it when there is one. */
export function PageHeader({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <>
      <h1 className="lv-page__title">{title}</h1>
      {subtitle ? <p className="rp-header__subtitle">{subtitle}</p> : null}
    </>
  );
}
