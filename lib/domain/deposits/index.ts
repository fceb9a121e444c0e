// Deposit instructions. Pure: no React, no server-only.
export { crc16Ccitt, parseBrCode, type BrCode } from './br-code';
export { simulatedPaymentOutcome } from './simulated-payment';
