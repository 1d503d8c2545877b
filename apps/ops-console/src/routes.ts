// The routes this remote owns, the same as package.json "lendview.routes" (which feeds /remotes.json; a test
// compares them). In their own module, not App.tsx: a module exporting anything but components makes every edit
// a full page reload instead of Fast Refresh (eslint react-refresh/only-export-components).
// The paths themselves are in lib/paths.ts, which the console's links use too.
export { ROUTES } from './lib/paths.ts';
