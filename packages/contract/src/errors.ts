import { z } from 'zod';
import { errorCodes, type ErrorBody as ErrorBodyShape, type FieldError as FieldErrorShape } from './error-codes.ts';

export { errorCodes, errorMessages, isErrorBody } from './error-codes.ts';

export const ErrorCode = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const FieldError = z.object({ field: z.string(), text: z.string() }) satisfies z.ZodType<FieldErrorShape>;
export type FieldError = FieldErrorShape;

export const ErrorBody = z.object({
  error: z.object({
    code: ErrorCode,
    message: z.string(),
    fields: z.array(FieldError).optional(),
  }),
}) satisfies z.ZodType<ErrorBodyShape>;
export type ErrorBody = ErrorBodyShape;
