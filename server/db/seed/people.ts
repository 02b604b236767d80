/** Demo people: staff for every staff role, quality agents, Getters and each client's own users. */
import { ROLE, type RoleId } from '../../../domain/roles';
import type { Tx } from '../client';
import { userActions, users } from '../schema';

/** One login per staff role that the README's logins do not cover (all with the demo password). */
export const STAFF_LOGINS: { email: string; role: RoleId; names: string; lastName: string }[] = [
  { email: 'lider.campo@campo.test', role: ROLE.FIELD_LEADER, names: 'Lucía', lastName: 'Fernández' },
  { email: 'lider.agentes@campo.test', role: ROLE.AGENT_LEADER, names: 'Martín', lastName: 'Acosta' },
  { email: 'agente@campo.test', role: ROLE.AGENT, names: 'Valeria', lastName: 'Sosa' },
  { email: 'administracion@campo.test', role: ROLE.ADMINISTRATION, names: 'Diego', lastName: 'Benítez' },
  { email: 'analista@campo.test', role: ROLE.ANALYST_ADMINISTRATION, names: 'Florencia', lastName: 'Medina' },
  { email: 'comercial@campo.test', role: ROLE.COMMERCIAL, names: 'Santiago', lastName: 'Herrera' },
  { email: 'getter.master@campo.test', role: ROLE.GETTER_MASTER, names: 'Camila', lastName: 'Ríos' },
  { email: 'cuentas@campo.test', role: ROLE.ACCOUNTS, names: 'Julián', lastName: 'Domínguez' },
  { email: 'operaciones2@campo.test', role: ROLE.OPERATIONS, names: 'Paula', lastName: 'Giménez' },
  // Admins who review moves as quality agents.
  { email: 'calidad1@campo.test', role: ROLE.ADMIN, names: 'Rodrigo', lastName: 'Castro' },
  { email: 'calidad2@campo.test', role: ROLE.ADMIN, names: 'Agustina', lastName: 'Molina' },
];

/** Getters (role 7) are the mobile auditors: they do not use the console, but moves name them. */
const GETTERS = [
  'Juan Pérez', 'María González', 'Carlos Rodríguez', 'Sofía López', 'Matías Martínez', 'Lucía García',
  'Nicolás Romero', 'Valentina Díaz', 'Tomás Álvarez', 'Micaela Torres', 'Facundo Ruiz', 'Julieta Ramírez',
  'Gonzalo Flores', 'Antonella Aguirre', 'Federico Pereyra', 'Rocío Gutiérrez', 'Ezequiel Ojeda', 'Milagros Vega',
  'Leandro Cabrera', 'Brenda Suárez',
];

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.');

/** An Argentine mobile in the spec's form: area code without 0, number without 15. */
const mobile = (i: number) => `11${String(40000000 + i * 7919).slice(0, 8)}`;

/** Client-side users of each client: the account's contact (role 5, may download mystery videos). */
const CLIENT_CONTACTS = ['Laura Ibáñez', 'Hernán Quiroga', 'Natalia Paz', 'Sebastián Luna', 'Carolina Ferreyra'];

export async function seedPeople(tx: Tx, { clients, passwordHash }: { clients: { id: number; name: string }[]; passwordHash: string }): Promise<void> {
  await tx.insert(users).values([
    ...STAFF_LOGINS.map((u, i) => ({ email: u.email, names: u.names, lastName: u.lastName, rolId: u.role, primaryPhone: mobile(i), passwordHash })),
    ...GETTERS.map((name, i) => {
      const [names, lastName] = name.split(' ');
      return {
        email: `${slug(name)}@getters.campo.test`,
        names,
        lastName,
        rolId: ROLE.GETTER,
        primaryPhone: mobile(100 + i),
        sendWhatsappNotification: i % 3 !== 0,
        // Two Getters left the platform.
        status: i < GETTERS.length - 2,
        passwordHash,
      };
    }),
  ]);
  const contacts = await tx
    .insert(users)
    .values(
      clients.map((client, i) => {
        const [names, lastName] = CLIENT_CONTACTS[i % CLIENT_CONTACTS.length].split(' ');
        return {
          email: `contacto@${slug(client.name)}.campo.test`,
          names,
          lastName,
          rolId: ROLE.CLIENT,
          clientId: client.id,
          primaryPhone: mobile(200 + i),
          sendWhatsappNotification: true,
          linkSurveyMonkey: i % 2 === 0 ? 'https://encuestas.campo.test/satisfaccion' : null,
          passwordHash,
        };
      }),
    )
    .returning({ id: users.id });
  await tx.insert(userActions).values(contacts.map((c, i) => ({ userId: c.id, actionId: 1, active: i % 2 === 0 })));
}
