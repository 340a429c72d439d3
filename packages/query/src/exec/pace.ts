/**
 * A pacer for a loop that has no ExecContext at hand (PromQL's series source): each call yields to
 * the event loop once `sliceMs` of work went by since the last yield, so a long scan lets `/health`,
 * other requests and the request's deadline timer run.
 */
export function createPacer(sliceMs = 10): () => Promise<void> {
  let start = performance.now();
  return async () => {
    if (performance.now() - start < sliceMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    start = performance.now();
  };
}
