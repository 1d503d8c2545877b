import { useState } from 'react';

/** Logo and app name at the top of the landing and download pages. A logo that fails to load is dropped. */
export function Brand({ logo, appName }: { logo: string; appName: string }) {
  const [broken, setBroken] = useState<string | null>(null);
  const showLogo = logo !== '' && broken !== logo;
  return (
    <div className="pr-brand">
      {showLogo && (
        <img className="pr-brand__logo" src={logo} alt="" width={36} height={36} decoding="async" onError={() => setBroken(logo)} />
      )}
      <span className="pr-brand__name">{appName}</span>
    </div>
  );
}
