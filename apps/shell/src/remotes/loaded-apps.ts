import type { ComponentType } from 'react';
import type { RemoteEntry } from './manifest.ts';

// Loaded remote Apps, by name and entry, so moving between routes of one remote does not reload it.
export const loaded = new Map<string, ComponentType>();
export const keyOf = (r: RemoteEntry) => `${r.name}@${r.entry}`;

/**
 * A remote App already at hand (issue 14): the server's render, and the browser before it hydrates a
 * server-rendered page, so that the first render shows the remote, as the server did, not the spinner.
 */
export function provideRemoteApp(remote: RemoteEntry, App: ComponentType): void {
  loaded.set(keyOf(remote), App);
}
