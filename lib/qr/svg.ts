import 'server-only';
import QRCode from 'qrcode';

/**
 * A QR code as an SVG data URL, drawn on the server (no QR library in the browser bundle). Error correction M
 * (15 %), what PIX apps scan comfortably from a screen; a 4-module quiet zone as the QR standard asks.
 */
export async function qrSvgDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4, color: { dark: '#000000', light: '#ffffff' } });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
