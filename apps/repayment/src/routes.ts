// The routes this remote owns, the same as package.json "lendview.routes" (which feeds /remotes.json; a test
// compares them). In their own module, not App.tsx: a module exporting anything but components makes every edit
// a full page reload instead of Fast Refresh (eslint react-refresh/only-export-components).
export const ROUTES = ['/that', '/individual', '/installment', '/repayDelay', '/repay', '/bindCard'];
