import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { StepUpStatement } from './statement';

/**
 * The step-up's wire types, shared by the server (lib/auth/step-up/service.ts re-exports them) and the dialog
 * (components/step-up/step-up-dialog.tsx), which must not import server code.
 */
export type StepUpMethod = 'webauthn' | 'totp';

export type StepUpChallenge = {
  challengeId: string;
  /** `totp` only when the user has no passkey: the code is not bound to the statement by the authenticator (weaker). */
  method: StepUpMethod;
  /** WebAuthn request options; `challenge` is the statement's digest. */
  options?: PublicKeyCredentialRequestOptionsJSON;
  digest: string;
  expiresAt: string;
  statement: StepUpStatement;
};

/** What the dialog hands back to the caller's server action. */
export type StepUpResponse = { challengeId: string; webauthn?: unknown; totp?: string };

/** What the audit keeps: enough to show what was signed and to re-check the signature later. */
export type StepUpProof = {
  method: StepUpMethod;
  digest: string;
  canonical: string;
  credentialId?: string;
  credentialName?: string;
  authenticatorData?: string;
  clientDataJSON?: string;
  signature?: string;
  /** COSE public key (base64url) at signing time: the audit's Verify still works after the passkey is removed. */
  publicKey?: string;
  /** When the step-up was accepted (ISO). */
  signedAt?: string;
};
