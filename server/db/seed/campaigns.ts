/** Demo campaigns: for every client, one ended, one running and one to come; one disabled. */
import { todayIso } from '../../../domain/validation';
import type { Tx } from '../client';
import { campaigns } from '../schema';

/** `iso` moved by whole months, on the first of the month (stable whatever the day of seeding). */
function monthStart(iso: string, months: number): string {
  const [year, month] = iso.split('-').map(Number);
  const d = new Date(Date.UTC(year, month - 1 + months, 1));
  return d.toISOString().slice(0, 10);
}
const dayBefore = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

export async function seedCampaigns(tx: Tx, clients: { id: number; name: string }[]): Promise<void> {
  const today = todayIso();
  const rows = clients.flatMap((client, i) => [
    { name: `Relevamiento ${client.name} - ciclo anterior`, clientId: client.id, startDate: monthStart(today, -8), endDate: dayBefore(monthStart(today, -2)) },
    { name: `Mystery shopping ${client.name} - en curso`, clientId: client.id, startDate: monthStart(today, -1), endDate: dayBefore(monthStart(today, 4)) },
    {
      name: `Auditoría ${client.name} - próxima temporada`,
      clientId: client.id,
      startDate: monthStart(today, 2),
      endDate: dayBefore(monthStart(today, 8)),
      deletedAt: i === 1 ? new Date() : null,
    },
  ]);
  await tx.insert(campaigns).values(rows);
}
