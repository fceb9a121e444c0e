/**
 * The copyable fields of a funding instruction, in a stable, rail-specific order with readable labels.
 * Fields the contract leaves open (other rails, extra keys) still show, labelled by their key.
 */

export interface FundingInstructionLike {
  asset?: string | null;
  rail?: string | null;
  [key: string]: unknown;
}

export interface FundingField {
  key: string;
  label: string;
  value: string;
}

const LABELS: Record<string, string> = {
  keyType: 'PIX key type',
  key: 'PIX key',
  qrCode: 'PIX QR code (copy and paste)',
  bankCode: 'Bank code',
  bankName: 'Bank name',
  branch: 'Branch',
  accountNumber: 'Account number',
  accountType: 'Account type',
  barcode: 'Boleto digitable line',
  dueDate: 'Due date',
  network: 'Network',
  walletAddress: 'Wallet address',
  beneficiaryName: 'Beneficiary name',
  reference: 'Reference',
  iban: 'IBAN',
  bic: 'BIC / SWIFT',
  routingNumber: 'Routing number',
};

const ORDER = Object.keys(LABELS);

const RAIL_LABELS: Record<string, string> = {
  PIX_KEY: 'PIX key',
  PIX_STATIC_QR_CODE: 'PIX QR code',
  PIX_DYNAMIC_QR_CODE: 'PIX dynamic QR code',
  PIX_BANK_INSTRUCTION: 'PIX bank details',
  TED: 'TED bank transfer',
  BOLETO: 'Boleto',
  CRYPTO: 'Crypto wallet',
  WIRE: 'Wire',
  SWIFT: 'SWIFT',
  SEPA: 'SEPA',
  ACH: 'ACH',
};

export function railLabel(rail: string | null | undefined): string {
  if (!rail) return 'Funding instruction';
  return RAIL_LABELS[rail] ?? rail;
}

function labelFor(key: string): string {
  return LABELS[key] ?? key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
}

export function fundingFields(instruction: FundingInstructionLike): FundingField[] {
  const fields: FundingField[] = [];
  for (const [key, raw] of Object.entries(instruction)) {
    if (key === 'asset' || key === 'rail' || raw === null || raw === undefined) continue;
    if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') continue;
    fields.push({ key, label: labelFor(key), value: String(raw) });
  }
  const rank = (k: string) => (ORDER.includes(k) ? ORDER.indexOf(k) : ORDER.length);
  return fields.sort((a, b) => rank(a.key) - rank(b.key));
}

const RAIL_ORDER = ['PIX_KEY', 'PIX_STATIC_QR_CODE', 'PIX_DYNAMIC_QR_CODE', 'PIX_BANK_INSTRUCTION', 'TED', 'BOLETO'];

/** Instructions grouped by the account's asset order, local rails (PIX first) before the others. */
export function sortInstructions<T extends FundingInstructionLike>(instructions: T[], assetOrder: string[]): T[] {
  const assetRank = (a: string | null | undefined) => {
    const i = assetOrder.indexOf(a ?? '');
    return i === -1 ? assetOrder.length : i;
  };
  const railRank = (r: string | null | undefined) => {
    const i = RAIL_ORDER.indexOf(r ?? '');
    return i === -1 ? RAIL_ORDER.length : i;
  };
  return [...instructions].sort(
    (a, b) => assetRank(a.asset) - assetRank(b.asset) || railRank(a.rail) - railRank(b.rail),
  );
}
