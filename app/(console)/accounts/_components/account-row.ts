/** The parts of an Account the list and overview render (structural: the lib/api Account type satisfies it). */
export interface AccountRow {
  id: string;
  owner: {
    legalName: string;
    taxId?: { value: string; type?: string | null } | null;
  };
  assets: { asset: string; status: string; allowsVirtualAccounts?: boolean | null }[];
  currentState: { status: string; createdAt?: string };
  createdAt: string;
}
