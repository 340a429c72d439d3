/** The components of a Unix path as Rust's `Path::components` yields them (`/` first when absolute). */
export function pathComponents(p: string): string[] {
  const parts = p.split('/').filter((s) => s !== '' && s !== '.');
  return p.startsWith('/') ? ['/', ...parts] : parts;
}
