import { isErrorBody, type ErrorCode, type FieldError } from '@pool/contract/error-codes';
import { paths } from '@pool/contract/paths';
import type { z } from 'zod';

/** A product API failure in the error format of the architecture note. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | undefined,
    message: string,
    readonly fields: FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type QueryValue = string | number | boolean | undefined | readonly (string | number)[];

/** Spec 7: array query values are repeated (`?status=stable&status=off`). */
export function queryString(query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  schema?: z.ZodType<T>;
  /** A path outside the product prefix, such as the pool config at /v0.1/pools/current. */
  absolute?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * Asked when a call needs a fresh second factor (spec 4); answers whether the person passed. The
 * app installs the verification dialog here; without it the call fails as it came.
 */
let stepUp: (() => Promise<boolean>) | undefined;

export function installStepUp(handler: (() => Promise<boolean>) | undefined): void {
  stepUp = handler;
}

/**
 * Calls the product API with credentials and turns failures into {@link ApiError}. A call refused
 * with `additional_authentication_required` opens the verification dialog and, once passed, is
 * made again.
 */
export async function api<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  try {
    return await request(path, options);
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'additional_authentication_required' && stepUp)) throw error;
    if (!(await stepUp())) throw error;
    return request(path, options);
  }
}

async function request<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const url = `${options.absolute ? '' : paths.apiVersion}${path}${queryString(options.query ?? {})}`;
  const response = await fetch(url, {
    method: options.method ?? 'GET',
    credentials: 'include',
    headers: {
      accept: 'application/json',
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (!response.ok) throw await apiErrorOf(response);
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json();
  return options.schema ? options.schema.parse(data) : (data as T);
}

async function apiErrorOf(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  if (!isErrorBody(body)) return new ApiError(response.status, undefined, response.statusText || 'Request failed');
  const { code, message, fields } = body.error;
  return new ApiError(response.status, code, message, fields);
}
