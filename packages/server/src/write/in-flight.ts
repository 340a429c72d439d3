import { SluiceError, StatusCode } from '@sluice/pipeline-core';

/**
 * Bytes of write requests being received, decoded and stored, across every write endpoint
 * (GreptimeDB's `max_in_flight_write_bytes`). A request whose bytes would take the total past the
 * limit is refused with 429 (RateLimited) before it is decoded; its bytes are released when it ends.
 */
export class InFlightWrites {
  private inFlight = 0;

  /** `undefined` limit: unlimited (the default, as in GreptimeDB). */
  constructor(readonly maxBytes: number | undefined) {}

  get bytes(): number {
    return this.inFlight;
  }

  /** Charges `n` more bytes to the caller's lease; throws 429 when the limit would be exceeded. */
  charge(lease: WriteLease, n: number): void {
    if (n <= 0) return;
    if (this.maxBytes !== undefined && this.inFlight + n > this.maxBytes) {
      throw new SluiceError(
        StatusCode.RateLimited,
        `too many bytes of writes in flight: ${this.inFlight} bytes in flight and this request needs ${lease.bytes + n}, ` +
          `above max_in_flight_write_bytes (${this.maxBytes}); retry later`,
      );
    }
    this.inFlight += n;
    lease.bytes += n;
  }

  release(lease: WriteLease): void {
    this.inFlight -= lease.bytes;
    lease.bytes = 0;
  }
}

/** The bytes one request holds. */
export interface WriteLease {
  bytes: number;
}
