import { Configuration, FrontendApi } from '@ory/client-fetch';

/**
 * A browser's cookie jar around fetch: stores Set-Cookie, sends cookies back, and follows
 * redirects itself (303 turns into GET) so cookies set on the way are kept, as a browser does.
 */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  get header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  cookie(prefix: string): string | undefined {
    for (const [name, value] of this.cookies) if (name.startsWith(prefix)) return value;
    return undefined;
  }

  fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    let url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    let method = init.method ?? 'GET';
    let body = init.body;
    for (let hop = 0; hop < 10; hop++) {
      const headers = new Headers(init.headers);
      if (this.cookies.size) headers.set('cookie', this.header);
      const response = await fetch(url, { ...init, method, body, headers, redirect: 'manual' });
      this.store(response);
      const location = response.headers.get('location');
      if (init.redirect === 'manual' || response.status < 300 || response.status >= 400 || !location) return response;
      url = new URL(location, url).toString();
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
      }
    }
    throw new Error('too many redirects');
  };

  private store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1);
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** The official SDK configured as Ory's own `frontendClient()` does for an SPA, with a cookie jar. */
export function frontendApi(publicBase: string, jar = new CookieJar()): { api: FrontendApi; jar: CookieJar } {
  return {
    api: new FrontendApi(
      new Configuration({
        basePath: publicBase,
        credentials: 'include',
        headers: { Accept: 'application/json' },
        fetchApi: jar.fetch,
      }),
    ),
    jar,
  };
}
