/**
 * Demo points of sale in real provinces (with owners and zone managers), client attributes with
 * their values, move types, categories and move configurations (the projects' seed links them to projects).
 */
import { eq } from 'drizzle-orm';
import { ROLE } from '../../../domain/roles';
import type { Tx } from '../client';
import {
  features,
  featureValues,
  locationFeatureValues,
  locations,
  locationZoneManagers,
  moveCategories,
  moveConfigurations,
  moveTypes,
  users,
} from '../schema';
import type { PlaceIds } from './reference';

type Place = [state: string, city: string, lat: number, lng: number, street: string];

/** Real places of Argentina with a plausible street, round-robined across the clients. */
const PLACES: Place[] = [
  ['Ciudad Autónoma de Buenos Aires', 'Palermo', -34.5889, -58.4306, 'Av. Santa Fe 3253'],
  ['Ciudad Autónoma de Buenos Aires', 'Recoleta', -34.5875, -58.3974, 'Av. Callao 1024'],
  ['Ciudad Autónoma de Buenos Aires', 'Belgrano', -34.5627, -58.4583, 'Av. Cabildo 2040'],
  ['Ciudad Autónoma de Buenos Aires', 'Caballito', -34.6186, -58.4421, 'Av. Rivadavia 5100'],
  ['Buenos Aires', 'La Plata', -34.9214, -57.9545, 'Calle 7 nro 1150'],
  ['Buenos Aires', 'Mar del Plata', -38.0055, -57.5426, 'Av. Colón 2350'],
  ['Buenos Aires', 'Bahía Blanca', -38.7183, -62.2663, 'Alsina 150'],
  ['Córdoba', 'Córdoba', -31.4201, -64.1888, 'Av. Colón 650'],
  ['Córdoba', 'Río Cuarto', -33.1232, -64.3493, 'Constitución 840'],
  ['Santa Fe', 'Rosario', -32.9442, -60.6505, 'Córdoba 1452'],
  ['Santa Fe', 'Santa Fe', -31.6333, -60.7, 'San Martín 2250'],
  ['Mendoza', 'Mendoza', -32.8895, -68.8458, 'Av. San Martín 1120'],
  ['Mendoza', 'San Rafael', -34.6177, -68.3301, 'Hipólito Yrigoyen 320'],
  ['Salta', 'Salta', -24.7821, -65.4232, 'Caseros 560'],
  ['Tucumán', 'San Miguel de Tucumán', -26.8083, -65.2176, '24 de Septiembre 480'],
  ['Neuquén', 'Neuquén', -38.9516, -68.0591, 'Av. Argentina 210'],
  ['Río Negro', 'San Carlos de Bariloche', -41.1335, -71.3103, 'Mitre 340'],
  ['Misiones', 'Posadas', -27.3671, -55.8961, 'Bolívar 1780'],
  ['Entre Ríos', 'Paraná', -31.7333, -60.5297, 'San Martín 900'],
  ['Chubut', 'Comodoro Rivadavia', -45.8641, -67.4966, 'San Martín 600'],
  ['San Juan', 'San Juan', -31.5375, -68.5364, 'Av. Libertador 1250'],
  ['Jujuy', 'San Salvador de Jujuy', -24.1858, -65.2995, 'Belgrano 740'],
  ['Chaco', 'Resistencia', -27.4606, -58.9839, 'Av. Alberdi 310'],
  ['Tierra del Fuego, Antártida e Islas del Atlántico Sur', 'Ushuaia', -54.8019, -68.303, 'San Martín 880'],
];

const PEOPLE = ['Lucía Benítez', 'Martín Sosa', 'Paula Ríos', 'Diego Herrera', 'Valeria Castro', 'Julián Romero', 'Sofía Medina', 'Tomás Acosta', 'Camila Vega', 'Nicolás Ibarra'];

const FEATURES = [
  { name: 'Formato', isRequired: true, values: ['Local a la calle', 'Shopping', 'Estación de servicio'], default: 0 },
  { name: 'Tamaño', isRequired: false, values: ['Chico', 'Mediano', 'Grande'], default: 1 },
  { name: 'Horario extendido', isRequired: true, values: ['Sí', 'No'], default: 1 },
];

/** Tags from the demo tag groups (seed/banks.ts): the commercial zone by province, and a format. */
const ZONE_TAG: Record<string, { key: string; value: string }> = {
  Mendoza: { key: 'CUY', value: 'Cuyo' },
  'San Juan': { key: 'CUY', value: 'Cuyo' },
  Salta: { key: 'NOA', value: 'Noroeste' },
  Tucumán: { key: 'NOA', value: 'Noroeste' },
  Jujuy: { key: 'NOA', value: 'Noroeste' },
  Misiones: { key: 'NEA', value: 'Noreste' },
  Chaco: { key: 'NEA', value: 'Noreste' },
  Neuquén: { key: 'PAT', value: 'Patagonia' },
  'Río Negro': { key: 'PAT', value: 'Patagonia' },
  Chubut: { key: 'PAT', value: 'Patagonia' },
  'Tierra del Fuego, Antártida e Islas del Atlántico Sur': { key: 'PAT', value: 'Patagonia' },
};
const FORMAT_TAGS = [
  { key: 'CALLE', value: 'Local a la calle' },
  { key: 'SHOP', value: 'Shopping' },
];

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.');

export async function seedLocations(
  tx: Tx,
  { clients, places, passwordHash }: { clients: { id: number; name: string }[]; places: PlaceIds; passwordHash: string },
): Promise<void> {
  const [franchise] = await tx.select().from(users).where(eq(users.email, 'franquicia@campo.test'));
  const [zoneManager] = await tx.select().from(users).where(eq(users.email, 'gerente@campo.test'));

  let place = 0;
  for (const [index, client] of clients.entries()) {
    // Two more owners and one more zone manager per client, named after real-sounding people.
    const domain = `${slug(client.name)}.campo.test`;
    const people = [PEOPLE[(index * 3) % PEOPLE.length], PEOPLE[(index * 3 + 1) % PEOPLE.length], PEOPLE[(index * 3 + 2) % PEOPLE.length]];
    const staff = await tx
      .insert(users)
      .values(
        people.map((name, i) => {
          const [names, lastName] = name.split(' ');
          return {
            names,
            lastName,
            email: `${slug(name)}@${domain}`,
            rolId: i < 2 ? ROLE.FRANCHISE : ROLE.ZONE_MANAGER,
            clientId: client.id,
            passwordHash,
            status: true,
          };
        }),
      )
      .returning();
    const owners = staff.filter((u) => u.rolId === ROLE.FRANCHISE).map((u) => u.id);
    const managers = staff.filter((u) => u.rolId === ROLE.ZONE_MANAGER).map((u) => u.id);
    if (index === 0) {
      owners.unshift(franchise.id);
      managers.unshift(zoneManager.id);
    }

    const clientFeatures: { id: number; values: { id: number }[] }[] = [];
    for (const f of FEATURES) {
      const [feature] = await tx.insert(features).values({ clientId: client.id, name: f.name, isRequired: f.isRequired }).returning();
      const values = await tx
        .insert(featureValues)
        .values(f.values.map((value, i) => ({ featureId: feature.id, value, isDefault: i === f.default })))
        .returning();
      clientFeatures.push({ id: feature.id, values });
    }

    const count = index === 0 ? 8 : 5;
    const rows = Array.from({ length: count }, (_, i) => {
      const [state, city, lat, lng, street] = PLACES[place++ % PLACES.length];
      const ids = places('Argentina', state, city);
      const n = i + 1;
      return {
        clientId: client.id,
        fullName: `${client.name} ${city}`,
        clientLocationName: `OP-${String(client.id).padStart(2, '0')}${String(n).padStart(3, '0')}`,
        clientLocationId: `${slug(client.name).slice(0, 3).toUpperCase()}-${String(n).padStart(3, '0')}`,
        telephone: `11${String(40000000 + client.id * 1000 + n)}`,
        street,
        zone: state === 'Ciudad Autónoma de Buenos Aires' || state === 'Buenos Aires' ? 'AMBA' : 'Interior',
        ...ids,
        latitude: lat,
        longitude: lng,
        ownerId: owners[i % owners.length],
        executive: PEOPLE[(index + i) % PEOPLE.length],
        emails: [`ejecutivo@${domain}`, `calidad@${domain}`],
        manager: PEOPLE[(index + i + 5) % PEOPLE.length],
        emailManager: `encargado.${n}@${domain}`,
        emailExecutive: `ejecutivo@${domain}`,
        workDays: i % 3 === 0 ? 'Lunes a domingo' : 'Lunes a sábado',
        openingHours: i % 2 === 0 ? '08:00' : '09:00',
        closingHours: i % 2 === 0 ? '20:00' : '21:00',
        observation: i === 0 ? 'Local insignia de la marca.' : null,
        keysValues: [ZONE_TAG[state] ?? { key: 'PAM', value: 'Pampeana' }, FORMAT_TAGS[i % FORMAT_TAGS.length]],
        status: !(index === 0 && i === count - 1),
      };
    });
    const created = await tx.insert(locations).values(rows).returning({ id: locations.id });
    // The first client's zone manager covers its first five locations; the others, all of theirs.
    await tx.insert(locationZoneManagers).values(
      created.flatMap((l, i) => managers.filter((_, m) => (index === 0 && m === 0 ? i < 5 : true)).map((userId) => ({ locationId: l.id, userId }))),
    );
    await tx.insert(locationFeatureValues).values(
      created.flatMap((l, i) => clientFeatures.map((f, k) => ({ locationId: l.id, featureId: f.id, featureValueId: f.values[(i + k) % f.values.length].id }))),
    );
  }

  await seedMoveConfigurations(tx);
}

async function seedMoveConfigurations(tx: Tx): Promise<void> {
  const types = await tx
    .insert(moveTypes)
    .values(['Visita', 'Llamado', 'Compra', 'Entrevista', 'Relevamiento de góndola'].map((name) => ({ name })))
    .returning();
  // Category 1 first means the projects using the configuration carry a price.
  const categories = await tx
    .insert(moveCategories)
    .values(['Con precio', 'Sin precio', 'Con reintegro de consumo'].map((name) => ({ name })))
    .returning();
  const type = (name: string) => types.find((t) => t.name === name)!.id;
  const category = (name: string) => categories.find((c) => c.name === name)!.id;
  await tx
    .insert(moveConfigurations)
    .values([
      {
        name: 'Visita estándar',
        points: 100,
        minutesDuration: 45,
        needsVideoRecording: true,
        needsAudioRecording: true,
        needsCheckList: true,
        moveTypes: [type('Visita')],
        category: [category('Con precio')],
      },
      {
        name: 'Compra con reintegro',
        points: 150,
        minutesDuration: 30,
        consumptionPayment: true,
        needsCheckList: true,
        moveTypes: [type('Compra'), type('Visita')],
        category: [category('Con precio'), category('Con reintegro de consumo')],
      },
      { name: 'Llamado telefónico', points: 40, minutesDuration: 10, needsAudioRecording: true, moveTypes: [type('Llamado')], category: [category('Sin precio')] },
      {
        name: 'Entrevista al encargado',
        points: 80,
        minutesDuration: 60,
        needsAudioRecording: true,
        status: false,
        moveTypes: [type('Entrevista')],
        category: [category('Sin precio')],
      },
    ]);
}
