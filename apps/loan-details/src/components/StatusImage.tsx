import type { StatusImage as StatusImageKey } from '../status.ts';
import img21 from '../assets/status-21.svg';
import img110 from '../assets/status-110.svg';
import img151 from '../assets/status-151.svg';
import img174 from '../assets/status-174.svg';
import img180 from '../assets/status-180.svg';
import img200 from '../assets/status-200.svg';

const IMAGES: Record<StatusImageKey, string> = {
  21: img21,
  110: img110,
  151: img151,
  174: img174,
  180: img180,
  200: img200,
};

/**
 * The picture of an order status (spec 4.9). Decorative: the status headline right under it says the same in
 * words, so the alt is empty. `data-testid="status-image-<status>"` names which picture it is.
 */
export function StatusImage({ image }: { image: StatusImageKey }) {
  return (
    <img
      className="ld-status__image"
      src={IMAGES[image]}
      alt=""
      width={160}
      height={120}
      decoding="async"
      data-testid={`status-image-${image}`}
    />
  );
}
