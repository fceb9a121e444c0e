import { signInFromForm } from '@/lib/auth/form-sign-in';

// The sign-in form's action for a submit made before its scripts run (lib/auth/form-sign-in.ts). next-auth's own
// routes stay under [...nextauth]; this static segment takes precedence over the catch-all.
export async function POST(request: Request) {
  return signInFromForm(request);
}
