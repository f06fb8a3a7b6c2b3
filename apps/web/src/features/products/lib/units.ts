/** Units of the same base as a unit: the purchase and sale units a product counted in that unit may use. */
export interface UnitLike {
  id: string;
  base_unit_id: string | null;
}

/** The base a unit finally rests on (following base units; a cycle, which the server refuses, stops the walk). */
export function rootOf(unitId: string, byId: ReadonlyMap<string, UnitLike>): string {
  let id = unitId;
  const seen = new Set<string>();
  for (let u = byId.get(id); u?.base_unit_id && !seen.has(id); u = byId.get(id)) {
    seen.add(id);
    id = u.base_unit_id;
  }
  return id;
}

export function sameBaseUnits<U extends UnitLike>(unitId: string | null, units: readonly U[]): U[] {
  if (!unitId) return [];
  const byId = new Map(units.map((u) => [u.id, u]));
  const root = rootOf(unitId, byId);
  return units.filter((u) => rootOf(u.id, byId) === root);
}
