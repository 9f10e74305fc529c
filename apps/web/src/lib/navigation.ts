/**
 * Lets code outside React (the API client) navigate with the router. The router registers its navigate
 * function at start; until then a full page load does the job.
 */
type Navigate = (path: string, opts?: { replace?: boolean; state?: unknown }) => void;

let navigateImpl: Navigate = (path) => window.location.assign(path);

export const registerNavigate = (fn: Navigate): void => {
  navigateImpl = fn;
};

export const navigateTo: Navigate = (path, opts) => navigateImpl(path, opts);

export const currentPath = (): string => `${window.location.pathname}${window.location.search}${window.location.hash}`;
