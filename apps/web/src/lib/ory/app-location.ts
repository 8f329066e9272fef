/**
 * Where in the app a browser redirect of the identity service leads. Kratos answers SPAs with
 * `redirect_browser_to` pointing at its own init endpoints (to start a second-factor or re-auth login,
 * say) or at the app's UI; the app follows them inside the router instead of reloading the page.
 * Anything else is left to the browser (undefined).
 */
export function appLocationOf(target: string, identityBase: string, appOrigin: string): string | undefined {
  let url: URL;
  try {
    url = new URL(target, appOrigin);
  } catch {
    return undefined;
  }
  const base = new URL(identityBase, appOrigin);
  const basePath = base.pathname.replace(/\/$/, '');
  if (url.origin === base.origin && url.pathname.startsWith(`${basePath}/self-service/`)) {
    const [kind, step] = url.pathname.slice(basePath.length + '/self-service/'.length).split('/');
    if (step !== 'browser') return undefined;
    if (kind === 'settings') return `/settings${url.search}`;
    if (kind === 'login' || kind === 'registration' || kind === 'recovery' || kind === 'verification') {
      return `/auth/${kind}${url.search}`;
    }
    return undefined;
  }
  if (url.origin === new URL(appOrigin).origin) return `${url.pathname}${url.search}${url.hash}`;
  return undefined;
}
