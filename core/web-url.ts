import { fullFormats } from 'ajv-formats/dist/formats';

const RFC3986_URI = fullFormats.uri as (value: string) => boolean;

/** The schemes a URL a client gives (evidence links, webhook endpoints, redirect URIs, snapshot locations) may use. */
export const WEB_URL_SCHEMES = ['http', 'https'] as const;

const WITH_HOST = /^https?:\/\/[^/?#]/i;

/**
 * The one rule for every URL field of the API (`format: uri` in the OpenAPI document): an absolute RFC 3986 URI with
 * an http or https scheme and a host. Any other scheme (`javascript:`, `data:`, `vbscript:`, `file:`) is refused:
 * these URLs end up as links in people's browsers (the console, the docs), where such schemes run or read things.
 */
export function isWebUrl(value: string): boolean {
  return RFC3986_URI(value) && WITH_HOST.test(value);
}

export const WEB_URL_MESSAGE = `must be an absolute URL with a host, using ${WEB_URL_SCHEMES.join(' or ')}`;
