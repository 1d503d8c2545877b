export { type Answer, type ApiCall, type RequestBody, type Handler, fail, ok, stubApi } from './api.ts';
export {
  type RenderOptions,
  Elsewhere,
  currentLocation,
  expectLocation,
  expectToast,
  renderApp,
  setLang,
  settle,
  toastText,
  where,
} from './render.tsx';
export { type Hydrated, hydrateServerRendered, unmountHydrated } from './hydrate.tsx';
