import 'server-only';
import QRCode from 'qrcode';
import { getOperation } from '@/lib/api/operations';
import type { Operation } from '@/lib/api/schemas/operation';
import { parseBrCode } from '@/lib/domain/deposits';
import { isNotFound } from '@/lib/errors';

const TERMINAL = new Set(['COMPLETED', 'FAILED']);

/** The QR of a BR Code as an SVG data URL, drawn on the server: no QR library reaches the browser. */
async function qrDataUrl(code: string): Promise<string> {
  const svg = await QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

/**
 * A deposit and how to pay it in: the PIX key, the BR Code (shown only when its checksum holds: a bad one would send
 * money nowhere) and its QR. Null when there is no such operation or it is not a deposit.
 */
export async function loadDepositInstruction(operationId: string) {
  let operation: Operation;
  try {
    operation = (await getOperation(operationId)).data;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
  if (operation.intent.type !== 'DEPOSIT') return null;
  const status = operation.currentState.status;
  const instruction = operation.intent.fundingInstruction as Record<string, unknown>;
  const brCode = typeof instruction.qrCode === 'string' ? instruction.qrCode : null;
  const parsed = brCode ? parseBrCode(brCode) : null;
  const key = typeof instruction.key === 'string' ? instruction.key : (parsed?.key ?? null);
  const code = brCode && parsed?.crcValid ? brCode : null;
  return { operation, status, terminal: TERMINAL.has(status), badCode: Boolean(brCode && !code), key, code, qr: code ? await qrDataUrl(code) : null };
}

export type DepositInstruction = NonNullable<Awaited<ReturnType<typeof loadDepositInstruction>>>;
