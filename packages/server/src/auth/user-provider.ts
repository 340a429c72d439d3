import { readFileSync } from 'node:fs';
import { timingSafeEqual } from 'node:crypto';
import { SluiceError, StatusCode } from '@sluice/pipeline-core';
import { parsePermissionMode, type PermissionMode } from './permission.js';

/**
 * Checks a user name and password and returns the user's permission mode; throws a SluiceError
 * (UserNotFound / UserPasswordMismatch).
 */
export interface UserProvider {
  authenticate(user: string, password: string): PermissionMode;
}

interface UserEntry {
  readonly password: string;
  readonly mode: PermissionMode;
}

/** `name` or GreptimeDB's `name:mode` (rw, ro, wo, readwrite, readonly, writeonly). */
function parseUserName(left: string, where: string): { name: string; mode: PermissionMode } {
  const colon = left.lastIndexOf(':');
  if (colon < 0) return { name: left, mode: 'rw' };
  const mode = parsePermissionMode(left.slice(colon + 1));
  if (mode === undefined) throw new SluiceError(StatusCode.InvalidArguments, `user_provider ${where}: unknown permission mode '${left.slice(colon + 1)}' (use rw, ro, wo, readwrite, readonly or writeonly)`);
  return { name: left.slice(0, colon).trim(), mode };
}

function parseUsers(text: string, source: string, separator: RegExp): Map<string, UserEntry> {
  const users = new Map<string, UserEntry>();
  text.split(separator).forEach((raw, i) => {
    const entry = raw.trim();
    if (entry === '' || entry.startsWith('#')) return;
    const eq = entry.indexOf('=');
    if (eq <= 0) {
      throw new SluiceError(StatusCode.InvalidArguments, `user_provider ${source}: entry ${i + 1} '${entry}' is not user=password`);
    }
    const { name, mode } = parseUserName(entry.slice(0, eq).trim(), `${source}, entry ${i + 1}`);
    users.set(name, { password: entry.slice(eq + 1), mode });
  });
  if (users.size === 0) throw new SluiceError(StatusCode.InvalidArguments, `user_provider ${source}: no users`);
  return users;
}

function staticProvider(users: Map<string, UserEntry>): UserProvider {
  return {
    authenticate(user, password) {
      const entry = users.get(user);
      if (entry === undefined) throw new SluiceError(StatusCode.UserNotFound, `User not found, username: ${user}`);
      const a = Buffer.from(entry.password);
      const b = Buffer.from(password);
      if (a.length !== b.length || !timingSafeEqual(a, b)) {
        throw new SluiceError(StatusCode.UserPasswordMismatch, `Username and password does not match, username: ${user}`);
      }
      return entry.mode;
    },
  };
}

/** `static_user_provider:file:<path>` (lines `user=password` or `user:ro=password`, `#` comments) or `static_user_provider:cmd:u1=p1,u2=p2`. */
export function parseUserProvider(spec: string): UserProvider {
  const m = /^static_user_provider:(file|cmd):(.*)$/s.exec(spec.trim());
  if (!m) {
    throw new SluiceError(
      StatusCode.InvalidArguments,
      `invalid user_provider '${spec.split(':').slice(0, 2).join(':')}...': expected static_user_provider:file:<path> or static_user_provider:cmd:<user>=<password>,...`,
    );
  }
  if (m[1] === 'cmd') return staticProvider(parseUsers(m[2]!, 'cmd', /,/));
  let text: string;
  try {
    text = readFileSync(m[2]!, 'utf8');
  } catch (e) {
    throw new SluiceError(StatusCode.InvalidArguments, `user_provider file '${m[2]}' cannot be read: ${(e as Error).message}`, { cause: e });
  }
  return staticProvider(parseUsers(text, `file '${m[2]}'`, /\r?\n/));
}
