import { h } from './dom.js';

const KEY = 'sluice.auth';

/** The `Authorization` header value kept for this browser tab, if the user signed in. */
export function authHeader(): string | undefined {
  return sessionStorage.getItem(KEY) ?? undefined;
}

export function signOut(): void {
  sessionStorage.removeItem(KEY);
}

let pending: Promise<void> | undefined;

/**
 * Asks for a user name and password once (concurrent requests that got a 401 wait on the same
 * dialog), keeps `Basic base64(user:password)` for the tab and resolves; the caller retries.
 */
export function askCredentials(message: string): Promise<void> {
  if (pending !== undefined) return pending;
  pending = new Promise<void>((resolve, reject) => {
    const user = h('input', { name: 'user', autocomplete: 'username', testid: 'login-user', required: true });
    const password = h('input', { name: 'password', type: 'password', autocomplete: 'current-password', testid: 'login-password' });
    const form = h(
      'form',
      { class: 'login', testid: 'login' },
      h('h2', {}, 'Sign in to Sluice'),
      h('p', { class: 'muted' }, message),
      h('label', {}, 'User ', user),
      h('label', {}, 'Password ', password),
      h('div', {}, h('button', { type: 'submit', class: 'primary', testid: 'login-submit' }, 'Sign in'), ' ', h('button', { type: 'button', testid: 'login-cancel', onclick: () => cancel() }, 'Cancel')),
    );
    const backdrop = h('div', { class: 'backdrop' }, form);
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const bytes = new TextEncoder().encode(`${user.value}:${password.value}`);
      sessionStorage.setItem(KEY, 'Basic ' + btoa(String.fromCharCode(...bytes)));
      backdrop.remove();
      pending = undefined;
      resolve();
    });
    // Cancel: the waiting requests fail with the server's 401 message instead of waiting on.
    const cancel = () => {
      backdrop.remove();
      pending = undefined;
      reject(new Error(`sign-in cancelled: ${message}`));
    };
    document.body.append(backdrop);
    user.focus();
  });
  return pending;
}
