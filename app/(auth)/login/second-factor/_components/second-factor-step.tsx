'use client';

import { SecondFactorPrompt } from '@/components/security/second-factor-prompt';
import { SignOutButton } from '@/components/shell/sign-out-button';
import { sanitizeCallbackUrl } from '@/lib/security/callback-url';

export function SecondFactorStep({
  methods,
  callbackUrl,
  startOver,
}: {
  methods: { passkey: boolean; totp: boolean; recovery: boolean };
  callbackUrl: string;
  startOver: string;
}) {
  return (
    <div className="space-y-4">
      {/* A full load: the new session cookie is read by every part of the console. */}
      <SecondFactorPrompt methods={methods} onDone={() => window.location.assign(sanitizeCallbackUrl(callbackUrl))} />
      <div className="border-t border-border pt-3">
        <SignOutButton label={startOver} />
      </div>
    </div>
  );
}
