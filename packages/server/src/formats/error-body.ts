/** GreptimeDB's error body: `{"code":1004,"error":"...","execution_time_ms":3}`. */
export function errorBody(code: number, message: string, executionTimeMs: number): string {
  return JSON.stringify({ code, error: message, execution_time_ms: executionTimeMs });
}
