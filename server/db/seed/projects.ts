/**
 * Demo projects: for each active client, one in its ended campaign, one running, one that ended a few
 * days ago inside the running campaign (to extend) and one to come; each on the client's active
 * locations with visit ranges and their visits, published. The moves' seed takes some of them.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { VisitRange } from '../../../domain/projectVisits';
import { addDaysIso as addDays, todayIso } from '../../../domain/validation';
import { addLocations, addRangesAndVisits } from '../../services/projects/write';
import type { Tx } from '../client';
import { campaigns, clients, guidelines, locations, moveConfigurations, projects, projectUpdateLogs, questionnaires, users } from '../schema';

const DAY = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);

/** Two halves of [start, end] with `visits` visits each (one range when the span is short). */
function halves(start: string, end: string, visits: number): VisitRange[] {
  const span = daysBetween(start, end);
  if (span < 20) return [{ from: start, to: end, visits }];
  const mid = addDays(start, Math.floor(span / 2));
  return [
    { from: start, to: mid, visits },
    { from: addDays(mid, 1), to: end, visits },
  ];
}

/** What each demo client's projects use: a questionnaire, a guideline, move configurations and a product. */
const PLANS: Record<string, { questionnaire: string; guideline: string; move: string; altMove: string; product: string; alternative: string | null; prefix: string }> = {
  'Café del Plata': {
    questionnaire: 'Visita a cafetería',
    guideline: 'Cliente incógnito en cafetería',
    move: 'Visita estándar',
    altMove: 'Compra con reintegro',
    product: 'Café con leche mediano y medialuna',
    alternative: 'Cortado y tostado',
    prefix: 'Relevamiento de locales',
  },
  'Supermercados Andinos': {
    questionnaire: 'Control de góndolas en supermercado',
    guideline: 'Control de góndolas en supermercado',
    move: 'Visita estándar',
    altMove: 'Compra con reintegro',
    product: 'Yerba mate 1 kg',
    alternative: 'Aceite de girasol 1,5 l',
    prefix: 'Góndolas',
  },
  'Banco Federal del Sur': {
    questionnaire: 'Experiencia en sucursal bancaria',
    guideline: 'Apertura de cuenta en sucursal bancaria',
    move: 'Visita estándar',
    altMove: 'Llamado telefónico',
    product: 'Caja de ahorro en pesos',
    alternative: 'Tarjeta de crédito',
    prefix: 'Atención en sucursales',
  },
  'Automotores Pampa': {
    questionnaire: 'Experiencia en sucursal bancaria',
    guideline: 'Prueba de manejo en concesionaria',
    move: 'Visita estándar',
    altMove: 'Llamado telefónico',
    product: 'Consulta por vehículo 0 km',
    alternative: null,
    prefix: 'Salón de ventas',
  },
};

const PRICES: Record<string, string | null> = { 'Visita estándar': '4500.00', 'Compra con reintegro': '6200.50', 'Llamado telefónico': null };

export async function seedProjects(tx: Tx): Promise<void> {
  const today = todayIso();
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'admin@campo.test'));
  const [operations] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'operaciones@campo.test'));
  const moves = await tx.select({ id: moveConfigurations.id, name: moveConfigurations.name }).from(moveConfigurations);
  const forms = await tx.select({ id: questionnaires.id, name: questionnaires.name }).from(questionnaires);
  // The latest version of each guideline (the current one, or the last that was valid).
  const versions = await tx.select({ id: guidelines.id, name: guidelines.name }).from(guidelines).orderBy(asc(guidelines.version));
  const byName = <T extends { id: number; name: string }>(rows: T[], name: string) => {
    const found = rows.filter((r) => r.name === name).at(-1);
    if (!found) throw new Error(`Demo projects: "${name}" is missing`);
    return found.id;
  };
  const demoClients = await tx.select({ id: clients.id, name: clients.name }).from(clients).where(inArray(clients.name, Object.keys(PLANS))).orderBy(asc(clients.id));

  for (const [index, client] of demoClients.entries()) {
    const plan = PLANS[client.name];
    // The three campaigns of the campaigns' seed, by their names.
    const own = await tx.select().from(campaigns).where(eq(campaigns.clientId, client.id));
    const campaign = (name: string) => {
      const found = own.find((c) => c.name === name);
      if (!found) throw new Error(`Demo projects: campaign "${name}" is missing`);
      return found;
    };
    const ended = campaign(`Relevamiento ${client.name} - ciclo anterior`);
    const running = campaign(`Mystery shopping ${client.name} - en curso`);
    const coming = campaign(`Auditoría ${client.name} - próxima temporada`);
    const active = await tx
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.clientId, client.id), eq(locations.status, true)))
      .orderBy(asc(locations.id));
    const ids = active.map((l) => l.id);
    const shared = {
      clientId: client.id,
      questionnaireId: byName(forms, plan.questionnaire),
      guidelineId: byName(versions, plan.guideline),
      mandatoryProduct: plan.product,
      alternativeProduct: plan.alternative,
      createdBy: index % 2 === 0 ? admin.id : operations.id,
    };
    const withMove = (name: string) => ({ moveConfigurationId: byName(moves, name), price: PRICES[name], audioAttachment: name !== 'Compra con reintegro' });
    const demo: { name: string; campaignId: number; start: string; end: string; move: string; ranges: VisitRange[]; locations: number[]; remote?: boolean; auto?: boolean }[] = [
      { name: `${plan.prefix} - ciclo anterior`, campaignId: ended.id, start: ended.startDate, end: ended.endDate, move: plan.move, ranges: halves(ended.startDate, ended.endDate, 2), locations: ids },
      {
        name: index === 0 ? `${plan.prefix} ${today.slice(0, 4)}` : `${plan.prefix} - en curso`,
        campaignId: running.id,
        start: running.startDate,
        end: running.endDate,
        move: plan.move,
        ranges: halves(running.startDate, running.endDate, 2),
        locations: ids,
        auto: index === 0,
      },
      // Ended two days ago while its campaign runs: it can be extended (with a reason).
      {
        name: `${plan.prefix} - operativo especial`,
        campaignId: running.id,
        start: running.startDate,
        end: addDays(today, -2),
        move: plan.altMove,
        ranges: [{ from: running.startDate, to: addDays(today, -2), visits: 3 }],
        locations: ids.slice(0, 4),
        remote: plan.altMove === 'Llamado telefónico',
      },
    ];
    if (!coming.deletedAt) {
      demo.push({ name: `${plan.prefix} - próxima temporada`, campaignId: coming.id, start: coming.startDate, end: coming.endDate, move: plan.move, ranges: halves(coming.startDate, coming.endDate, 1), locations: ids.slice(0, 3) });
    }
    for (const p of demo) {
      const [row] = await tx
        .insert(projects)
        .values({
          ...shared,
          ...withMove(p.move),
          name: p.name,
          campaignId: p.campaignId,
          startDate: p.start,
          endDate: p.end,
          campoRemote: p.remote ?? false,
          autoApprovalRequired: p.auto ?? false,
        })
        .returning({ id: projects.id });
      await addLocations(tx, row.id, client.id, p.locations);
      await addRangesAndVisits(tx, row.id, p.ranges);
    }
  }
  await seedExtension(tx, operations.id);
}

/** One running project was extended once already: its form shows the reason given. */
async function seedExtension(tx: Tx, userId: number): Promise<void> {
  const [project] = await tx
    .select({ id: projects.id, endDate: projects.endDate })
    .from(projects)
    .where(and(eq(projects.name, 'Atención en sucursales - en curso'), isNull(projects.updateReason)));
  if (!project) return;
  const reason = 'Se extendió por los feriados largos: varias sucursales atendieron con horario reducido.';
  await tx.insert(projectUpdateLogs).values({
    projectId: project.id,
    userId,
    oldExpirationDate: addDays(project.endDate, -15),
    newExpirationDate: project.endDate,
    updateReason: reason,
    createdAt: new Date(Date.now() - 3 * DAY),
  });
  await tx.update(projects).set({ updateReason: reason }).where(eq(projects.id, project.id));
}

