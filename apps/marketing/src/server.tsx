// This remote's server entry (issue 14, docs/performance.md "Server rendering"): built by `vite build --ssr` into
// dist/server/entry.mjs and published with the version. The API renders the page with the same App the browser
// loads through Module Federation; the data comes from what the screens ask React Query for, so nothing here
// names a route or a call.
export { default } from './App.tsx';
// Its messages: each render of this version gets these, never another version's (issue 33).
export { messages } from './i18n/index.ts';
