/**
 * Demo push notifications: FCM-like registration tokens for the active Getters (one or two
 * devices each) and a history of sends, one of them failed by a provider outage. Idempotent.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { ROLE } from '../../../domain/roles';
import type { Tx } from '../client';
import { deviceTokens, pushMessages, users } from '../schema';

const DAY = 24 * 3600 * 1000;

/** A token shaped like FCM's: an instance id, ':APA91b' and a long base64url tail. */
const fakeToken = (seed: string) => {
  const hash = (salt: string) => createHash('sha256').update(`${salt}:${seed}`).digest('base64url');
  return `${hash('id').slice(0, 22)}:APA91b${hash('a')}${hash('b')}${hash('c')}`.slice(0, 163);
};

/** Oldest first; `failed` sends neither arrived nor revoked a token. The totals follow the devices seeded. */
const HISTORY: { title: string; body: string; daysAgo: number; removed: number; failed: number; error?: string; by: string }[] = [
  { title: 'Nuevas moves disponibles', body: 'Hay nuevas moves publicadas en Córdoba y Rosario. Ingresá a la app para tomarlas antes de que se agoten.', daysAgo: 28, removed: 2, failed: 0, by: 'admin@campo.test' },
  { title: 'Pagos acreditados', body: 'Se acreditaron los pagos de las moves aprobadas hasta el viernes. Revisá tu cuenta.', daysAgo: 21, removed: 0, failed: 0, by: 'operaciones@campo.test' },
  { title: 'Actualizá la aplicación', body: 'Publicamos una nueva versión de la app con mejoras en la carga de fotos. Actualizala desde la tienda.', daysAgo: 14, removed: 0, failed: 0, error: 'FCM respondió 503 UNAVAILABLE', by: 'admin@campo.test' },
  { title: 'Actualizá la aplicación', body: 'Publicamos una nueva versión de la app con mejoras en la carga de fotos. Actualizala desde la tienda.', daysAgo: 14, removed: 1, failed: 0, by: 'admin@campo.test' },
  { title: 'Recordatorio de videos', body: 'Recordá subir el video completo de la visita: sin video la move no puede aprobarse.', daysAgo: 6, removed: 0, failed: 0, by: 'operaciones@campo.test' },
  { title: 'Campaña de invierno', body: 'Arranca la campaña de invierno en supermercados: más de 40 moves nuevas esta semana.', daysAgo: 2, removed: 0, failed: 2, by: 'admin@campo.test' },
];

export async function seedPush(tx: Tx, now = Date.now()): Promise<void> {
  const [existing] = await tx.select({ id: pushMessages.id }).from(pushMessages).limit(1);
  if (existing) return;
  const getters = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.rolId, ROLE.GETTER), eq(users.status, true)))
    .orderBy(asc(users.id));
  const tokens = getters.flatMap((g, i) =>
    Array.from({ length: i % 3 === 0 ? 2 : 1 }, (_, k) => ({
      userId: g.id,
      token: fakeToken(`${g.id}-${k}`),
      createdAt: new Date(now - (90 - i) * DAY),
      lastSeen: new Date(now - (i % 10) * DAY),
    })),
  );
  if (tokens.length) await tx.insert(deviceTokens).values(tokens).onConflictDoNothing({ target: deviceTokens.token });

  const senders = await tx.select({ id: users.id, email: users.email }).from(users);
  const idOf = (email: string) => senders.find((s) => s.email === email)?.id ?? null;
  // Each send reached the devices of its day: today's plus those revoked by later sends.
  const devicesAt = (i: number) => tokens.length + HISTORY.slice(i).reduce((n, m) => n + (m.error ? 0 : m.removed), 0);
  await tx.insert(pushMessages).values(
    HISTORY.map((m, i) => ({
      title: m.title,
      body: m.body,
      totalMessages: m.error ? 0 : devicesAt(i),
      successfulMessages: m.error ? 0 : devicesAt(i) - m.removed - m.failed,
      removedTokens: m.error ? 0 : m.removed,
      processedMessages: m.error ? 0 : devicesAt(i),
      failedMessages: m.error ? 0 : m.failed,
      status: m.error ? 'ERROR' : 'SENT',
      error: m.error ?? null,
      sentBy: idOf(m.by),
      createdAt: new Date(now - m.daysAgo * DAY + i * 60_000),
    })),
  );
}
