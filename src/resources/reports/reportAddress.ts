/**
 * The report in the address: `/reports?project=12&location=40&from=2026-01-01&to=2026-03-31&page=2&perPage=25&sort=result&order=DESC`
 * (and `client=` for the administrator). A reload, the browser's Back and Forward and a copied link open
 * the same report. Page, page size and order use the names react-admin's lists use; each value is read
 * as the API reads it (an id as `id`, a date as `dateValue`), and one that is not one is left out, so
 * its default takes its place. Only the report asked for is written, not what is being typed.
 */
import {
  projectReportDates,
  REPORT_DEFAULT_PAGE_SIZE,
  REPORT_DEFAULT_SORT,
  REPORT_PAGE_SIZES,
  type ReportFilterInput,
  type ReportOptions,
  reportSortOfChoice,
  type ReportSortOrder,
} from '../../../domain/reports';
import { dateValue, formatDisplayDate, isIdValue, monthStartIso, todayIso } from '../../../domain/validation';
import type { ReportFilter } from './excel';

export interface ReportAddress {
  /** The administrator's client (the others' comes from their session). */
  client?: number;
  project?: number;
  location?: number;
  /** ISO days. */
  from?: string;
  to?: string;
  /** The address named two days, the end before the start: dropped for the defaults, and said. */
  reversedDates?: true;
  page: number;
  perPage: number;
  sort: ReportSortOrder;
}

/** The last page the API can reach at the largest page size (its offset goes up to 10,000,000). */
const MAX_PAGE = 100_000;

const idOf = (value: string | null): number | undefined => (value !== null && isIdValue(value) ? Number(value) : undefined);

const dayOf = (value: string | null): string | undefined => {
  if (value === null) return undefined;
  const parsed = dateValue.safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

/** The address's query string (with or without its '?') as the report it names; what is not valid is left out. */
export function readReportAddress(search: string | URLSearchParams): ReportAddress {
  const params = new URLSearchParams(search);
  let from = dayOf(params.get('from'));
  let to = dayOf(params.get('to'));
  // A range that ends before it starts is no range: both dates take their defaults (and the page says why).
  const reversed = from !== undefined && to !== undefined && to < from;
  if (reversed) from = to = undefined;
  const page = params.get('page');
  const perPage = Number(params.get('perPage'));
  const sort = params.get('sort');
  return {
    client: idOf(params.get('client')),
    project: idOf(params.get('project')),
    location: idOf(params.get('location')),
    from,
    to,
    ...(reversed ? { reversedDates: true as const } : {}),
    page: page !== null && /^\d{1,6}$/.test(page) && Number(page) >= 1 && Number(page) <= MAX_PAGE ? Number(page) : 1,
    perPage: (REPORT_PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : REPORT_DEFAULT_PAGE_SIZE,
    sort: sort === null ? REPORT_DEFAULT_SORT : reportSortOfChoice(`${sort}:${params.get('order') ?? 'ASC'}`),
  };
}

/** The query string (without '?') of a report; the defaults (page 1, 10 rows, newest visit first) are left out. */
export function writeReportAddress(address: ReportAddress): string {
  const params = new URLSearchParams();
  const { client, project, location, from, to, page, perPage, sort } = address;
  if (client !== undefined) params.set('client', String(client));
  if (project !== undefined) params.set('project', String(project));
  if (location !== undefined) params.set('location', String(location));
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  if (page !== 1) params.set('page', String(page));
  if (perPage !== REPORT_DEFAULT_PAGE_SIZE) params.set('perPage', String(perPage));
  if (sort.field !== REPORT_DEFAULT_SORT.field || sort.order !== REPORT_DEFAULT_SORT.order) {
    params.set('sort', sort.field);
    params.set('order', sort.order);
  }
  return params.toString();
}

/** The report the address asks for, when it names its project and both dates; null otherwise. */
export function reportOfAddress(address: ReportAddress): ReportFilter | null {
  const { client, project, location, from, to } = address;
  if (project === undefined || !from || !to) return null;
  return {
    ...(client !== undefined ? { clientId: client } : {}),
    projectId: project,
    ...(location !== undefined ? { clientLocationId: location } : {}),
    fromDate: from,
    toDate: to,
  };
}

/** The address of a report asked for from the filters: its first page, with the page size and order in use. */
export function addressOfReport(filter: ReportFilter, current: ReportAddress): ReportAddress {
  return {
    client: filter.clientId,
    project: filter.projectId,
    location: filter.clientLocationId,
    from: filter.fromDate,
    to: filter.toDate,
    page: 1,
    perPage: current.perPage,
    sort: current.sort,
  };
}

/**
 * What the filters show for an address: its project and point of sale if they are among the user's; its
 * dates, else the project's run so far (the dashboard's 'Mis Reportes' names only the project), else the
 * last three months.
 */
export function filtersOfAddress(address: ReportAddress, options: Pick<ReportOptions, 'projects' | 'locations'>, today: string = todayIso()): ReportFilterInput {
  const project = options.projects.find((p) => p.id === address.project);
  const location = options.locations.find((l) => l.id === address.location);
  const dates = address.from && address.to ? { from: address.from, to: address.to } : project && projectReportDates(project, today);
  return {
    projectId: project?.id ?? null,
    locationId: location?.id ?? null,
    fromDate: formatDisplayDate(dates ? dates.from : monthStartIso(today, -3)),
    toDate: formatDisplayDate(dates ? dates.to : today),
  };
}
