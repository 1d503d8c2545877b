import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { queryOf } from '@lendview/api-client';
import { loanDetails } from '@lendview/contracts/routes';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Card, Field, Page, TextInput, toast } from '@lendview/ui';
import { buildScreenLinks, loadDevice, saveDevice, setSharedParams, type DeviceFields } from './test-preview-params.ts';
import { useLang } from '@lendview/i18n';

const FIELDS: { key: keyof DeviceFields; label: string; inputMode?: 'numeric' }[] = [
  { key: 'appVersion', label: 'appVersion' },
  { key: 'deviceName', label: 'deviceName' },
  { key: 'deviceId', label: 'deviceId' },
  { key: 'osVersion', label: 'osVersion' },
  { key: 'sessionId', label: 'sessionId' },
  { key: 'adId', label: 'adId' },
  { key: 'productId', label: 'productId', inputMode: 'numeric' },
  { key: 'orderId', label: 'orderId' },
];

/** Spec 2.7: the developer test page. Device fields survive reloads and become the shared request params. */
export function TestPreview() {
  const { t } = useTranslation('shell', { keyPrefix: 'test' });
  const lang = useLang();
  const [device, setDevice] = useState<DeviceFields>(() => loadDevice());
  // What was saved (and so is sent with every request): the fields as typed are not asked about until saved.
  const [saved, setSaved] = useState<DeviceFields>(() => loadDevice());
  const [photo, setPhoto] = useState<{ text: string; url?: string }>();
  const [contact, setContact] = useState('');
  const [location, setLocation] = useState<string>();
  // The amount the order owes, for the payment links (issue 40: they opened as "This payment link is incomplete").
  // Asked with the saved session only, once per save (not per keystroke: a half-typed session answered 401 and
  // the shell's "session ended" screen replaced this page), and a refusal is this page's own business.
  const owed = useQuery({
    ...queryOf(
      loanDetails,
      { productId: saved.productId, orderId: saved.orderId },
      { scope: ['test-preview', saved.sessionId], silent: true, sessionGuard: false },
    ),
    enabled: saved.productId !== '' && saved.orderId !== '' && saved.sessionId !== '',
    retry: false,
  });

  const onSave = (e: FormEvent) => {
    e.preventDefault();
    saveDevice(device);
    setSharedParams(device);
    setSaved(device);
    toast.success(t('saved'));
  };

  const onPhoto = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    setPhoto({
      text: t('photoGot', { name: file.name, size: Math.max(1, Math.round(file.size / 1024)), type: file.type || '?' }),
      url: file.type.startsWith('image/') ? URL.createObjectURL(file) : undefined,
    });
  };

  const onLocate = () => {
    if (!('geolocation' in navigator)) return setLocation(t('locationUnsupported'));
    setLocation(t('locating'));
    navigator.geolocation.getCurrentPosition(
      (p) =>
        setLocation(
          t('locationGot', { lat: p.coords.latitude.toFixed(5), lng: p.coords.longitude.toFixed(5), acc: Math.round(p.coords.accuracy) }),
        ),
      (err) => setLocation(t('locationFailed', { reason: err.message || String(err.code) })),
      { timeout: 10_000 },
    );
  };

  return (
    <Page title={t('title')}>
      <form onSubmit={onSave} aria-labelledby="tp-device">
        <Card>
          <h2 id="tp-device" className="tp-section">
            {t('device')}
          </h2>
          <div className="tp-grid">
            {FIELDS.map((f) => (
              <Field key={f.key} label={t(f.label)}>
                <TextInput
                  name={f.key}
                  value={device[f.key]}
                  inputMode={f.inputMode}
                  onChange={(e: ChangeEvent<HTMLInputElement>) => setDevice({ ...device, [f.key]: e.target.value })}
                />
              </Field>
            ))}
            <Button type="submit" block>
              {t('save')}
            </Button>
          </div>
        </Card>
      </form>

      <h2 className="tp-section">{t('links')}</h2>
      <ul className="tp-links">
        {buildScreenLinks(device, lang, saved.orderId === device.orderId ? owed.data?.amount : undefined).map((l) => (
          <li key={l.label}>
            <Link to={l.href}>{t(l.label)}</Link>
          </li>
        ))}
      </ul>

      <h2 className="tp-section">{t('tools')}</h2>
      <Card>
        <div className="tp-grid">
          <Field label={t('photo')}>
            <input type="file" accept="image/*" capture="environment" onChange={onPhoto} data-testid="tp-photo" />
          </Field>
          <p className="tp-output" role="status">
            {photo?.text ?? t('photoNone')}
          </p>
          {photo?.url && <img className="tp-preview" src={photo.url} alt={photo.text} />}
          <Field label={t('contact')}>
            <TextInput value={contact} onChange={(e: ChangeEvent<HTMLInputElement>) => setContact(e.target.value)} />
          </Field>
          {contact && <p className="tp-output">{t('contactGot', { value: contact })}</p>}
          <Button type="button" variant="secondary" onClick={onLocate}>
            {t('location')}
          </Button>
          {location && (
            <p className="tp-output" role="status">
              {location}
            </p>
          )}
        </div>
      </Card>
    </Page>
  );
}
