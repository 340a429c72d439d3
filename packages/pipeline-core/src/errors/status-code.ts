/**
 * GreptimeDB's numeric status codes, the one table every Sluice package shares.
 * The server maps them to HTTP statuses (packages/server/src/errors.ts).
 */
export const StatusCode = {
  Success: 0,
  Unknown: 1000,
  Unsupported: 1001,
  Unexpected: 1002,
  Internal: 1003,
  InvalidArguments: 1004,
  Cancelled: 1005,
  DeadlineExceeded: 1006,
  IllegalState: 1007,
  External: 1008,
  InvalidSyntax: 2000,
  PlanQuery: 3000,
  EngineExecuteQuery: 3001,
  TableAlreadyExists: 4000,
  TableNotFound: 4001,
  TableColumnNotFound: 4002,
  TableColumnExists: 4003,
  DatabaseNotFound: 4004,
  RegionNotFound: 4005,
  RegionAlreadyExists: 4006,
  RegionReadonly: 4007,
  RegionNotReady: 4008,
  RegionBusy: 4009,
  TableUnavailable: 4010,
  DatabaseAlreadyExists: 4011,
  StorageUnavailable: 5000,
  RequestOutdated: 5001,
  RuntimeResourcesExhausted: 6000,
  RateLimited: 6001,
  UserNotFound: 7000,
  UnsupportedPasswordType: 7001,
  UserPasswordMismatch: 7002,
  AuthHeaderNotFound: 7003,
  InvalidAuthHeader: 7004,
  AccessDenied: 7005,
  PermissionDenied: 7006,
  FlowAlreadyExists: 8000,
  FlowNotFound: 8001,
} as const;

export type StatusCodeName = keyof typeof StatusCode;
export type StatusCode = (typeof StatusCode)[StatusCodeName];
