/** Demo campaigns: for every client, one ended, one running and one to come; one disabled. */
import { addDaysIso, monthStartIso as monthStart, todayIso } from '../../../domain/validation';
import type { Tx } from '../client';
import { campaigns } from '../schema';


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
