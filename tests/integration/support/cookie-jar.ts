/**
 * A browser's cookie store, as far as these tests need one: it takes every Set-Cookie a
 * response sends (an expired one removes the cookie) and gives the Cookie header back.
 */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  constructor(header = '') {
    for (const pair of header.split(';')) {
      const index = pair.indexOf('=');
      if (index > 0) this.cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
  }

  /** Applies a response's cookies; returns the jar for chaining. */
  take(response: Response): this {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || pair.slice(index + 1) === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(index + 1));
    }
    return this;
  }

  has(name: string): boolean {
    return [...this.cookies.keys()].some((key) => key.endsWith(name));
  }

  get header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
