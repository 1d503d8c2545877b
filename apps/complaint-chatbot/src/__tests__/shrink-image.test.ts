import { afterEach, describe, expect, it, vi } from 'vitest';
import { JPEG_QUALITY, MAX_SIDE, fitWithin, shrinkImage } from '../lib/shrink-image.ts';

describe('fitWithin', () => {
  it('scales the longest side down to 1600 and keeps the shape', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(1170, 2532)).toEqual({ width: 739, height: 1600 });
  });

  it('never enlarges', () => {
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(1600, 1600)).toEqual({ width: 1600, height: 1600 });
  });
});

describe('shrinkImage', () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubCanvas(outSize: number) {
    const drawn: number[][] = [];
    const ctx = {
      fillStyle: '',
      fillRect: vi.fn(),
      drawImage: vi.fn((_b: unknown, x: number, y: number, w: number, h: number) => drawn.push([x, y, w, h])),
    };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as unknown as CanvasRenderingContext2D);
    const toBlob = vi
      .spyOn(HTMLCanvasElement.prototype, 'toBlob')
      .mockImplementation((cb: BlobCallback) => cb(new Blob([new Uint8Array(outSize)], { type: 'image/jpeg' })));
    return { drawn, toBlob, ctx };
  }

  it('a 12 MP photo becomes 1600 px on its longest side, JPEG at quality 0.8', async () => {
    const close = vi.fn();
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ width: 4032, height: 3024, close })),
    );
    const { drawn, toBlob, ctx } = stubCanvas(300_000);
    const photo = new File([new Uint8Array(4_000_000)], 'IMG_0001.HEIC', { type: 'image/heic' });
    const out = await shrinkImage(photo);
    expect(drawn).toEqual([[0, 0, 1600, 1200]]);
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', JPEG_QUALITY);
    expect(JPEG_QUALITY).toBe(0.8);
    expect(MAX_SIDE).toBe(1600);
    expect(ctx.fillRect).toHaveBeenCalledWith(0, 0, 1600, 1200);
    expect(out.blob.size).toBe(300_000);
    expect(out.name).toBe('IMG_0001.jpg');
    expect(close).toHaveBeenCalled();
  });

  it('keeps a small photo as it is when re-encoding would not make it smaller', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ width: 800, height: 600, close() {} })),
    );
    stubCanvas(90_000);
    const photo = new File([new Uint8Array(50_000)], 'small.png', { type: 'image/png' });
    const out = await shrinkImage(photo);
    expect(out.blob).toBe(photo);
    expect(out.name).toBe('small.png');
  });

  it('sends the original when the browser cannot decode it', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => Promise.reject(new Error('cannot decode'))),
    );
    const photo = new File(['x'], 'odd.heic', { type: 'image/heic' });
    expect((await shrinkImage(photo)).blob).toBe(photo);
  });

  it('sends the original where createImageBitmap does not exist', async () => {
    vi.stubGlobal('createImageBitmap', undefined);
    const photo = new File(['x'], 'a.jpg', { type: 'image/jpeg' });
    expect((await shrinkImage(photo)).blob).toBe(photo);
  });
});
