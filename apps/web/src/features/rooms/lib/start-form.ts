import { ROOM_LIMITS, roomStartSchema, type RoomStart } from '@posauto/shared/schemas/rooms';

/** Booked time offered in one tap: open-ended, 1, 2 or 3 hours; or typed minutes. */
export const BOOKED_CHOICES = ['0', '60', '120', '180', 'other'] as const;
export type BookedChoice = (typeof BOOKED_CHOICES)[number];

/** The start form's values as the API body, or the i18n key of what is wrong (the server checks the same schema). */
export function startBody(
  guests: number | string,
  booked: BookedChoice,
  typed: number | string,
  note: string,
): RoomStart | { error: string } {
  const minutes = booked === 'other' ? typed : Number(booked);
  const parsed = roomStartSchema.safeParse({ guests, booked_minutes: minutes === '' ? undefined : minutes, note });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'validation.invalid' };
  // "Other" with nothing typed is not open-ended: the open-ended choice is its own button.
  if (booked === 'other' && parsed.data.booked_minutes < 1) return { error: 'rooms.errors.minutes_range' };
  return parsed.data;
}

/** Typed extra minutes as the API takes them, or the i18n key of what is wrong. */
export function extendMinutes(typed: number | string): number | { error: string } {
  const n = typeof typed === 'number' ? typed : Number(typed.trim() || NaN);
  return Number.isInteger(n) && n >= 1 && n <= ROOM_LIMITS.bookedMinutes ? n : { error: 'rooms.errors.minutes_range' };
}
