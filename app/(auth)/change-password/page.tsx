import type { Metadata } from 'next';
import Link from 'next/link';
import { Alert } from '@/components/ui/alert';
import { requireUser } from '@/lib/auth/session';
import { ChangePasswordForm } from './_components/change-password-form';

export const metadata: Metadata = { title: 'Change password' };

export default async function ChangePasswordPage() {
  const user = await requireUser(undefined, { allowPasswordChangePending: true });
  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-fg">Change password</h1>
      <p className="mt-1 text-sm text-fg-muted">Signed in as {user.email}</p>
      {user.mustChangePassword ? (
        <Alert tone="info" className="mt-6" title="Choose your own password">
          You signed in with a one-time password. Set a new one to continue to the console.
        </Alert>
      ) : null}
      <div className="mt-6 rounded-xl border border-border bg-surface p-6 shadow-sm">
        <ChangePasswordForm />
      </div>
      {user.mustChangePassword ? null : (
        <p className="mt-4 text-center text-sm">
          <Link href="/" className="font-medium text-accent-text underline-offset-4 hover:underline">
            Back to the console
          </Link>
        </p>
      )}
    </div>
  );
}
