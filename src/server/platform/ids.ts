import { AppError } from './app-error.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id that cannot be a row's is simply not found (and never reaches the database as a bad cast). */
export function assertUuid(id: string) {
  if (!UUID.test(id)) throw new AppError('NOT_FOUND');
}
