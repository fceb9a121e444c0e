import { describe, expect, it } from 'vitest';
import { qrSvgDataUrl } from './svg';

const BR_CODE = '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

describe('qrSvgDataUrl', () => {
  it('draws the BR Code as an SVG image', async () => {
    const url = await qrSvgDataUrl(BR_CODE);
    expect(url.startsWith('data:image/svg+xml;base64,')).toBe(true);
    const svg = Buffer.from(url.split(',')[1], 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('<path');
    // A different code draws different modules.
    expect(await qrSvgDataUrl(`${BR_CODE}0`)).not.toBe(url);
  });
});
