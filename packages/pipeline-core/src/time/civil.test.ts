import { describe, expect, it } from 'vitest';
import { civilFromDays, daysFromCivil, daysFromIsoWeek, isoWeekOf, ordinalOf, weekdayFromDays } from './civil.js';

describe('civil calendar arithmetic', () => {
  it('agrees with Date for every day from 1600 to 2400', () => {
    for (let days = daysFromCivil(1600, 1, 1); days <= daysFromCivil(2400, 12, 31); days += 1) {
      const d = new Date(days * 86_400_000);
      const c = civilFromDays(days);
      if (c.year !== d.getUTCFullYear() || c.month !== d.getUTCMonth() + 1 || c.day !== d.getUTCDate()) throw new Error(`day ${days}`);
      if (daysFromCivil(c.year, c.month, c.day) !== days) throw new Error(`round trip ${days}`);
      if (weekdayFromDays(days) !== (d.getUTCDay() + 6) % 7) throw new Error(`weekday ${days}`);
    }
  });

  it('ordinals and ISO weeks', () => {
    expect(ordinalOf(2024, 12, 31)).toBe(366);
    expect(ordinalOf(2023, 3, 1)).toBe(60);
    expect(isoWeekOf(daysFromCivil(2021, 1, 1))).toEqual({ isoYear: 2020, week: 53 });
    expect(isoWeekOf(daysFromCivil(2024, 12, 30))).toEqual({ isoYear: 2025, week: 1 });
    expect(daysFromIsoWeek(2020, 53, 4)).toBe(daysFromCivil(2021, 1, 1));
    expect(daysFromIsoWeek(2021, 53, 0)).toBeUndefined();
  });
});
