import {
  BrowserAuthError,
  InteractionRequiredAuthError,
  PublicClientApplication,
  type AuthenticationResult,
} from '@azure/msal-browser';
import { ENTRA_BASE_SCOPES, type TEntraConfig } from '@lms/contracts/entra';

/** Spec section 9: openid, email, profile, offline_access and the app's default scope; the cache in local storage. */
export const scopesOf = (config: TEntraConfig): string[] => [...ENTRA_BASE_SCOPES, `${config.clientId ?? ''}/.default`];

const apps = new Map<string, Promise<PublicClientApplication>>();

/** Where Entra sends the browser after it ended its session: the app's sign-out page, which then says so. */
const postLogoutRedirectUri = () => `${window.location.origin}/logout`;

function newMsal(config: TEntraConfig, onRedirectNavigate?: (url: string) => boolean): PublicClientApplication {
  const authority = config.authority ?? '';
  return new PublicClientApplication({
    auth: {
      clientId: config.clientId ?? '',
      authority,
      // The authority comes from the server (ENTRA_AUTHORITY); a test authority is not one msal knows.
      knownAuthorities: [new URL(authority).host],
      redirectUri: `${window.location.origin}/entra-login`,
      postLogoutRedirectUri: postLogoutRedirectUri(),
      ...(onRedirectNavigate ? { onRedirectNavigate } : {}),
    },
    cache: { cacheLocation: 'localStorage' },
  });
}

function msalOf(config: TEntraConfig): Promise<PublicClientApplication> {
  const key = `${config.authority ?? ''}|${config.clientId ?? ''}`;
  let app = apps.get(key);
  if (!app) {
    const instance = newMsal(config);
    app = instance.initialize().then(() => instance);
    apps.set(key, app);
  }
  return app;
}

/**
 * Issue 28 point 8, signing out as Entra documents for a single-page app (msal's logoutRedirect): msal removes its
 * accounts and tokens from this browser and names the tenant's end-session address, with the account as logout hint
 * and the app's /logout to come back to. Answers that address, or null when this browser holds no Microsoft account.
 * msal does not navigate itself (`onRedirectNavigate` answers false, so it leaves no interaction state behind): the
 * caller goes there once the app's own sign-out is done.
 */
export async function endMicrosoftSession(config: TEntraConfig): Promise<string | null> {
  let endSessionUrl: string | null = null;
  const msal = newMsal(config, (url) => {
    endSessionUrl = url;
    return false;
  });
  await msal.initialize();
  const account = msal.getActiveAccount() ?? msal.getAllAccounts()[0] ?? null;
  if (account)
    await msal.logoutRedirect({
      account,
      postLogoutRedirectUri: postLogoutRedirectUri(),
      // OpenID Connect RP-Initiated Logout 1.0: names the app whose registered address post_logout_redirect_uri is
      // (without an id_token_hint); Entra knows the app from the session and accepts it.
      extraQueryParameters: { client_id: config.clientId ?? '' },
    });
  await msal.clearCache();
  apps.clear();
  return account ? endSessionUrl : null;
}

/** The popup sign-in with the server's nonce (the ID token carries it back to the server, which uses it once). */
export async function signInWithPopup(config: TEntraConfig, nonce: string): Promise<AuthenticationResult> {
  const msal = await msalOf(config);
  const result = await msal.loginPopup({ scopes: scopesOf(config), nonce });
  msal.setActiveAccount(result.account);
  return result;
}

/**
 * A fresh access token without a window: from the cache, by refresh token when forced, or by a full silent
 * sign-on. A silent sign-on that needs a login answers nothing (spec section 8).
 */
export async function acquireSilently(
  config: TEntraConfig,
  opts: { forceRefresh: boolean; reacquire: boolean },
): Promise<string | null> {
  try {
    const msal = await msalOf(config);
    const account = msal.getActiveAccount() ?? msal.getAllAccounts()[0];
    if (!account) return null;
    const scopes = scopesOf(config);
    const result = opts.reacquire
      ? await msal.ssoSilent({ scopes, loginHint: account.username })
      : await msal.acquireTokenSilent({ scopes, account, forceRefresh: opts.forceRefresh });
    return result.accessToken || null;
  } catch (err) {
    if (err instanceof InteractionRequiredAuthError || err instanceof BrowserAuthError) return null;
    throw err;
  }
}

/** The single sign-on errors of spec section 8, from msal's codes and Entra's AADSTS numbers. */
export function entraErrorKey(err: unknown): string | null {
  if (err instanceof BrowserAuthError) {
    if (err.errorCode === 'popup_window_error' || err.errorCode === 'empty_window_error') {
      // A popup that cannot open is logged (spec section 8).
      console.warn('Entra sign-in popup could not open', err.errorCode);
      return 'errors.popupBlocked';
    }
    if (err.errorCode === 'user_cancelled') return 'errors.cancelled';
  }
  const text = err instanceof Error ? err.message : '';
  if (/AADSTS(700016|90002|50020|500011)/.test(text)) return 'errors.clientUnknown';
  return null;
}
