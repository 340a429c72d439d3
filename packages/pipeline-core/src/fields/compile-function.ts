/**
 * A function compiled from source at run time, or null where that is not allowed (a page whose
 * content security policy forbids it): callers then keep their generic loop.
 *
 * Used for per-record field access by constant names (`out["ip"] = ...`, `doc["status"]`): a loop over
 * field names is one property access site for every name, which V8 handles as megamorphic; one site per
 * name sees the same record shape every record. Names go in as JSON string literals only.
 */
export function compileFunction<F>(params: readonly string[], body: string): F | null {
  try {
    return new Function(...params, body) as F;
  } catch {
    return null;
  }
}
