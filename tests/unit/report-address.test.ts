import { describe, expect, it } from 'vitest';
import { REPORT_DEFAULT_PAGE_SIZE, REPORT_DEFAULT_SORT } from '../../domain/reports';
import { addressOfReport, filtersOfAddress, readReportAddress, reportOfAddress, writeReportAddress } from '../../src/resources/reports/reportAddress';

const DEFAULTS = { page: 1, perPage: REPORT_DEFAULT_PAGE_SIZE, sort: REPORT_DEFAULT_SORT };

describe('the performance report in the address', () => {
  it('reads a report written in it, and writes it back the same', () => {
    const search = 'project=12&location=40&from=2026-01-01&to=2026-03-31&page=3&perPage=25&sort=result&order=ASC';
    const address = readReportAddress(`?${search}`);
    expect(address).toEqual({ client: undefined, project: 12, location: 40, from: '2026-01-01', to: '2026-03-31', page: 3, perPage: 25, sort: { field: 'result', order: 'ASC' } });
    expect(writeReportAddress(address)).toBe(search);
    expect(reportOfAddress(address)).toEqual({ projectId: 12, clientLocationId: 40, fromDate: '2026-01-01', toDate: '2026-03-31' });
  });

  it('leaves the defaults out of what it writes: page 1, 10 rows, newest visit first', () => {
    expect(writeReportAddress({ project: 7, from: '2026-02-01', to: '2026-02-28', ...DEFAULTS })).toBe('project=7&from=2026-02-01&to=2026-02-28');
    expect(writeReportAddress({ ...DEFAULTS })).toBe('');
    expect(readReportAddress('')).toEqual({ client: undefined, project: undefined, location: undefined, from: undefined, to: undefined, ...DEFAULTS });
  });

  it('keeps the administrator\'s client, and names it in the report', () => {
    const address = readReportAddress('client=3&project=12&from=2026-01-01&to=2026-01-31');
    expect(address.client).toBe(3);
    expect(reportOfAddress(address)).toEqual({ clientId: 3, projectId: 12, fromDate: '2026-01-01', toDate: '2026-01-31' });
    expect(writeReportAddress(address)).toBe('client=3&project=12&from=2026-01-01&to=2026-01-31');
  });

  it('asks for no report until the address names the project and both dates', () => {
    // The dashboard's 'Mis Reportes' names only the project: the filters open on it, nothing is asked yet.
    expect(reportOfAddress(readReportAddress('project=12'))).toBeNull();
    expect(reportOfAddress(readReportAddress('project=12&from=2026-01-01'))).toBeNull();
    expect(reportOfAddress(readReportAddress('from=2026-01-01&to=2026-01-31'))).toBeNull();
  });

  it('ignores what is not a valid value, so that its default takes its place', () => {
    for (const bad of ['abc', '0', '-4', '1.5', '1e3', '0x10', ' 12 ', '', '99999999999']) {
      const address = readReportAddress(new URLSearchParams({ project: bad, location: bad, client: bad, page: bad }));
      expect(address, bad).toMatchObject({ project: undefined, location: undefined, client: undefined, page: 1 });
    }
    for (const bad of ['2026-02-31', '2026-13-01', 'ayer', '2026-1-5', '']) {
      expect(readReportAddress(new URLSearchParams({ project: '12', from: bad, to: '2026-03-01' })), bad).toMatchObject({ project: 12, from: undefined, to: '2026-03-01' });
    }
    expect(readReportAddress('perPage=7&sort=project&order=ASC')).toMatchObject({ perPage: REPORT_DEFAULT_PAGE_SIZE, sort: REPORT_DEFAULT_SORT });
    expect(readReportAddress('sort=code&order=sideways').sort).toEqual(REPORT_DEFAULT_SORT);
    // A sort without its order starts ascending, as a header's first click does.
    expect(readReportAddress('sort=code').sort).toEqual({ field: 'code', order: 'ASC' });
    expect(readReportAddress('page=100001').page).toBe(1);
  });

  it('drops a range that ends before it starts', () => {
    const reversed = readReportAddress('project=12&from=2026-03-01&to=2026-02-01');
    expect(reversed).toMatchObject({ from: undefined, to: undefined, reversedDates: true });
    // Said once: the address written back has neither the dates nor the flag.
    expect(writeReportAddress(reversed)).toBe('project=12');
    expect(readReportAddress('project=12&from=2026-03-01&to=2026-03-01')).toMatchObject({ from: '2026-03-01', to: '2026-03-01' });
    expect(readReportAddress('project=12&from=2026-03-01&to=2026-03-01').reversedDates).toBeUndefined();
    // A day that is none is not a reversed range: it is left out without a word, as any value that is none.
    expect(readReportAddress('project=12&from=2026-03-01&to=ayer').reversedDates).toBeUndefined();
  });

  it('writes a report asked for from the filters on its first page, with the page size and order in use', () => {
    const current = { project: 1, from: '2025-01-01', to: '2025-12-31', page: 4, perPage: 50, sort: { field: 'code', order: 'DESC' } as const };
    const next = addressOfReport({ projectId: 2, fromDate: '2026-01-01', toDate: '2026-01-31' }, current);
    expect(writeReportAddress(next)).toBe('project=2&from=2026-01-01&to=2026-01-31&perPage=50&sort=code&order=DESC');
  });
});

describe('the report\'s filters as the address opens them', () => {
  const options = {
    projects: [
      { id: 12, name: 'Programa', startDate: '2025-06-10T00:00:00.000Z', endDate: '2026-12-31T00:00:00.000Z' },
      { id: 13, name: 'Próxima temporada', startDate: '2027-01-01T00:00:00.000Z', endDate: '2027-12-31T00:00:00.000Z' },
    ],
    locations: [{ id: 40, code: 'L40', clientLocationId: null, fullName: 'Palermo' }],
  };
  const today = '2026-05-14';

  it('shows the address\'s project, point of sale and dates', () => {
    expect(filtersOfAddress(readReportAddress('project=12&location=40&from=2026-01-01&to=2026-03-31'), options, today)).toEqual({
      projectId: 12,
      locationId: 40,
      fromDate: '01/01/2026',
      toDate: '31/03/2026',
    });
  });

  it("takes the project's run so far without dates, and the last three months without a project", () => {
    expect(filtersOfAddress(readReportAddress('project=12'), options, today)).toEqual({ projectId: 12, locationId: null, fromDate: '10/06/2025', toDate: '14/05/2026' });
    expect(filtersOfAddress(readReportAddress(''), options, today)).toEqual({ projectId: null, locationId: null, fromDate: '01/02/2026', toDate: '14/05/2026' });
    // A project yet to start has no run: the last three months.
    expect(filtersOfAddress(readReportAddress('project=13'), options, today)).toMatchObject({ projectId: 13, fromDate: '01/02/2026' });
  });

  it('chooses no project or point of sale that is not among the user\'s', () => {
    expect(filtersOfAddress(readReportAddress('project=99&location=41&from=2026-01-01&to=2026-01-31'), options, today)).toEqual({
      projectId: null,
      locationId: null,
      fromDate: '01/01/2026',
      toDate: '31/01/2026',
    });
  });
});
