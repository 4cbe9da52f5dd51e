import type { Logger } from '../logger.ts';

/**
 * The visitor's country from their IP address (docs/product.md#geolocation): first
 * the embedded database (`geoip-country`, offline, no address leaves the server), then
 * the optional external services, in order, each given `timeoutMs`; the first that
 * answers with a country code wins. Failures fall quietly to
 * the next source. Answers are cached per address.
 */
export type Geolocator = { countryOf(address: string | undefined): Promise<string | null> };

export type GeolocatorOptions = {
  /** URL templates; `{ip}` is replaced by the address (appended when absent). */
  services: readonly string[];
  timeoutMs: number;
  logger: Logger;
  /** The embedded lookup; replaceable in tests. */
  embedded?: (address: string) => Promise<string | null>;
};

const COUNTRY = /^[A-Z]{2}$/;
const CACHE_LIMIT = 10_000;
const CACHE_TTL_MS = 24 * 60 * 60 * 1000;
/** An address no source knew is asked again sooner: a service may have been down. */
const UNKNOWN_TTL_MS = 10 * 60 * 1000;

let embeddedDatabase: Promise<{ lookup(ip: string): { country: string } | null }> | undefined;

/** geoip-country loads its data (~0.3 s) on first use, not at start. Offline: no address leaves the server. */
export async function embeddedLookup(address: string): Promise<string | null> {
  embeddedDatabase ??= import('geoip-country').then((module) => module.default);
  const found = (await embeddedDatabase).lookup(address);
  return found?.country ?? null;
}

/** A country code from a service's answer: JSON with a usual field name, or plain text. */
export function countryFromAnswer(body: string): string | null {
  const text = body.trim();
  let candidate: unknown = text;
  if (text.startsWith('{')) {
    try {
      const json = JSON.parse(text) as Record<string, unknown>;
      candidate = json.country_code ?? json.countryCode ?? json.country;
    } catch {
      return null;
    }
  }
  if (typeof candidate !== 'string') return null;
  const code = candidate.trim().toUpperCase();
  return COUNTRY.test(code) ? code : null;
}

function serviceUrl(template: string, address: string): string {
  const ip = encodeURIComponent(address);
  return template.includes('{ip}') ? template.replaceAll('{ip}', ip) : `${template.replace(/\/$/, '')}/${ip}`;
}

export function createGeolocator(options: GeolocatorOptions): Geolocator {
  const embedded = options.embedded ?? embeddedLookup;
  const cache = new Map<string, { country: string | null; until: number }>();

  async function askService(template: string, address: string): Promise<string | null> {
    try {
      const response = await fetch(serviceUrl(template, address), {
        signal: AbortSignal.timeout(options.timeoutMs),
        headers: { accept: 'application/json, text/plain' },
      });
      if (!response.ok) return null;
      return countryFromAnswer(await response.text());
    } catch (error) {
      options.logger.debug({ err: error, service: template }, 'geolocation service failed');
      return null;
    }
  }

  async function resolve(address: string): Promise<string | null> {
    try {
      const country = await embedded(address);
      if (country) return country;
    } catch (error) {
      options.logger.warn({ err: error }, 'embedded geolocation failed');
    }
    for (const service of options.services) {
      const country = await askService(service, address);
      if (country) return country;
    }
    return null;
  }

  /** Lookups under way, so concurrent requests from one address share one chain. */
  const pending = new Map<string, Promise<string | null>>();

  return {
    async countryOf(address) {
      if (!address) return null;
      const cached = cache.get(address);
      if (cached && cached.until > Date.now()) return cached.country;
      let lookup = pending.get(address);
      if (!lookup) {
        lookup = resolve(address).then((country) => {
          if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
          cache.set(address, { country, until: Date.now() + (country ? CACHE_TTL_MS : UNKNOWN_TTL_MS) });
          pending.delete(address);
          return country;
        });
        pending.set(address, lookup);
      }
      return lookup;
    },
  };
}
