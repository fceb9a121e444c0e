import { qrSvgDataUrl } from '@/lib/qr/svg';

/**
 * A PIX BR Code as a scannable QR image, drawn as SVG on the server (the browser gets an image, no QR code
 * library). Shown beside the copy-and-paste code; `alt` and `caption` come from the caller's catalogue.
 */
export async function PixQrCode({ code, alt, caption }: { code: string; alt: string; caption: string }) {
  const src = await qrSvgDataUrl(code);
  return (
    <figure className="flex flex-col items-start gap-2">
      {/* A data: URL of an SVG made here: next/image would only add an optimiser round-trip for no gain. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src={src} alt={alt} width={176} height={176} className="rounded-md border border-border bg-white" data-testid="pix-qr" />
      <figcaption className="text-xs text-fg-muted">{caption}</figcaption>
    </figure>
  );
}
