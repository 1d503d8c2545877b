/** Spec 3 / 7.1: the shared request parameters carried on every URL and call. */
export const SHARED_PARAM_NAMES = ['dId', 'aMar', 'aVer', 'tok', 'aTp', 'dNa', 'oVer', 'gid', 'pf'] as const;
export type SharedParamName = (typeof SHARED_PARAM_NAMES)[number];
export type SharedParams = Partial<Record<SharedParamName, string>>;

/** Identity headers (ARCHITECTURE.md): the page copies tok and dId from its own query into them. */
export const TOKEN_HEADER = 'x-lv-token';
export const DEVICE_HEADER = 'x-lv-device';
