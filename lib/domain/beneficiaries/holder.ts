/** A beneficiary who is a person must be an adult: 18 or older on `today` (UTC dates, as the service uses). */
export const ADULT_AGE = 18;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** How the company relates to the person it pays (the form's choice; zod-free so the form can import it without the schema). */
export const RELATIONSHIP_TYPES = ['SELF_OWNED', 'THIRD_PARTY'] as const;

/** Who a beneficiary is: a person (CPF) or a company (CNPJ, upstream's COMPANY holder). */
export const HOLDER_TYPES = ['INDIVIDUAL', 'COMPANY'] as const;

export type DateOfBirthProblem = 'DOB_REQUIRED' | 'DOB_INVALID' | 'DOB_IN_FUTURE' | 'DOB_UNDERAGE';

export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** null when `dob` (yyyy-mm-dd) is a real date, not after `today`, and at least 18 years before it. */
export function dateOfBirthProblem(dob: string, today: Date): DateOfBirthProblem | null {
  if (!dob || dob.trim() === '') return 'DOB_REQUIRED';
  if (!ISO_DATE.test(dob)) return 'DOB_INVALID';
  const parsed = new Date(`${dob}T00:00:00.000Z`);
  if (Number.isNaN(parsed.getTime()) || isoDate(parsed) !== dob) return 'DOB_INVALID';
  const todayIso = isoDate(today);
  if (dob > todayIso) return 'DOB_IN_FUTURE';
  // The 18th birthday; someone born on 29 February turns 18 on 1 March in a non-leap year.
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number];
  const adultOn = new Date(Date.UTC(y + ADULT_AGE, m - 1, d));
  return isoDate(adultOn) > todayIso ? 'DOB_UNDERAGE' : null;
}

/** "João Pereira" for an individual holder, the legal name for a company, else the type. */
export function holderName(holder: { type: string; firstName?: unknown; lastName?: unknown; legalName?: unknown }): string {
  if (typeof holder.firstName === 'string' || typeof holder.lastName === 'string') {
    return [holder.firstName, holder.lastName].filter((p): p is string => typeof p === 'string' && p !== '').join(' ');
  }
  if (typeof holder.legalName === 'string') return holder.legalName;
  return holder.type;
}
