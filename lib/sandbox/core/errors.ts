import type { FieldError } from './types';

/** A service error: becomes `{code, message, details}` with `status`. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ServiceError';
  }

  toBody() {
    return { code: this.code, message: this.message, details: this.details };
  }
}

/** 404 naming the resource kind and id, e.g. `notFound('Account', id)`. */
export function notFound(resource: string, id: string): ServiceError {
  return new ServiceError(404, 'RESOURCE_NOT_FOUND', `${resource} with given parameters [id:${id}] not found`, {
    resource,
    parameters: { id },
  });
}

export function invalidData(errors: FieldError[]): ServiceError {
  return new ServiceError(400, 'INVALID_DATA', 'Object contains invalid data', { errors });
}

export function fieldError(code: string, message: string, field: string, params: Record<string, unknown> = {}): FieldError {
  return { code, message, field, params };
}
