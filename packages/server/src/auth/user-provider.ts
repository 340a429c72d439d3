import { readFileSync } from 'node:fs';
import { timingSafeEqual } from 'node:crypto';
import { SluiceError, StatusCode } from '@sluice/pipeline-core';

/** Checks a user name and password; throws a SluiceError (UserNotFound / UserPasswordMismatch). */
export interface UserProvider {
  authenticate(user: string, password: string): void;
}

function parseUsers(text: string, source: string, separator: RegExp): Map<string, string> {
  const users = new Map<string, string>();
  text.split(separator).forEach((raw, i) => {
    const entry = raw.trim();
    if (entry === '' || entry.startsWith('#')) return;
    const eq = entry.indexOf('=');
    if (eq <= 0) {
      throw new SluiceError(StatusCode.InvalidArguments, `user_provider ${source}: entry ${i + 1} '${entry}' is not user=password`);
    }
    users.set(entry.slice(0, eq).trim(), entry.slice(eq + 1));
  });
  if (users.size === 0) throw new SluiceError(StatusCode.InvalidArguments, `user_provider ${source}: no users`);
  return users;
}

function staticProvider(users: Map<string, string>): UserProvider {
  return {
    authenticate(user, password) {
      const expected = users.get(user);
      if (expected === undefined) throw new SluiceError(StatusCode.UserNotFound, `User not found, username: ${user}`);
      const a = Buffer.from(expected);
      const b = Buffer.from(password);
      if (a.length !== b.length || !timingSafeEqual(a, b)) {
        throw new SluiceError(StatusCode.UserPasswordMismatch, `Username and password does not match, username: ${user}`);
      }
    },
  };
}

/** `static_user_provider:file:<path>` (lines `user=password`, `#` comments) or `static_user_provider:cmd:u1=p1,u2=p2`. */
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
