// Which feature renders a path: the remotes' own route lists (apps/<remote>/src/routes.ts, the same lists that
// feed /remotes.json), matched exactly like the shell matches the manifest. Each feature is one lazily loaded
// chunk (its App.tsx: route table and messages, and its CSS; its screens are chunks of their own), so a page
// downloads only its feature, as a route-split plain Vite app would.
import { lazy, type ComponentType } from 'react';
import { ROUTES as complaintRoutes } from '@monolith/complaint-chatbot/routes.ts';
import { ROUTES as loanDetailsRoutes } from '@monolith/loan-details/routes.ts';
import { ROUTES as marketingRoutes } from '@monolith/marketing/routes.ts';
import { ROUTES as promotionRoutes } from '@monolith/promotion-registration/routes.ts';
import { ROUTES as repaymentRoutes } from '@monolith/repayment/routes.ts';

type Loader = () => Promise<{ default: ComponentType }>;

function feature(name: string, routes: readonly string[], load: Loader) {
  let started: ReturnType<Loader> | undefined;
  const once = () => (started ??= load());
  return { name, routes, load: once, Component: lazy(once) };
}

export const FEATURES = [
  feature('marketing', marketingRoutes, () => import('./features/marketing.ts')),
  feature('complaint-chatbot', complaintRoutes, () => import('./features/complaint-chatbot.ts')),
  feature('loan-details', loanDetailsRoutes, () => import('./features/loan-details.ts')),
  feature('repayment', repaymentRoutes, () => import('./features/repayment.ts')),
  feature('promotion-registration', promotionRoutes, () => import('./features/promotion-registration.ts')),
];

export function featureOf(pathname: string) {
  return FEATURES.find((f) => f.routes.includes(pathname));
}

/** Starts downloading the feature that owns `pathname` (errors surface where the route renders it). */
export function preloadRoute(pathname: string): void {
  featureOf(pathname)
    ?.load()
    .catch(() => undefined);
}
