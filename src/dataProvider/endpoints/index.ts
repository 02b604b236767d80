import { resources } from '../../resources';
import type { Endpoints } from './types';

/** Each resource declares its endpoint map; the data provider reads them from here. */
export const endpoints: Record<string, Endpoints> = Object.fromEntries(resources.map((r) => [r.name, r.endpoints]));
