import { eq, sql } from 'drizzle-orm';
import { ROLE, type UserRole } from '../../../domain/roles';
import { DOWNLOAD_VIDEO_ACTION } from '../../../domain/webUsers';
import { hashPassword } from '../../services/passwords';
import { type Db, rowsOf } from '../client';
import { clients, clientTypes, userActions, users } from '../schema';
import { seedLocations } from './locations';
import { seedReference } from './reference';
import { seedBanks } from './banks';
import { seedQuestionnaires } from './questionnaires';
import { seedCampaigns } from './campaigns';
import { seedPeople } from './people';
import { seedProjects } from './projects';
import { datePublications, seedMoves } from './moves';
import { seedStatistics } from './statistics';
import { seedPayments } from './payments';
import { seedPush } from './push';

export const DEMO_PASSWORD = 'Campo#2026';

export const DEMO_LOGINS: { email: string; role: UserRole; names: string; lastName: string; withClient?: boolean }[] = [
  { email: 'admin@campo.test', role: ROLE.ADMIN, names: 'Ana', lastName: 'Administradora' },
  { email: 'operaciones@campo.test', role: ROLE.OPERATIONS, names: 'Omar', lastName: 'Operaciones' },
  { email: 'cliente@campo.test', role: ROLE.CLIENT, names: 'Carla', lastName: 'Cliente', withClient: true },
  { email: 'franquicia@campo.test', role: ROLE.FRANCHISE, names: 'Franco', lastName: 'Franquicia', withClient: true },
  { email: 'gerente@campo.test', role: ROLE.ZONE_MANAGER, names: 'Gabriela', lastName: 'Gerente', withClient: true },
  { email: 'inactivo@campo.test', role: ROLE.INACTIVE, names: 'Iván', lastName: 'Inactivo', withClient: true },
  { email: 'plataforma@campo.test', role: null, names: 'Pablo', lastName: 'Plataforma' },
];

const CLIENT_TYPES = ['Retail', 'Gastronomía', 'Banca y seguros', 'Automotriz', 'Salud'];

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');

const DEMO_CLIENTS = [
  { name: 'Café del Plata', address: 'Av. Corrientes 1234, CABA', telephone: '1145678900', email: 'contacto@cafedelplata.com.ar', type: 'Gastronomía' },
  { name: 'Supermercados Andinos', address: 'San Martín 455, Mendoza', telephone: '2614223344', email: 'calidad@andinos.com.ar', type: 'Retail' },
  { name: 'Banco Federal del Sur', address: 'Bv. Oroño 890, Rosario', telephone: '3414567788', email: 'experiencia@bfs.com.ar', type: 'Banca y seguros' },
  { name: 'Automotores Pampa', address: 'Ruta 5 km 3, Santa Rosa', telephone: '2954412233', email: 'postventa@pampa.com.ar', type: 'Automotriz' },
  { name: 'Farmacias Norte', address: 'Belgrano 77, Salta', telephone: '3874211100', email: 'atencion@farmaciasnorte.com.ar', type: 'Salud', state: false },
];

/** Seeds the demo on an empty database; does nothing when users already exist. */
export async function seedDemo(db: Db): Promise<boolean> {
  const [{ n }] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from users`);
  if (n > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const types = await tx.insert(clientTypes).values(CLIENT_TYPES.map((name) => ({ name }))).returning();
    const typeId = (name: string) => types.find((t) => t.name === name)!.id;
    const created = await tx
      .insert(clients)
      .values(
        DEMO_CLIENTS.map((c) => ({
          name: c.name,
          address: c.address,
          telephone: c.telephone,
          email: c.email,
          typeId: typeId(c.type),
          state: c.state ?? true,
          imageUrl: null,
          claimUrl: `https://forms.campo.test/reclamos/${slug(c.name)}`,
          contactUrl: `https://forms.campo.test/contacto/${slug(c.name)}`,
          linkSurveyMonkey: null,
          checklist: c.name === 'Café del Plata',
        })),
      )
      .returning();
    const demoClient = created[0];
    await tx.insert(users).values(
      DEMO_LOGINS.map((u) => ({
        email: u.email,
        names: u.names,
        lastName: u.lastName,
        rolId: u.role,
        clientId: u.withClient ? demoClient.id : null,
        passwordHash,
        status: true,
        linkSurveyMonkey: u.role === ROLE.CLIENT ? 'https://encuestas.campo.test/satisfaccion' : null,
      })),
    );
    // The client may open a visit's edited video from its report; the franchise user may not (to see both).
    const [client] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'cliente@campo.test'));
    await tx.insert(userActions).values({ userId: client.id, actionId: DOWNLOAD_VIDEO_ACTION, active: true });
    await seedLocations(tx, { clients: created, places: await seedReference(tx), passwordHash });
    await seedPeople(tx, { clients: created, passwordHash });
    await seedCampaigns(tx, created);
    await seedBanks(tx);
    await seedQuestionnaires(tx);
    await seedProjects(tx);
    await seedMoves(tx);
    await seedStatistics(tx);
    await datePublications(tx);
    await seedPayments(tx);
    await seedPush(tx);
  });
  return true;
}
