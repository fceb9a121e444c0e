// Pure: which paths the proxy's signed-out redirect covers (a first pass; pages still call requireUser()).

export function isPublicPath(pathname: string): boolean {
  if (pathname === '/login' || pathname.startsWith('/login/')) return true;
  // Route handlers answer 401/403 themselves; an HTML redirect would be wrong for fetch/JSON callers.
  if (pathname === '/api' || pathname.startsWith('/api/')) return true;
  if (pathname === '/sandbox' || pathname.startsWith('/sandbox/')) return true;
  if (pathname.startsWith('/_next/')) return true;
  // Files from public/ (favicon.ico, robots.txt, images).
  if (/\/[^/]+\.[a-z0-9]{2,5}$/i.test(pathname)) return true;
  return false;
}
