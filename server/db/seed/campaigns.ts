/** Demo campaigns: for every client, one ended, one running and one to come; one disabled. */
import { addDaysIso, todayIso } from '../../../domain/validation';
import type { Tx } from '../client';
import { campaigns } from '../schema';

/** `iso` moved by whole months, on the first of the month (stable whatever the day of seeding). */
function monthStart(iso: string, months: number): string {
  const [year, month] = iso.split('-').map(Number);
  const d = new Date(Date.UTC(year, month - 1 + months, 1));
  return d.toISOString().slice(0, 10);
}

export async function seedCampaigns(tx: Tx, clients: { id: number; name: string }[]): Promise<void> {
  const today = todayIso();
  const rows = clients.flatMap((client, i) => [
    { name: `Relevamiento ${client.name} - ciclo anterior`, clientId: client.id, startDate: monthStart(today, -8), endDate: addDaysIso(monthStart(today, -2), -1) },
    { name: `Mystery shopping ${client.name} - en curso`, clientId: client.id, startDate: monthStart(today, -1), endDate: addDaysIso(monthStart(today, 4), -1) },
    {
      name: `Auditoría ${client.name} - próxima temporada`,
      clientId: client.id,
      startDate: monthStart(today, 2),
      endDate: addDaysIso(monthStart(today, 8), -1),
      deletedAt: i === 1 ? new Date() : null,
    },
  ]);
  await tx.insert(campaigns).values(rows);
}
