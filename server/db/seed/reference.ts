/**
 * Reference data every installation needs, demo or not: Argentina's 24 provinces (23 and the
 * Ciudad Autónoma de Buenos Aires, by its neighbourhoods) with their main cities, and some
 * states and cities of the neighbouring countries.
 */
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../client';
import { cities, countries, states } from '../schema';

type Places = Record<string, Record<string, string[]>>;

export const PLACES: Places = {
  Argentina: {
    'Buenos Aires': ['La Plata', 'Mar del Plata', 'Bahía Blanca', 'Tandil', 'Quilmes', 'Lomas de Zamora', 'San Isidro', 'Tigre', 'Pilar', 'Luján', 'Olavarría', 'Junín', 'Pergamino', 'Necochea', 'Zárate', 'Morón'],
    'Ciudad Autónoma de Buenos Aires': ['Palermo', 'Recoleta', 'Belgrano', 'Caballito', 'San Telmo', 'Puerto Madero', 'Almagro', 'Villa Urquiza', 'Flores', 'Balvanera'],
    Catamarca: ['San Fernando del Valle de Catamarca', 'Andalgalá', 'Belén', 'Tinogasta', 'Santa María'],
    Chaco: ['Resistencia', 'Presidencia Roque Sáenz Peña', 'Villa Ángela', 'Charata', 'Barranqueras'],
    Chubut: ['Rawson', 'Comodoro Rivadavia', 'Trelew', 'Puerto Madryn', 'Esquel'],
    Córdoba: ['Córdoba', 'Río Cuarto', 'Villa María', 'Villa Carlos Paz', 'San Francisco', 'Alta Gracia', 'Jesús María'],
    Corrientes: ['Corrientes', 'Goya', 'Paso de los Libres', 'Curuzú Cuatiá', 'Mercedes'],
    'Entre Ríos': ['Paraná', 'Concordia', 'Gualeguaychú', 'Concepción del Uruguay', 'Victoria'],
    Formosa: ['Formosa', 'Clorinda', 'Pirané', 'El Colorado'],
    Jujuy: ['San Salvador de Jujuy', 'Palpalá', 'San Pedro de Jujuy', 'Libertador General San Martín', 'Humahuaca', 'Tilcara'],
    'La Pampa': ['Santa Rosa', 'General Pico', 'Toay', 'Realicó'],
    'La Rioja': ['La Rioja', 'Chilecito', 'Aimogasta', 'Chamical'],
    Mendoza: ['Mendoza', 'Godoy Cruz', 'Guaymallén', 'Las Heras', 'Luján de Cuyo', 'Maipú', 'San Rafael', 'San Martín'],
    Misiones: ['Posadas', 'Oberá', 'Eldorado', 'Puerto Iguazú', 'Apóstoles'],
    Neuquén: ['Neuquén', 'Cutral Có', 'Plottier', 'Zapala', 'San Martín de los Andes', 'Villa La Angostura'],
    'Río Negro': ['Viedma', 'San Carlos de Bariloche', 'General Roca', 'Cipolletti', 'Villa Regina'],
    Salta: ['Salta', 'San Ramón de la Nueva Orán', 'Tartagal', 'Cafayate', 'Metán'],
    'San Juan': ['San Juan', 'Rivadavia', 'Rawson', 'Chimbas', 'Caucete'],
    'San Luis': ['San Luis', 'Villa Mercedes', 'Merlo', 'La Punta'],
    'Santa Cruz': ['Río Gallegos', 'Caleta Olivia', 'El Calafate', 'Puerto Deseado', 'Pico Truncado'],
    'Santa Fe': ['Santa Fe', 'Rosario', 'Rafaela', 'Venado Tuerto', 'Reconquista', 'Villa Gobernador Gálvez'],
    'Santiago del Estero': ['Santiago del Estero', 'La Banda', 'Termas de Río Hondo', 'Añatuya', 'Frías'],
    'Tierra del Fuego, Antártida e Islas del Atlántico Sur': ['Ushuaia', 'Río Grande', 'Tolhuin'],
    Tucumán: ['San Miguel de Tucumán', 'Yerba Buena', 'Tafí Viejo', 'Concepción', 'Banda del Río Salí', 'Tafí del Valle'],
  },
  Uruguay: {
    Montevideo: ['Montevideo'],
    Canelones: ['Canelones', 'Las Piedras', 'Ciudad de la Costa'],
    Maldonado: ['Maldonado', 'Punta del Este', 'San Carlos'],
    Colonia: ['Colonia del Sacramento', 'Carmelo'],
    Salto: ['Salto'],
    Paysandú: ['Paysandú'],
  },
  Chile: {
    'Región Metropolitana de Santiago': ['Santiago', 'Puente Alto', 'Maipú', 'Las Condes'],
    Valparaíso: ['Valparaíso', 'Viña del Mar', 'Quilpué'],
    Biobío: ['Concepción', 'Talcahuano', 'Los Ángeles'],
    Antofagasta: ['Antofagasta', 'Calama'],
    'Magallanes y de la Antártica Chilena': ['Punta Arenas', 'Puerto Natales'],
  },
  Paraguay: {
    Asunción: ['Asunción'],
    Central: ['San Lorenzo', 'Luque', 'Capiatá', 'Lambaré'],
    'Alto Paraná': ['Ciudad del Este', 'Hernandarias'],
    Itapúa: ['Encarnación'],
  },
  Brasil: {
    'São Paulo': ['São Paulo', 'Campinas', 'Santos'],
    'Rio de Janeiro': ['Rio de Janeiro', 'Niterói'],
    Paraná: ['Curitiba', 'Foz do Iguaçu'],
    'Rio Grande do Sul': ['Porto Alegre', 'Caxias do Sul'],
    'Santa Catarina': ['Florianópolis', 'Joinville'],
  },
  Bolivia: {
    'La Paz': ['La Paz', 'El Alto'],
    'Santa Cruz': ['Santa Cruz de la Sierra', 'Montero'],
    Cochabamba: ['Cochabamba', 'Quillacollo'],
    Tarija: ['Tarija', 'Yacuiba'],
    Potosí: ['Potosí', 'Villazón'],
  },
};

/** A city's id by "Country/State/City": what the demo seed needs to place its locations. */
export type PlaceIds = (country: string, state: string, city: string) => { countryId: number; stateId: number; cityId: number };

/** Inserts the places when the countries table is empty; answers a lookup of their ids either way. */
export async function seedReference(db: Db | Tx): Promise<PlaceIds> {
  const [present] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from countries`);
  if (present.n === 0) {
    const insertedCountries = await db.insert(countries).values(Object.keys(PLACES).map((name) => ({ name }))).returning();
    const stateRows = insertedCountries.flatMap((c) => Object.keys(PLACES[c.name]).map((name) => ({ countryId: c.id, name })));
    const insertedStates = await db.insert(states).values(stateRows).returning();
    const countryName = new Map(insertedCountries.map((c) => [c.id, c.name]));
    const cityRows = insertedStates.flatMap((s) => PLACES[countryName.get(s.countryId)!][s.name].map((name) => ({ stateId: s.id, name })));
    await db.insert(cities).values(cityRows);
  }
  // One after the other: inside a transaction the queries share one connection.
  const allCountries = await db.select().from(countries);
  const allStates = await db.select().from(states);
  const allCities = await db.select().from(cities);
  return (country, state, city) => {
    const c = allCountries.find((x) => x.name === country);
    const s = c && allStates.find((x) => x.countryId === c.id && x.name === state);
    const ci = s && allCities.find((x) => x.stateId === s.id && x.name === city);
    if (!c || !s || !ci) throw new Error(`Lugar desconocido en la siembra: ${country} / ${state} / ${city}`);
    return { countryId: c.id, stateId: s.id, cityId: ci.id };
  };
}
