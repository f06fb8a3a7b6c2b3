/** The station this display shows, kept on the device: '' is every station. */
export const STATION_KEY = 'posauto.kitchen.station';

export function storedStation(): string {
  try {
    return localStorage.getItem(STATION_KEY) ?? '';
  } catch {
    return '';
  }
}

export function storeStation(id: string): void {
  try {
    if (id) localStorage.setItem(STATION_KEY, id);
    else localStorage.removeItem(STATION_KEY);
  } catch {
    /* private mode: the choice lasts as long as the page */
  }
}

/** The stored choice if it still names one of the stations shown, else every station. */
export function validStation(stored: string, stations: readonly { id: string }[] | undefined): string {
  if (!stations) return stored;
  return stations.some((s) => s.id === stored) ? stored : '';
}
