import type { Context } from 'hono';
import { StatusCode } from '@sluice/pipeline-core';
import { HttpRequestError } from '../errors.js';

type Form = Awaited<ReturnType<Context['req']['parseBody']>>;

/**
 * The request's form fields (`multipart/form-data` or `application/x-www-form-urlencoded`).
 * A body that is not the form its Content-Type claims (no or wrong boundary, truncated parts) is the
 * client's fault: a 400 naming the type, not the 500 the parser's TypeError would become.
 */
export async function readForm(c: Context): Promise<Form> {
  try {
    return await c.req.parseBody({ all: false });
  } catch (e) {
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim();
    throw new HttpRequestError(StatusCode.InvalidArguments, 400, `the request body is not valid ${type || 'form data'}: ${(e as Error).message}`, { cause: e });
  }
}
