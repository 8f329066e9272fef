import { TOTP } from 'otpauth';

/**
 * A minimal browser for API tests: keeps cookies per name and signs in through the identity
 * service's public Kratos API exactly as the web app does (JSON browser flows with CSRF).
 */
export class TestBrowser {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly origin: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(`${this.origin}${path}`, {
      ...init,
      redirect: 'manual',
      headers: { accept: 'application/json', cookie: this.cookieHeader, ...init.headers },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', ...value] = pair.split('=');
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join('='));
    }
    return response;
  }

  async json<T>(path: string, init: RequestInit & { body?: string } = {}): Promise<{ status: number; body: T }> {
    const response = await this.fetch(path, {
      ...init,
      headers: init.body === undefined ? init.headers : { 'content-type': 'application/json', ...init.headers },
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }

  /** Password sign-in, then the TOTP step when the identity has one. */
  async signIn(email: string, password: string, totpSecret?: string): Promise<void> {
    const first = await this.submitLoginFlow('', { method: 'password', identifier: email, password });
    if (first === 200) return;
    if (first !== 422 || !totpSecret) throw new Error(`password sign-in answered ${first}`);
    // The identity service refuses a TOTP code used before, so a second sign-in within the same
    // 30 s takes the next step's code, which it accepts for clock drift.
    const totp = new TOTP({ secret: totpSecret, digits: 6, period: 30, algorithm: 'SHA1' });
    let second = 0;
    for (const ahead of [0, 30_000]) {
      const totp_code = totp.generate({ timestamp: Date.now() + ahead });
      second = await this.submitLoginFlow('?aal=aal2&refresh=true', { method: 'totp', totp_code });
      if (second === 200) return;
    }
    throw new Error(`TOTP sign-in answered ${second}`);
  }

  /** Registration with e-mail, password and the terms, as the web app submits it; leaves a session. */
  async register(email: string, password: string): Promise<void> {
    const flow = await this.json<{ id: string; ui: { nodes: { attributes: { name?: string; value?: unknown } }[] } }>(
      '/identity/self-service/registration/browser',
    );
    const csrf_token = flow.body.ui.nodes.find((node) => node.attributes.name === 'csrf_token')?.attributes.value;
    const submitted = await this.json(`/identity/self-service/registration?flow=${flow.body.id}`, {
      method: 'POST',
      body: JSON.stringify({ method: 'password', traits: { email, terms_agreed: true }, password, csrf_token }),
    });
    if (submitted.status !== 200) throw new Error(`registration answered ${submitted.status}`);
  }

  private async submitLoginFlow(query: string, fields: Record<string, string>): Promise<number> {
    const flow = await this.json<{ id: string; ui: { nodes: { attributes: { name?: string; value?: unknown } }[] } }>(
      `/identity/self-service/login/browser${query}`,
    );
    if (flow.status !== 200) throw new Error(`creating a login flow answered ${flow.status}`);
    const csrf_token = flow.body.ui.nodes.find((node) => node.attributes.name === 'csrf_token')?.attributes.value;
    const submitted = await this.json(`/identity/self-service/login?flow=${flow.body.id}`, {
      method: 'POST',
      body: JSON.stringify({ ...fields, csrf_token }),
    });
    return submitted.status;
  }
}
