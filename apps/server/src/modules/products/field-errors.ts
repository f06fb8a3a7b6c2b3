import { AppError } from '../../http/errors';

/**
 * Collects every field's problem of one request (the first per field wins), so the form shows them all at once.
 * One problem answers with its own message; several with "Please check the highlighted fields".
 */
export class FieldErrors {
  private readonly fields: Record<string, string> = {};

  add(field: string, key: string): void {
    this.fields[field] ??= key;
  }

  has(field?: string): boolean {
    return field === undefined ? Object.keys(this.fields).length > 0 : field in this.fields;
  }

  entries(): Array<[string, string]> {
    return Object.entries(this.fields);
  }

  throwIfAny(): void {
    const entries = Object.entries(this.fields);
    if (entries.length === 0) return;
    throw new AppError(422, entries.length === 1 ? entries[0]![1] : 'errors.invalid_input', { ...this.fields });
  }
}
