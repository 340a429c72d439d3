import { SluiceError, StatusCode } from '../errors/index.js';

/** A text did not match a strftime format (or the time it names does not exist). */
export class TimeParseError extends SluiceError {
  override name = 'TimeParseError';

  constructor(
    readonly input: string,
    readonly format: string,
    readonly reason: string,
  ) {
    super(StatusCode.InvalidArguments, `cannot parse '${input}' with format '${format}': ${reason}`);
  }
}

/** A strftime format string itself is invalid (unknown specifier, trailing '%'). */
export class TimeFormatError extends SluiceError {
  override name = 'TimeFormatError';

  constructor(
    readonly format: string,
    readonly reason: string,
  ) {
    super(StatusCode.InvalidArguments, `invalid time format '${format}': ${reason}`);
  }
}

/** A time zone name that is neither an IANA zone, UTC, nor a fixed offset such as +08:00. */
export class TimeZoneError extends SluiceError {
  override name = 'TimeZoneError';

  constructor(readonly zone: string) {
    super(StatusCode.InvalidArguments, `unknown time zone '${zone}' (use an IANA name such as 'Asia/Shanghai', 'UTC', or an offset such as '+08:00')`);
  }
}
