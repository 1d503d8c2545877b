import type { Queryable } from '../db/types.ts';
import type { LiveRow } from './catalog.ts';

/**
 * Route ownership (issue 16, docs/releasing.md "Route ownership"): a top-level route has one owner among the live
 * remotes. The release commands refuse a remote whose routes another live remote owns (service.ts
 * assertRoutesFree); the server resolves overlaps that already exist (older data, a direct edit of the database)
 * the same way on every instance: the route belongs to the remote that has claimed it, without a break, since
 * the earliest switch (then the app name), and /remotes.json lists the conflict (serving.ts).
 */

/** A route as the shell matches it (apps/shell/src/remotes/manifest.ts findOwner): exact, a trailing slash ignored. */
export function normalRoute(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** The top-level routes a declaration claims (lendview-remote.json "routes"), each once, as written. */
export function declaredRoutes(declaration: unknown): string[] {
  const routes = (declaration as { routes?: unknown } | null)?.routes;
  if (!Array.isArray(routes)) return [];
  return [...new Set(routes.filter((r): r is string => typeof r === 'string' && r.startsWith('/')))];
}

/** The normalised routes a declaration claims. */
export function claimedRoutes(declaration: unknown): Set<string> {
  return new Set(declaredRoutes(declaration).map(normalRoute));
}

/** One live remote as ownership sees it. */
export type Claimant = Pick<LiveRow, 'app' | 'version' | 'kind' | 'declaration' | 'changed_at'>;

export interface RouteConflict {
  /** The normalised route. */
  route: string;
  /** The app that owns it (the earliest claim, then the app name). */
  owner: string;
  /** The other live apps that claim it too, in the order of their claims. */
  others: string[];
}

export interface RouteOwnership {
  /** normalised route -> owning app, for every route a live remote claims. */
  owners: Map<string, string>;
  /** Routes more than one live remote claims (sorted by route). */
  conflicts: RouteConflict[];
}

interface SwitchEvent {
  app: string;
  version: string;
  at: Date;
  declaration: unknown;
}

/**
 * Since when `app` has claimed `route` without a break: the oldest of the switches, walking back from the one
 * that made the live version live, whose versions all claim it. The live row's changed_at when the history does
 * not reach the live version (a direct edit of the database).
 */
function claimedSince(claimant: Claimant, route: string, events: SwitchEvent[]): number {
  const mine = events.filter((e) => e.app === claimant.app); // newest first
  if (mine.length === 0 || mine[0]!.version !== claimant.version) return claimant.changed_at.getTime();
  let since = mine[0]!.at.getTime();
  for (const e of mine) {
    if (!claimedRoutes(e.declaration).has(route)) break;
    since = e.at.getTime();
  }
  return since;
}

/**
 * Who owns each route among the live remotes, deterministically: a route one remote claims is its own; a route
 * several claim belongs to the one that claimed it first (its earliest unbroken claim in the history, else its
 * live row's changed_at), then to the smaller app name. The history is read only when there is a conflict.
 */
export async function routeOwnership(q: Queryable, live: Claimant[]): Promise<RouteOwnership> {
  const claims = new Map<string, Claimant[]>();
  for (const r of live) {
    if (r.kind !== 'remote') continue;
    for (const route of claimedRoutes(r.declaration)) claims.set(route, [...(claims.get(route) ?? []), r]);
  }
  const owners = new Map<string, string>();
  const contested = [...claims].filter(([, who]) => who.length > 1);
  for (const [route, who] of claims) if (who.length === 1) owners.set(route, who[0]!.app);
  if (contested.length === 0) return { owners, conflicts: [] };

  const apps = [...new Set(contested.flatMap(([, who]) => who.map((c) => c.app)))];
  const events = await q.query<SwitchEvent>(
    `SELECT h.app, h.version, h.at, v.declaration
       FROM release_history h LEFT JOIN release_versions v ON v.app = h.app AND v.version = h.version
      WHERE h.app IN (SELECT jsonb_array_elements_text($1::jsonb))
      ORDER BY h.id DESC`,
    [JSON.stringify(apps)],
  );
  const conflicts: RouteConflict[] = [];
  for (const [route, who] of contested.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const ranked = who
      .map((c) => ({ app: c.app, since: claimedSince(c, route, events) }))
      .sort((a, b) => a.since - b.since || (a.app < b.app ? -1 : a.app > b.app ? 1 : 0));
    owners.set(route, ranked[0]!.app);
    conflicts.push({ route, owner: ranked[0]!.app, others: ranked.slice(1).map((r) => r.app) });
  }
  return { owners, conflicts };
}

/** A route one build claims that another app owns (or, in a local publish, also claims). */
export interface RouteClash {
  route: string;
  app: string;
  version: string;
  /** The other app, its version, and whether it is live or part of the same local publish. */
  other: { app: string; version: string; where: 'live' | 'publish' };
}

/**
 * The message of a refused release, rollback or publish: every clash, grouped by the two apps, then what to do.
 * `hijack 0.1.0 claims /repay, which repayment 0.1.0 (live) owns. A route has one owner: release repayment
 * without it first, or pick another path.`
 */
export function routeClashMessage(clashes: RouteClash[]): string {
  const groups = new Map<string, RouteClash[]>();
  for (const c of clashes) {
    const key = `${c.app} ${c.version}\0${c.other.app} ${c.other.version}\0${c.other.where}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  const lines = [...groups.values()].map((group) => {
    const { app, version, other } = group[0]!;
    const routes = group.map((c) => c.route);
    const list = routes.length === 1 ? routes[0] : `${routes.slice(0, -1).join(', ')} and ${routes.at(-1)}`;
    return other.where === 'live'
      ? `${app} ${version} claims ${list}, which ${other.app} ${other.version} (live) owns.`
      : `${app} ${version} claims ${list}, which ${other.app} ${other.version} (in this publish) also claims.`;
  });
  const holders = [...new Set(clashes.map((c) => c.other.app))];
  const them = holders.length === 1 ? holders[0] : `${holders.slice(0, -1).join(', ')} and ${holders.at(-1)}`;
  return `${lines.join('\n')}\nA route has one owner: release ${them} without it first, or pick another path.`;
}
