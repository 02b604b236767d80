/** The campaign rules: required fields, dates as typed or ISO, no past dates, end not before start. */
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_TEXT, campaignEditSchema, campaignSchema, campaignState, campaignUpdateSchema, dateIssues } from '../../domain/campaigns';
import { dateValue, fieldErrors, isoInDays as inDays, MSG, todayIso } from '../../domain/validation';

const typed = (iso: string) => iso.split('-').reverse().join('/');
const errorsOf = (result: { success: boolean; error?: unknown }) => (result.success ? {} : fieldErrors(result.error as never));
const campaign = (overrides: Record<string, unknown> = {}) => ({ name: 'Invierno', clientId: 4, startDate: typed(inDays(1)), endDate: typed(inDays(30)), ...overrides });

describe('the campaign form', () => {
  it('turns DD/MM/YYYY into ISO and takes ISO as well', () => {
    expect(campaignSchema.parse(campaign())).toEqual({ name: 'Invierno', clientId: 4, startDate: inDays(1), endDate: inDays(30) });
    expect(campaignSchema.parse(campaign({ startDate: inDays(2), clientId: '4' }))).toMatchObject({ startDate: inDays(2), clientId: 4 });
  });

  it('requires every field', () => {
    expect(errorsOf(campaignSchema.safeParse({ name: '', clientId: null, startDate: '', endDate: ' ' }))).toEqual({
      name: MSG.required,
      clientId: MSG.required,
      startDate: MSG.required,
      endDate: MSG.required,
    });
  });

  it('gives the date picker messages for bad dates', () => {
    expect(dateValue.safeParse('31/02/2027').error?.issues[0].message).toBe(MSG.dateValid);
    expect(dateValue.safeParse('2027-13-01').error?.issues[0].message).toBe(MSG.dateValid);
    expect(dateValue.safeParse('2027/01/01').error?.issues[0].message).toBe(MSG.dateFormat);
    expect(dateValue.safeParse('01/01/2200').error?.issues[0].message).toBe(MSG.yearRange);
  });

  it('refuses past dates on create, today included as valid', () => {
    expect(errorsOf(campaignSchema.safeParse(campaign({ startDate: typed(inDays(-1)) })))).toEqual({ startDate: CAMPAIGN_TEXT.pastDate });
    expect(campaignSchema.safeParse(campaign({ startDate: typed(todayIso()), endDate: typed(todayIso()) })).success).toBe(true);
  });

  it('refuses a past start as soon as it is typed, before the end date is', () => {
    expect(errorsOf(campaignSchema.safeParse(campaign({ startDate: typed(inDays(-1)), endDate: '' })))).toEqual({
      startDate: CAMPAIGN_TEXT.pastDate,
      endDate: MSG.required,
    });
    expect(errorsOf(campaignSchema.safeParse(campaign({ startDate: '', endDate: typed(inDays(-2)) })))).toEqual({
      startDate: MSG.required,
      endDate: CAMPAIGN_TEXT.pastDate,
    });
  });

  it('refuses an end before the start, even while the name is missing', () => {
    expect(errorsOf(campaignSchema.safeParse(campaign({ name: '', startDate: typed(inDays(10)), endDate: typed(inDays(9)) })))).toEqual({
      name: MSG.required,
      endDate: CAMPAIGN_TEXT.endBeforeStart,
    });
  });

  it('on edit, keeps a past date left as it was but refuses one moved into the past', () => {
    const original = { startDate: inDays(-30), endDate: inDays(30) };
    const edit = campaignEditSchema(original);
    expect(edit.safeParse(campaign({ startDate: typed(original.startDate), endDate: typed(inDays(60)) })).success).toBe(true);
    expect(errorsOf(edit.safeParse(campaign({ startDate: typed(inDays(-31)), endDate: typed(original.endDate) })))).toEqual({ startDate: CAMPAIGN_TEXT.pastDate });
    expect(dateIssues({ startDate: '2026-01-10', endDate: '2026-01-09' }, { startDate: '2026-01-10', endDate: '2026-01-09' }, '2026-06-01')).toEqual([
      { path: 'endDate', message: CAMPAIGN_TEXT.endBeforeStart },
    ]);
  });
});

describe('PUT /campaigns bodies', () => {
  it('reads id and deletedAt null alone as "enable it again"', () => {
    expect(campaignUpdateSchema.parse({ id: 3, deletedAt: null })).toEqual({ id: 3, deletedAt: null });
    expect(fieldErrors(campaignUpdateSchema.safeParse({ id: 3, deletedAt: 'ayer' }).error!)).toEqual({ deletedAt: CAMPAIGN_TEXT.onlyNull });
  });

  it('reads any other body as an edit with its field errors', () => {
    expect(campaignUpdateSchema.parse({ id: 3, ...campaign() })).toMatchObject({ id: 3, startDate: inDays(1) });
    expect(fieldErrors(campaignUpdateSchema.safeParse({ id: 3, name: 'x' }).error!)).toMatchObject({ clientId: MSG.required, startDate: MSG.required });
  });

  it('tells an enabled campaign from a disabled one', () => {
    expect(campaignState({ deletedAt: null })).toBe('Activa');
    expect(campaignState({ deletedAt: '2026-01-01T00:00:00Z' })).toBe('Inactiva');
  });
});
