import type { MiddlewareHandler } from 'hono';
import { isIP } from 'node:net';
import { StatusCode } from '@sluice/pipeline-core';
import { HttpRequestError } from '../errors.js';

/** The host name of a `Host` header value (`name:port`, `[v6]:port`), lower-cased, without the port. */
export function hostName(header: string): string {
  const h = header.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']') < 0 ? undefined : h.indexOf(']'));
  const colon = h.indexOf(':');
  return colon < 0 ? h : h.slice(0, colon);
}

/**
 * Whether a Host is safe to answer without credentials. A DNS-rebinding attack needs a host *name*
 * the attacker controls that resolves to this server; an IP literal or `localhost` cannot be rebound,
 * so those pass, and other names only when listed in `http.allowed_hosts` (`*` allows any).
 */
export function hostAllowed(header: string, allowed: readonly string[]): boolean {
  const name = hostName(header);
  if (name === '' || isIP(name) !== 0 || name === 'localhost' || name.endsWith('.localhost')) return true;
  return allowed.some((a) => a === '*' || a.toLowerCase() === name);
}

/** Refuses requests whose Host header names a host this server was not told about (used without a user provider). */
export function hostGuard(allowed: readonly string[]): MiddlewareHandler {
  return async function hostGuard(c, next) {
    const host = c.req.header('host') ?? new URL(c.req.url).host;
    if (!hostAllowed(host, allowed)) {
      throw new HttpRequestError(
        StatusCode.AccessDenied,
        403,
        `Host '${host.slice(0, 200)}' is not allowed: without a user provider only IP addresses, localhost and the names in http.allowed_hosts are answered (DNS-rebinding guard)`,
      );
    }
    await next();
  };
}
