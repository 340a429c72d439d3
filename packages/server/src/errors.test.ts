import { describe, expect, it } from 'vitest';
import { HTTPException } from 'hono/http-exception';
import { SluiceError, StatusCode } from '@sluice/pipeline-core';
import { describeError, HttpRequestError, statusCodeToHttp } from './errors.js';

describe('status codes', () => {
  it('maps GreptimeDB codes to HTTP statuses as GreptimeDB does', () => {
    const cases: [number, number][] = [
      [StatusCode.Success, 200],
      [StatusCode.InvalidArguments, 400],
      [StatusCode.InvalidSyntax, 400],
      [StatusCode.TableNotFound, 400],
      [StatusCode.DatabaseNotFound, 400],
      [StatusCode.UserPasswordMismatch, 401],
      [StatusCode.AuthHeaderNotFound, 401],
      [StatusCode.AccessDenied, 403],
      [StatusCode.RateLimited, 429],
      [StatusCode.DeadlineExceeded, 504],
      [StatusCode.StorageUnavailable, 503],
      [StatusCode.Internal, 500],
      [StatusCode.EngineExecuteQuery, 500],
      [StatusCode.RuntimeResourcesExhausted, 400], // per-request budgets (GreptimeDB: 500)
    ];
    for (const [code, http] of cases) expect([code, statusCodeToHttp(code)]).toEqual([code, http]);
  });

  it('turns a stack overflow from recursing over a request into a 400, not a server fault', () => {
    const overflow = (d: number): number => (d === 0 ? 0 : 1 + overflow(d - 1));
    let err: unknown;
    try {
      overflow(1e7);
    } catch (e) {
      err = e;
    }
    expect(describeError(err)).toMatchObject({ code: StatusCode.InvalidArguments, httpStatus: 400, message: expect.stringMatching(/too deeply nested/) });
  });

  it('describes any thrown value: SluiceError, duck-typed codes, transport errors, plain errors', () => {
    expect(describeError(new SluiceError(StatusCode.TableNotFound, 't'))).toEqual({ code: 4001, message: 't', httpStatus: 400 });
    expect(describeError(Object.assign(new Error('dup'), { code: 4000 }))).toEqual({ code: 4000, message: 'dup', httpStatus: 400 });
    expect(describeError(Object.assign(new Error('io'), { code: 'ENOENT' }))).toEqual({ code: 1003, message: 'io', httpStatus: 500 });
    expect(describeError(new HttpRequestError(StatusCode.InvalidArguments, 413, 'big'))).toEqual({ code: 1004, message: 'big', httpStatus: 413 });
    expect(describeError(new HTTPException(401, { message: 'who' }))).toEqual({ code: 7003, message: 'who', httpStatus: 401 });
    expect(describeError('boom')).toEqual({ code: 1003, message: 'boom', httpStatus: 500 });
  });

  it('a SqlExecutionError about the query\'s data is a 400 keeping code 3001; a huge message is cut', () => {
    const e = Object.assign(new Error("Cast error: cannot cast 'x' to int64"), { name: 'SqlExecutionError', code: StatusCode.EngineExecuteQuery });
    expect(describeError(e)).toMatchObject({ code: 3001, httpStatus: 400 });
    const other = Object.assign(new Error('engine'), { code: StatusCode.EngineExecuteQuery });
    expect(describeError(other).httpStatus).toBe(500);
    const huge = describeError(Object.assign(new Error('x'.repeat(100_000)), { code: StatusCode.InvalidArguments }));
    expect(huge.message.length).toBeLessThan(5000);
    expect(huge.message).toContain('more characters');
  });
});
