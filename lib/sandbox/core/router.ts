import type { HttpMethod, RouteDef } from './types';

interface Compiled {
  route: RouteDef;
  segments: string[];
  /** Literal segments count: used to prefer `/ubos/list` over `/ubos/:id`. */
  literals: number;
}

export type RouteMatch =
  | { kind: 'found'; route: RouteDef; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: HttpMethod[] }
  | { kind: 'not-found' };

function split(path: string): string[] {
  return path.split('/').filter((s) => s.length > 0);
}

/** Method + path matcher. Literal segments win over `:params`; a path known under another method gives 405. */
export class Router {
  private readonly compiled: Compiled[];

  constructor(routes: RouteDef[]) {
    const seen = new Set<string>();
    this.compiled = routes.map((route) => {
      const segments = split(route.path);
      const sig = `${route.method} ${segments.map((s) => (s.startsWith(':') ? ':' : s)).join('/')}`;
      if (seen.has(sig)) throw new Error(`Duplicate sandbox route: ${route.method} ${route.path}`);
      seen.add(sig);
      return { route, segments, literals: segments.filter((s) => !s.startsWith(':')).length };
    });
    // Most specific first, so the first match is the winner.
    this.compiled.sort((a, b) => b.literals - a.literals);
  }

  get routes(): RouteDef[] {
    return this.compiled.map((c) => c.route);
  }

  match(method: string, path: string): RouteMatch {
    const parts = split(path);
    const allowed: HttpMethod[] = [];
    for (const c of this.compiled) {
      const params = matchSegments(c.segments, parts);
      if (!params) continue;
      if (c.route.method === method) return { kind: 'found', route: c.route, params };
      if (!allowed.includes(c.route.method)) allowed.push(c.route.method);
    }
    return allowed.length ? { kind: 'method-not-allowed', allowed } : { kind: 'not-found' };
  }
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | null {
  if (pattern.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i];
    if (p.startsWith(':')) {
      let value: string;
      try {
        value = decodeURIComponent(parts[i]);
      } catch {
        return null;
      }
      params[p.slice(1)] = value;
    } else if (p !== parts[i]) {
      return null;
    }
  }
  return params;
}
