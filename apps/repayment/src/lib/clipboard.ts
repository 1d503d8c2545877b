/**
 * Copies text. The async Clipboard API first (secure contexts), then the selection fallback that older
 * iOS web views still need. Resolves false when neither worked.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the selection copy
  }
  if (typeof document === 'undefined') return false;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.top = '0';
  area.style.left = '0';
  area.style.opacity = '0';
  area.style.fontSize = '16px'; // no zoom on iOS
  document.body.appendChild(area);
  try {
    area.select();
    area.setSelectionRange(0, text.length);
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** '8808123456789012' → '8808 1234 5678 9012' (easier to read out and type at an ATM). */
export function groupDigits(code: string, size = 4): string {
  const compact = code.replace(/\s+/g, '');
  if (!/^\d+$/.test(compact)) return code;
  return compact.replace(new RegExp(`(\\d{${size}})(?=\\d)`, 'g'), '$1 ');
}
